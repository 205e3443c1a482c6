/**
 * The icon chooser dialog (SPEC §2 Icon chooser: system icon or custom, upload, ok, cancel, delete):
 * tab "System icon" — Ant Design's icons in a searchable grid (arrow keys and Enter work through the
 * buttons); tab "Custom" — an image upload checked before sending (SPEC §5/§8 png/jpg/jpeg/gif ≤ 10M).
 * OK applies the chosen icon, Cancel keeps the old one, Delete clears it.
 */
import { useMemo, useState } from 'react';
import { App, Button, Empty, Input, Modal, Spin, Tabs, Upload } from 'antd';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkIconUpload, filterIconNames, ICON_ACCEPT, isFileIcon } from './check';
import IconView from './icon-view';
import { useIconSet } from './use-icon-set';

export interface IconChooserModalProps {
  open: boolean;
  value: string | undefined;
  /** Stores a custom image → the icon value (`file:<id>`); the custom tab is hidden without it. */
  upload?: ((file: File) => Promise<string>) | undefined;
  onOk: (value: string) => void;
  onCancel: () => void;
}

/** See the module docs. */
export default function IconChooserModal({ open, value, upload, onOk, onCancel }: IconChooserModalProps) {
  const { t } = useTranslation('iconchooser');
  const { message } = App.useApp();
  const set = useIconSet();
  const [picked, setPicked] = useState<string | undefined>(value);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<string>(isFileIcon(value) ? 'custom' : 'system');
  const names = useMemo(() => (set ? filterIconNames(set.ICON_NAMES, keyword) : []), [set, keyword]);

  const beforeUpload = (file: File) => {
    const problem = checkIconUpload(file);
    if (problem) {
      void message.error(t(problem));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const send = async (file: File) => {
    if (!upload) return;
    setBusy(true);
    try {
      setPicked(await upload(file));
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const system = (
    <div>
      <Input.Search
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {!set ? (
        <Spin tip={t('loading')}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : names.length === 0 ? (
        <Empty description={t('notFound')} />
      ) : (
        <div
          role="listbox"
          aria-label={t('system')}
          className="mp-icon-grid"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(44px, 1fr))', gap: 6, maxHeight: 320, overflowY: 'auto', padding: 2 }}
        >
          {names.map((n) => {
            const Icon = set.iconComponent(n)!;
            const selected = picked === n;
            return (
              <Button
                key={n}
                role="option"
                aria-selected={selected}
                aria-label={n}
                title={n}
                type={selected ? 'primary' : 'text'}
                onClick={() => setPicked(n)}
                onDoubleClick={() => onOk(n)}
                style={{ height: 40 }}
              >
                <Icon style={{ fontSize: 18 }} />
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );

  const custom = (
    <div>
      <Upload.Dragger
        accept={ICON_ACCEPT}
        showUploadList={false}
        disabled={busy}
        beforeUpload={beforeUpload}
        customRequest={({ file }) => void send(file as File)}
      >
        {busy ? (
          <Spin />
        ) : isFileIcon(picked) ? (
          <IconView value={picked} size={64} />
        ) : (
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
        )}
        <p>{t('upload')}</p>
        <p style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('uploadHint')}</p>
      </Upload.Dragger>
    </div>
  );

  return (
    <Modal
      open={open}
      title={t('title')}
      width={680}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="delete" danger icon={<DeleteOutlined />} disabled={!value && !picked} onClick={() => onOk('')}>
          {t('delete')}
        </Button>,
        <Button key="cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={() => (picked ? onOk(picked) : void message.warning(t('required')))}>
          {t('ok')}
        </Button>,
      ]}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8, minHeight: 24 }} aria-live="polite">
        {picked ? (
          <>
            <IconView value={picked} size={20} />
            <span>{isFileIcon(picked) ? t('custom') : picked}</span>
          </>
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('none')}</span>
        )}
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[{ key: 'system', label: t('system'), children: system }, ...(upload ? [{ key: 'custom', label: t('custom'), children: custom }] : [])]}
      />
    </Modal>
  );
}
