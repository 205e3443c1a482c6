/**
 * Platform administrator dashboard (SPEC §2 Platform admin → dashboard): a welcome line with the
 * signed-in user's name, statistic cards (tenants, enabled tenants, users, products, roles) and a chart
 * of sign-ins over the last 7 days, all from `GET plat/dashboard/summary`. Shows skeletons while
 * loading, the 'no data' picture when there were no sign-ins, and a retry when the call failed.
 */
import { useMemo } from 'react';
import { Button, Card, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { ApartmentOutlined, AppstoreOutlined, CheckCircleOutlined, ReloadOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDashboardSummary } from '../../../api/dashboard';
import { useSessionStore } from '../../../stores/session';
import StatCards, { type StatItem } from './components/stat-cards';
import SignInChart from './components/sign-in-chart';

/** The screen (default export: the router lazy-loads it). */
export default function Dashboard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useSessionStore((s) => s.userInfo);
  const name = user?.employeeName || user?.userName || '';
  const summary = useQuery({ queryKey: ['dashboard', 'summary'], queryFn: () => getDashboardSummary(), staleTime: 30_000 });
  const d = summary.data;

  const items = useMemo<StatItem[]>(
    () => [
      { key: 'tenants', title: t('tenants'), value: d?.tenants, icon: <ApartmentOutlined />, color: '#1677ff' },
      { key: 'enabledTenants', title: t('enabledTenants'), value: d?.enabledTenants, icon: <CheckCircleOutlined />, color: '#0ECA7E' },
      { key: 'users', title: t('users'), value: d?.users, icon: <TeamOutlined />, color: '#722ed1' },
      { key: 'products', title: t('products'), value: d?.products, icon: <AppstoreOutlined />, color: '#fa8c16' },
      { key: 'roles', title: t('roles'), value: d?.roles, icon: <SafetyCertificateOutlined />, color: '#eb2f96' },
    ],
    [t, d],
  );

  const hasSignIns = Boolean(d?.signIns.some((s) => s.count > 0));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name ? t('welcome', { name }) : t('welcomeAnonymous')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Button style={{ marginInlineStart: 'auto' }} icon={<ReloadOutlined />} loading={summary.isFetching} onClick={() => void summary.refetch()}>
          {t('refresh')}
        </Button>
      </div>

      {summary.isError && !d ? (
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={<Button type="primary" onClick={() => void summary.refetch()}>{t('retry')}</Button>}
          />
        </Card>
      ) : (
        <>
          <StatCards items={items} loading={summary.isLoading} />
          <Card variant="borderless" title={t('signIns')}>
            {summary.isLoading ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : hasSignIns && d ? (
              <SignInChart data={d.signIns} seriesName={t('signInCount')} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSignIns')} style={{ padding: '48px 0' }} />
            )}
          </Card>
        </>
      )}
    </Space>
  );
}
