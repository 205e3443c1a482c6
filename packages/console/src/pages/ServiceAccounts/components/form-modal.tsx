/**
 * New / Modify service account (docs/service-accounts.md): name, description, roles (at least one, from the
 * area's roles) and an optional expiry date. Rules from SERVICE_ACCOUNT_RULES (the server runs the same);
 * server errors stay in the modal on their field. On add, `onSaved` receives the secret, which the page
 * shows once.
 */
import { useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_ACCOUNT_RULES as R, ServiceAccountCodes, type ServiceAccountRow } from '@mp/protocol';
import FormModal, { type OpenMode } from '../../../components/FormModal';
import { textRules, type Translate } from '../../../components/FormModal/rules';
import type { ServiceAccountApi } from '../../../api/service-accounts';

interface Values {
  name: string;
  description?: string;
  roleIds: string[];
  expiresAt?: Dayjs | null;
}

const FIELD_OF_ERROR: Record<string, keyof Values> = {
  [ServiceAccountCodes.NAME_REQUIRED]: 'name',
  [ServiceAccountCodes.NAME_TOO_LONG]: 'name',
  [ServiceAccountCodes.DESCRIPTION_TOO_LONG]: 'description',
  [ServiceAccountCodes.ROLE_REQUIRED]: 'roleIds',
  [ServiceAccountCodes.ROLE_TOO_MANY]: 'roleIds',
  [ServiceAccountCodes.ROLE_UNKNOWN]: 'roleIds',
  [ServiceAccountCodes.EXPIRY_INVALID]: 'expiresAt',
};

export interface ServiceAccountFormProps {
  api: ServiceAccountApi;
  open: boolean;
  mode: OpenMode;
  row?: ServiceAccountRow;
  onClose: () => void;
  onSaved: (saved: { row: ServiceAccountRow; secret?: string }) => void;
}

export default function ServiceAccountFormModal({ api, open, mode, row, onClose, onSaved }: ServiceAccountFormProps) {
  const { t } = useTranslation(['serviceaccount', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const roles = useQuery({ queryKey: [api.key, 'roles'], queryFn: api.roles, enabled: open, staleTime: 30_000 });
  const modifying = mode === 'modify' && Boolean(row);
  const initialValues = useMemo<Partial<Values>>(
    () =>
      modifying && row
        ? { name: row.name, description: row.description, roleIds: row.roles.map((r) => r.id), expiresAt: row.expiresAt ? dayjs(row.expiresAt) : null }
        : { roleIds: [] },
    [modifying, row],
  );
  const options = useMemo(() => {
    const list = (roles.data ?? []).map((r) => ({ value: r.roleId, label: `${r.roleName} (${r.roleNo})` }));
    // roles the account holds but the list did not bring (another page, or no longer listed) stay choosable
    for (const held of row?.roles ?? []) if (!list.some((o) => o.value === held.id)) list.push({ value: held.id, label: held.name });
    return list;
  }, [roles.data, row]);
  const label = (f: string) => t(`field.${f}` as never) as unknown as string;

  const save = async (v: Values) => {
    const body = {
      name: v.name.trim(),
      description: v.description?.trim() ?? '',
      roleIds: v.roleIds ?? [],
      expiresAt: v.expiresAt ? v.expiresAt.format('YYYY-MM-DD') : null,
    };
    if (modifying && row) onSaved({ row: await api.edit({ id: row.id, ...body }, { noToast: true }) });
    else onSaved(await api.add(body, { noToast: true }));
  };

  return (
    <FormModal<Values>
      open={open}
      mode={mode}
      titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
      width="small"
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
      layout="vertical"
      formProps={{ requiredMark: true }}
    >
      <Form.Item name="name" label={label('name')} rules={textRules(tr, label('name'), { required: true, max: R.name.max })}>
        <Input placeholder={t('placeholder.name')} maxLength={R.name.max} showCount autoComplete="off" data-testid="sa-name" />
      </Form.Item>
      <Form.Item
        name="roleIds"
        label={label('roles')}
        extra={t('rolesHelp')}
        rules={[
          { required: true, type: 'array', min: R.roles.min, message: t('errors:serviceaccount.role_required') },
          { type: 'array', max: R.roles.max, message: t('errors:serviceaccount.role_too_many', { max: R.roles.max }) },
        ]}
      >
        <Select
          mode="multiple"
          options={options}
          loading={roles.isLoading}
          placeholder={t('placeholder.roles')}
          optionFilterProp="label"
          allowClear
          data-testid="sa-roles"
        />
      </Form.Item>
      <Form.Item name="expiresAt" label={label('expiresAt')} extra={t('expiresHelp')}>
        <DatePicker style={{ width: '100%' }} placeholder={t('placeholder.expiresAt')} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
      </Form.Item>
      <Form.Item name="description" label={label('description')} rules={textRules(tr, label('description'), { max: R.description.max })}>
        <Input.TextArea placeholder={t('placeholder.description')} maxLength={R.description.max} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
