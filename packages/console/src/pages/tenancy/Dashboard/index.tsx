/**
 * The tenant area's dashboard (SPEC §2 Tenant → dashboard; issue 5 "Dashboard with the tenant's own
 * figures"): users (and enabled ones), organisations, positions, roles and authorised applications of
 * the current tenant, and its sign-ins over the last 7 days, from `GET plat/tenancy/dashboard`
 * (TENANTID names the tenant; docs/tenancy.md).
 */
import { ApartmentOutlined, AppstoreOutlined, CheckCircleOutlined, IdcardOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TenantDashboardSummary } from '@mp/protocol';
import DashboardView from '../../../components/DashboardView';
import { getTenantDashboardSummary } from '../../../api/dashboard';
import { useConfigStore } from '../../../stores/config';

export default function TenantDashboard() {
  const { t } = useTranslation('dashboard');
  const tenantId = useConfigStore((s) => s.hash.tenantId);
  return (
    <DashboardView<TenantDashboardSummary>
      queryKey={['dashboard', 'tenant', tenantId]}
      fetchSummary={() => getTenantDashboardSummary()}
      subtitle={t('tenantSubtitle')}
      items={(d) => [
        { key: 'users', title: t('users'), value: d?.users, icon: <TeamOutlined />, color: '#722ed1' },
        { key: 'enabledUsers', title: t('enabledUsers'), value: d?.enabledUsers, icon: <CheckCircleOutlined />, color: '#0ECA7E' },
        { key: 'organisations', title: t('organisations'), value: d?.organisations, icon: <ApartmentOutlined />, color: '#1677ff' },
        { key: 'stations', title: t('stations'), value: d?.stations, icon: <IdcardOutlined />, color: '#13a8a8' },
        { key: 'roles', title: t('roles'), value: d?.roles, icon: <SafetyCertificateOutlined />, color: '#eb2f96' },
        { key: 'apps', title: t('apps'), value: d?.apps, icon: <AppstoreOutlined />, color: '#fa8c16' },
      ]}
    />
  );
}
