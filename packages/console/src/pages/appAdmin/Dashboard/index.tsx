/**
 * The application administrator's workbench dashboard (`/appAdmin/dashboard`; issue 15; docs/applications.md
 * "Dashboards"): totals over a page of the caller's applications (statistic cards), SSO sign-ins per day and
 * users per application (charts), the applications' figures (table, paged on the server, searchable) and the
 * latest changes. The dashboard is never a menu item (SPEC §2). Loading skeletons, empty pictures, retry.
 */
import { useState } from 'react';
import { Card, Input, Space, Table, Tag, Typography } from 'antd';
import { ApiOutlined, AppstoreOutlined, ApartmentOutlined, LoginOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import StatCards from '../../../components/DashboardView/stat-cards';
import { BarChart, DashboardHeader, LoadFailed, Panel, PanelGrid, RecentChanges, SignInsPanel } from '../../../components/AppDashboard';
import { getWorkbenchSummary, type AppFigures } from '../../../api/app-dashboard';

const PAGE_SIZE = 10;

/** The screen (default export: the router lazy-loads it). */
export default function WorkbenchDashboard() {
  const { t } = useTranslation(['appdashboard', 'dashboard']);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['appdashboard', 'workbench', page, keyword],
    queryFn: () => getWorkbenchSummary({ page, pageSize: PAGE_SIZE, keyword: keyword || undefined }, { noLoading: true }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const d = q.data;
  const loading = q.isLoading;
  const noApps = !loading && (d?.apps.length ?? 0) === 0;

  const columns = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      render: (v: string, r: AppFigures) => (
        <Space size={4} wrap>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary">{r.code}</Typography.Text>
        </Space>
      ),
    },
    { key: 'users', title: t('users'), dataIndex: 'users', align: 'right' as const },
    { key: 'activeSessions', title: t('activeSessions'), dataIndex: 'activeSessions', align: 'right' as const },
    { key: 'signIns', title: t('signIns'), dataIndex: 'signIns', align: 'right' as const },
    { key: 'clients', title: t('clients'), dataIndex: 'clients', align: 'right' as const, render: (v: number, r: AppFigures) => `${r.enabledClients} / ${v}` },
    { key: 'tenants', title: t('tenants'), dataIndex: 'tenants', align: 'right' as const },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="workbench-dashboard">
      <DashboardHeader title={t('dashboard:title')} subtitle={t('workbenchSubtitle')} fetching={q.isFetching} onRefresh={() => void q.refetch()} />
      {q.isError && !d ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : (
        <>
          <StatCards
            loading={loading}
            items={[
              { key: 'applications', title: t('applications'), value: d?.records, icon: <AppstoreOutlined />, color: '#1677ff' },
              { key: 'users', title: t('users'), value: d?.totals.users, icon: <TeamOutlined />, color: '#722ed1' },
              { key: 'activeSessions', title: t('activeSessions'), value: d?.totals.activeSessions, icon: <WifiOutlined />, color: '#0ECA7E' },
              { key: 'signIns', title: t('signIns'), value: d?.totals.signIns, icon: <LoginOutlined />, color: '#fa8c16' },
              { key: 'clients', title: t('clients'), value: d?.totals.clients, icon: <ApiOutlined />, color: '#13c2c2' },
              { key: 'tenants', title: t('tenants'), value: d?.totals.tenants, icon: <ApartmentOutlined />, color: '#eb2f96' },
            ]}
          />
          {d && d.records > d.apps.length && <Typography.Text type="secondary">{t('pageNote', { shown: d.apps.length, total: d.records })}</Typography.Text>}
          <PanelGrid min={480}>
            <div style={{ minWidth: 0 }}>
              <SignInsPanel signIns={d?.signIns} loading={loading} />
            </div>
            <div style={{ minWidth: 0 }}>
              <Panel title={t('usersChart')} loading={loading} empty={noApps} emptyText={t('noApps')} testId="chart-users">
                {d && (
                  <BarChart
                    horizontal
                    label={t('usersChart')}
                    height={Math.max(220, d.apps.length * 36 + 40)}
                    categories={d.apps.map((a) => a.name)}
                    series={[{ name: t('users'), data: d.apps.map((a) => a.users), color: '#722ed1' }]}
                  />
                )}
              </Panel>
            </div>
          </PanelGrid>
          <PanelGrid min={720}>
            <div style={{ minWidth: 0 }}>
              <Card
                variant="borderless"
                title={t('appsTable')}
                extra={
                  <Input.Search
                    allowClear
                    placeholder={t('searchApps')}
                    style={{ width: 240, maxWidth: '100%' }}
                    maxLength={50}
                    onSearch={(v) => {
                      setKeyword(v.trim());
                      setPage(1);
                    }}
                  />
                }
              >
                <Table<AppFigures>
                  size="middle"
                  rowKey="id"
                  data-testid="apps-table"
                  loading={q.isFetching && !loading}
                  columns={columns}
                  dataSource={d?.apps ?? []}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: t('noApps') }}
                  pagination={{ current: page, pageSize: PAGE_SIZE, total: d?.records ?? 0, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
                />
              </Card>
            </div>
            <div style={{ minWidth: 0 }}>
              <Panel title={t('recent')} loading={loading} empty={(d?.recent.length ?? 0) === 0} emptyText={t('noRecent')} testId="recent-changes">
                {d && <RecentChanges changes={d.recent} showApp />}
              </Panel>
            </div>
          </PanelGrid>
        </>
      )}
    </Space>
  );
}
