/**
 * The application dashboard (`/app/dashboard`; issue 15; docs/applications.md "Dashboards"): the chosen
 * application's (APPID) users, active sessions, SSO sign-ins, clients and tenants (statistic cards), sign-ins
 * and policy-service calls per day (charts), the tenants using it and its latest changes. Never a menu item
 * (SPEC §2). Loading skeletons, empty pictures, retry.
 */
import { Button, Card, Result, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { AppstoreOutlined, ApiOutlined, ApartmentOutlined, LoginOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AppTenantFigures } from '@mp/protocol';
import StatCards from '../../../components/DashboardView/stat-cards';
import { BarChart, DashboardHeader, LoadFailed, Panel, PanelGrid, RecentChanges, SignInsPanel } from '../../../components/AppDashboard';
import { getAppDashboardSummary } from '../../../api/app-dashboard';
import { useCurrentApp } from '../../../stores/current-app';

/** The screen (default export: the router lazy-loads it); without a chosen application, a way to the workbench. */
export default function AppDashboardScreen() {
  const { t } = useTranslation('client');
  const app = useCurrentApp();
  if (!app) {
    return (
      <Card variant="borderless" className="mp-page-card">
        <Result
          status="info"
          icon={<AppstoreOutlined />}
          title={t('noApp')}
          extra={
            <Link to="/appAdmin/appList">
              <Button type="primary">{t('goWorkbench')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return <AppDashboard key={app.id} appId={app.id} />;
}

function AppDashboard({ appId }: { appId: string }) {
  const { t } = useTranslation(['appdashboard', 'dashboard']);
  const q = useQuery({ queryKey: ['appdashboard', 'app', appId], queryFn: () => getAppDashboardSummary({ noLoading: true }), staleTime: 30_000 });
  const d = q.data;
  const loading = q.isLoading;
  const calls = d?.policyCalls ?? [];
  const hasCalls = calls.some((c) => c.permissions + c.decision + c.sync + c.errors > 0);

  const columns = [
    { key: 'name', title: t('tenantName'), dataIndex: 'name' },
    { key: 'code', title: t('tenantCode'), dataIndex: 'code' },
    { key: 'users', title: t('tenantUsers'), dataIndex: 'users', align: 'right' as const },
    { key: 'since', title: t('since'), dataIndex: 'since', render: (v: string) => dayjs(v).format('YYYY-MM-DD') },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="app-dashboard">
      <DashboardHeader
        title={t('dashboard:title')}
        subtitle={d ? t('appSubtitle', { name: d.app.name }) : ''}
        fetching={q.isFetching}
        onRefresh={() => void q.refetch()}
      />
      {q.isError && !d ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : (
        <>
          <StatCards
            loading={loading}
            items={[
              { key: 'users', title: t('users'), value: d?.app.users, icon: <TeamOutlined />, color: '#722ed1' },
              { key: 'activeSessions', title: t('activeSessions'), value: d?.app.activeSessions, icon: <WifiOutlined />, color: '#0ECA7E' },
              { key: 'signIns', title: t('signIns'), value: d?.app.signIns, icon: <LoginOutlined />, color: '#fa8c16' },
              { key: 'clients', title: t('clients'), value: d?.app.clients, icon: <ApiOutlined />, color: '#13c2c2' },
              { key: 'tenants', title: t('tenants'), value: d?.app.tenants, icon: <ApartmentOutlined />, color: '#eb2f96' },
            ]}
          />
          <PanelGrid min={480}>
            <div style={{ minWidth: 0 }}>
              <SignInsPanel signIns={d?.signIns} loading={loading} />
            </div>
            <div style={{ minWidth: 0 }}>
              <Panel title={t('policyCalls')} loading={loading} empty={!hasCalls} emptyText={t('noPolicyCalls')} testId="chart-policy">
                <BarChart
                  label={t('policyCalls')}
                  categories={calls.map((c) => dayjs(c.date).format('MM-DD'))}
                  series={[
                    { name: t('permissions'), data: calls.map((c) => c.permissions), color: '#1677ff', stack: 'calls' },
                    { name: t('decision'), data: calls.map((c) => c.decision), color: '#0ECA7E', stack: 'calls' },
                    { name: t('sync'), data: calls.map((c) => c.sync), color: '#fa8c16', stack: 'calls' },
                    { name: t('errors'), data: calls.map((c) => c.errors), color: '#f5222d' },
                  ]}
                />
              </Panel>
            </div>
          </PanelGrid>
          <PanelGrid min={720}>
            <div style={{ minWidth: 0 }}>
              <Panel
                title={t('tenantsList')}
                loading={loading}
                empty={(d?.tenants.length ?? 0) === 0}
                emptyText={t('noTenants')}
                testId="tenants-list"
                extra={
                  d && d.tenantCount > d.tenants.length ? (
                    <Typography.Text type="secondary">{t('tenantsMore', { shown: d.tenants.length, total: d.tenantCount })}</Typography.Text>
                  ) : undefined
                }
              >
                <Table<AppTenantFigures>
                  size="middle"
                  rowKey="id"
                  columns={columns}
                  dataSource={d?.tenants ?? []}
                  scroll={{ x: 'max-content' }}
                  pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                />
              </Panel>
            </div>
            <div style={{ minWidth: 0 }}>
              <Panel title={t('recent')} loading={loading} empty={(d?.recent.length ?? 0) === 0} emptyText={t('noRecent')} testId="recent-changes">
                {d && <RecentChanges changes={d.recent} showApp={false} />}
              </Panel>
            </div>
          </PanelGrid>
        </>
      )}
    </Space>
  );
}
