/**
 * The tenant's system configuration (SPEC §2 Tenant sysconfig; docs/tenant-members.md): what the
 * tenant's administrators set for their tenant and the server applies — defaults of new users (default
 * validity in days) and the tenant's organisation categories. Only the tenant's administrators may read
 * and change it (the calls are `{ tenant: 'admin' }`); anyone else sees a notice.
 */
import { Alert, Card, Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getTenantSettings } from '../../../api/tenantsettings';
import { useCurrentTenant } from '../../../stores/current-tenant';
import OrgCategoriesCard from './components/org-categories-card';
import UserDefaultsCard from './components/user-defaults-card';

export default function TenantSysconfig() {
  const { t } = useTranslation('tenantsettings');
  const tenant = useCurrentTenant();
  // the same query as the new-user card: a caller who is not the tenant's administrator is refused
  const probe = useQuery({
    queryKey: ['tenantSettings', tenant?.id ?? ''],
    queryFn: () => getTenantSettings({ noToast: true }),
    enabled: Boolean(tenant),
    retry: false,
  });
  if (!tenant || probe.isError)
    return (
      <Card variant="borderless" title={t('title')}>
        <Alert type="info" showIcon title={t('noAccess')} />
      </Card>
    );
  return (
    <Card variant="borderless" title={t('title')}>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={10}>
          <UserDefaultsCard tenantId={tenant.id} />
        </Col>
        <Col xs={24} xl={14}>
          <OrgCategoriesCard tenantId={tenant.id} />
        </Col>
      </Row>
    </Card>
  );
}
