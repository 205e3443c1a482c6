/**
 * The icon chooser as a controlled antd Form field (SPEC §2 Icon chooser; shared by the menu designer
 * and other designers): the value is an Ant Design icon name (`HomeOutlined`) or `file:<id>` of an
 * uploaded image ('' = none). Shows the current icon and a button opening the dialog (chooser-modal.tsx:
 * system icons searchable, custom upload, OK, Cancel, Delete).
 *
 * Usage: `<Form.Item name="icon" label={…}><IconChooser label={…} upload={(f) => …} /></Form.Item>`,
 * `upload` storing a custom image and answering its `file:<id>` value (omit it for system icons only).
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import IconView from './icon-view';

const IconChooserModal = lazy(() => import('./chooser-modal'));

export interface IconChooserProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Accessible name (the field label). */
  label: string;
  upload?: (file: File) => Promise<string>;
  id?: string;
  disabled?: boolean;
}

/** See the module docs. */
export default function IconChooser({ value, onChange, label, upload, id, disabled }: IconChooserProps) {
  const { t } = useTranslation('iconchooser');
  const [open, setOpen] = useState(false);
  return (
    <Space size={12} align="center">
      <span
        aria-hidden="true"
        style={{ display: 'inline-flex', width: 32, height: 32, alignItems: 'center', justifyContent: 'center', border: '1px dashed #d9d9d9', borderRadius: 6 }}
      >
        <IconView value={value} size={18} />
      </span>
      <Button id={id} disabled={disabled} onClick={() => setOpen(true)} aria-label={`${value ? t('change') : t('choose')} ${label}`}>
        {value ? t('change') : t('choose')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <IconChooserModal
            open={open}
            value={value}
            upload={upload}
            onCancel={() => setOpen(false)}
            onOk={(v) => {
              onChange?.(v);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}
