/**
 * Platform administrator dashboard (SPEC §2 Platform admin → dashboard): statistic cards (tenants,
 * enabled tenants, users, products, roles) and sign-ins over the last 7 days, from
 * `GET plat/dashboard/summary` (components/DashboardView).
 */
import { ApartmentOutlined, AppstoreOutlined, CheckCircleOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@mp/protocol';
import DashboardView from '../../../components/DashboardView';
import { getDashboardSummary } from '../../../api/dashboard';

/** The screen (default export: the router lazy-loads it). */
export default function Dashboard() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardView<DashboardSummary>
      queryKey={['dashboard', 'summary']}
      fetchSummary={() => getDashboardSummary()}
      subtitle={t('subtitle')}
      items={(d) => [
        { key: 'tenants', title: t('tenants'), value: d?.tenants, icon: <ApartmentOutlined />, color: '#1677ff' },
        { key: 'enabledTenants', title: t('enabledTenants'), value: d?.enabledTenants, icon: <CheckCircleOutlined />, color: '#0ECA7E' },
        { key: 'users', title: t('users'), value: d?.users, icon: <TeamOutlined />, color: '#722ed1' },
        { key: 'products', title: t('products'), value: d?.products, icon: <AppstoreOutlined />, color: '#fa8c16' },
        { key: 'roles', title: t('roles'), value: d?.roles, icon: <SafetyCertificateOutlined />, color: '#eb2f96' },
      ]}
    />
  );
}
