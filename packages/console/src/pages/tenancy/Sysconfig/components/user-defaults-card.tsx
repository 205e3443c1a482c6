/**
 * New-user defaults of the tenant (docs/tenant-members.md): the default validity in days that the
 * tenant's user add call applies when the form leaves the expiry date empty (1–36500; empty = none).
 * The range comes from TENANT_SETTINGS_RULES, the same the server checks.
 */
import { useEffect } from 'react';
import { App, Button, Card, Form, InputNumber, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TENANT_SETTINGS_RULES as R } from '@mp/protocol';
import { getTenantSettings, saveTenantSettings } from '../../../../api/tenantsettings';

export default function UserDefaultsCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation(['tenantsettings', 'common', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ userValidityDays: number | null }>();
  const key = ['tenantSettings', tenantId];
  const { data, isFetching } = useQuery({ queryKey: key, queryFn: () => getTenantSettings({ noToast: true }) });
  useEffect(() => {
    if (data) form.setFieldsValue({ userValidityDays: data.userValidityDays });
  }, [data, form]);

  const save = async (v: { userValidityDays: number | null }) => {
    try {
      queryClient.setQueryData(key, await saveTenantSettings({ userValidityDays: v.userValidityDays ?? 0 }));
      void message.success(t('saved'));
    } catch {
      /* shown by the client */
    }
  };
  const label = t('users.validityDays');
  return (
    <Card size="small" title={t('users.title')} loading={isFetching && !data}>
      <Typography.Paragraph type="secondary">{t('users.validityHelp')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(v) => void save(v)} name="tenant-user-defaults">
        <Form.Item
          name="userValidityDays"
          label={label}
          rules={[
            {
              type: 'integer',
              min: R.userValidityDays.min,
              max: R.userValidityDays.max,
              message: t('errors:tenantsettings.number_range', { field: label, min: R.userValidityDays.min, max: R.userValidityDays.max }),
            },
          ]}
        >
          <InputNumber aria-label={label} precision={0} style={{ width: 160 }} addonAfter={t('users.unit')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common:save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
