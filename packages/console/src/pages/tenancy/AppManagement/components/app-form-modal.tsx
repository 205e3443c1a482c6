/**
 * Modify an application tenant (SPEC §3 Application tenant; §8 'The application tenant code must consist
 * of letters and numbers'): the name (required, ≤ 50) and code (required, letters and digits, ≤ 20,
 * unique in the tenant) this tenant uses for the application. Rules come from APP_TENANT_RULES, the same
 * the server checks; server errors stay in the modal on their field.
 */
import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_TENANT_RULES, AppTenantCodes, type AppTenantRow } from '@mp/protocol';
import FormModal from '../../../../components/FormModal';
import { textRules, type Translate } from '../../../../components/FormModal/rules';
import { editAppTenant } from '../../../../api/apptenant';

export interface AppFormValues {
  name: string;
  code: string;
}

const FIELD_OF_ERROR: Record<string, keyof AppFormValues> = {
  [AppTenantCodes.CODE_PATTERN]: 'code',
  [AppTenantCodes.CODE_IN_USE]: 'code',
};

export default function AppFormModal({ row, onClose, onSaved }: { row?: AppTenantRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['apptenant', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const label = (k: keyof AppFormValues) => t(`field.${k}`);
  const initialValues = useMemo(() => (row ? { name: row.name, code: row.code } : {}), [row]);

  const save = async (v: AppFormValues) => {
    if (!row) return;
    await editAppTenant({ productId: row.productId, name: v.name.trim(), code: v.code.trim() }, { noToast: true });
    onSaved();
  };

  return (
    <FormModal<AppFormValues>
      open={!!row}
      mode="modify"
      titles={{ add: t('modifyTitle'), modify: t('modifyTitle') }}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      fieldOfError={(scode) => FIELD_OF_ERROR[scode]}
    >
      <Form.Item label={t('field.product')}>
        <Input value={row ? `${row.productName} (${row.productCode} ${row.version})` : ''} disabled />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={textRules(tr, label('name'), { required: true, max: APP_TENANT_RULES.name.max })}>
        <Input placeholder={t('placeholder.name')} maxLength={APP_TENANT_RULES.name.max} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="code"
        label={label('code')}
        rules={textRules(tr, label('code'), {
          required: true,
          max: APP_TENANT_RULES.code.max,
          pattern: APP_TENANT_RULES.code.pattern,
          patternMessage: t('codePattern'),
        })}
      >
        <Input placeholder={t('placeholder.code')} maxLength={APP_TENANT_RULES.code.max} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
