/**
 * Set administrator of a tenant (SPEC §2 "Tenant list with … set administrator"; §3 Identity 3): the
 * chosen users hold the tenant-admin identity for this tenant, those removed lose it. Users are searched
 * on the server among this tenant's users and the platform tenant's (`listtenantadmincandidate`); the
 * whole list is saved at once (`savetenantadmin`). A disabled tenant can still be configured (the
 * dialog says its administrators cannot sign in until it is enabled). SPEC §9 modal width 680.
 */
import { Alert, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Status, TENANT_ADMINS_MAX, TenantGrantCodes, type TenantRow } from '@mp/protocol';
import FormModal from '../../../../components/FormModal';
import UserPicker from '../../../../components/UserPicker';
import { listTenantAdminCandidates, listTenantAdmins, saveTenantAdmins } from '../../../../api/tenant-grants';

export interface AdminModalProps {
  tenant?: TenantRow;
  onClose: () => void;
}

/** See the module docs. */
export default function AdminModal({ tenant, onClose }: AdminModalProps) {
  const { t } = useTranslation(['tenant', 'common']);
  const open = Boolean(tenant);
  const current = useQuery({
    queryKey: ['tenant-admins', tenant?.id],
    queryFn: () => listTenantAdmins(tenant!.id),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const title = t('admins.title', { name: tenant?.name ?? '' });

  return (
    <FormModal<{ userIds: string[] }>
      open={open}
      mode="modify"
      titles={{ add: title, modify: title }}
      width="small"
      loading={current.isLoading}
      initialValues={current.data ? { userIds: current.data.map((u) => u.id) } : undefined}
      layout="vertical"
      fieldOfError={(scode) => (scode === TenantGrantCodes.ADMIN_USER_INVALID ? 'userIds' : undefined)}
      onClose={onClose}
      onSubmit={async (v) => {
        await saveTenantAdmins(tenant!.id, v.userIds ?? [], { noToast: true });
      }}
    >
      <Alert type="info" showIcon title={t('admins.intro')} style={{ marginBottom: 16 }} />
      {tenant?.status === Status.DISABLED && <Alert type="warning" showIcon title={t('admins.disabledTenant')} style={{ marginBottom: 16 }} />}
      <Form.Item name="userIds" label={t('admins.field')}>
        {tenant ? (
          <UserPicker
            search={(keyword) => listTenantAdminCandidates({ tenantId: tenant.id, keyword, page: 1, pageSize: 20 })}
            known={current.data}
            placeholder={t('admins.placeholder')}
            max={TENANT_ADMINS_MAX}
          />
        ) : (
          <span />
        )}
      </Form.Item>
    </FormModal>
  );
}
