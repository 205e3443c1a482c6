/**
 * The 'Edit App' dialog (SPEC §2 Mobile app menu list; New uses the same form): app name (required,
 * ≤ 50, unique in the application), list / normal / highlight icons (uploaded images through the files
 * module; the server accepts png/jpg/jpeg/gif only), enabled, sequence, description (≤ 200). Modify
 * loads the record fresh. Server errors stay in the modal, a name clash on the name field.
 */
import { useMemo } from 'react';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_MOBILE_MENU_ICONS, APP_MOBILE_MENU_RULES, AppMobileMenuCodes, type AppMobileMenuRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';
import ImageUpload from '../../../../components/ImageUpload';
import { addMobileMenu, editMobileMenu, getMobileMenu } from '../../../../api/app-mobile-menus';

interface Values {
  name: string;
  listIcon?: string;
  normalIcon?: string;
  highlightIcon?: string;
  enabled: boolean;
  sort?: number | null;
  description?: string;
}

export interface MobileMenuFormModalProps {
  open: boolean;
  mode: OpenMode;
  row?: AppMobileMenuRow;
  onClose: () => void;
  onSaved: (row: AppMobileMenuRow) => void;
}

export default function MobileMenuFormModal({ open, mode, row, onClose, onSaved }: MobileMenuFormModalProps) {
  const { t } = useTranslation(['appmobilemenu', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const modifying = mode === 'modify' && Boolean(row);
  const fresh = useQuery({ queryKey: ['appmobilemenu', row?.id], queryFn: () => getMobileMenu(row!.id), enabled: open && modifying, staleTime: 0, gcTime: 0 });
  const record = modifying ? fresh.data : undefined;
  const R = APP_MOBILE_MENU_RULES;
  const label = (f: string) => t(`field.${f}` as never) as unknown as string;

  const initialValues = useMemo<Partial<Values> | undefined>(() => {
    if (mode === 'add') return { enabled: true };
    return record
      ? {
          name: record.name,
          listIcon: record.listIcon || undefined,
          normalIcon: record.normalIcon || undefined,
          highlightIcon: record.highlightIcon || undefined,
          enabled: record.enabled === 1,
          sort: record.sort,
          description: record.description,
        }
      : undefined;
  }, [mode, record]);

  const save = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      listIcon: v.listIcon ?? '',
      normalIcon: v.normalIcon ?? '',
      highlightIcon: v.highlightIcon ?? '',
      enabled: (v.enabled ? 1 : 0) as 0 | 1,
      description: v.description?.trim() ?? '',
      ...(v.sort === null || v.sort === undefined ? {} : { sort: v.sort }),
    };
    onSaved(modifying && record ? await editMobileMenu({ id: record.id, ...body }, { noToast: true }) : await addMobileMenu(body, { noToast: true }));
  };

  return (
    <FormModal<Values>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      width="middle"
      initialValues={initialValues}
      loading={modifying && fresh.isLoading}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => (scode === AppMobileMenuCodes.NAME_IN_USE ? 'name' : undefined)}
      layout="vertical"
      formProps={{ requiredMark: true }}
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={label('name')} rules={textRules(tr, label('name'), { required: true, max: R.name.max })}>
            <Input maxLength={R.name.max} showCount autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
            <Switch aria-label={label('enabled')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="sort" label={label('sort')}>
            <InputNumber min={R.sort.min} max={R.sort.max} precision={0} style={{ width: '100%' }} aria-label={label('sort')} />
          </Form.Item>
        </Col>
        {APP_MOBILE_MENU_ICONS.map((k) => (
          <Col key={k} xs={24} md={8}>
            <Form.Item name={k} label={label(k)}>
              <ImageUpload label={label(k)} previewUrl={record?.[`${k}Url`] || undefined} hint={t('iconHint')} size={88} types={R.iconMimeTypes} />
            </Form.Item>
          </Col>
        ))}
        <Col span={24}>
          <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: R.description.max })}>
            <Input.TextArea maxLength={R.description.max} showCount autoSize={{ minRows: 3, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
