/**
 * A dashboard screen (SPEC §2 dashboards of the platform and tenant areas): a welcome line with the
 * signed-in user's name and a subtitle, statistic cards and a chart of sign-ins over the last 7 days,
 * from one summary call. Shows skeletons while loading, the 'no data' picture when there were no
 * sign-ins, and a retry when the call failed.
 */
import { Button, Card, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DailySignIns } from '../../api/dashboard';
import { useSessionStore } from '../../stores/session';
import StatCards, { type StatItem } from './stat-cards';
import SignInChart from './sign-in-chart';

export type { StatItem } from './stat-cards';

export interface DashboardViewProps<S extends { signIns: DailySignIns[] }> {
  queryKey: readonly unknown[];
  fetchSummary: () => Promise<S>;
  subtitle: string;
  /** The statistic cards for the loaded summary (undefined while loading). */
  items: (summary: S | undefined) => StatItem[];
}

export default function DashboardView<S extends { signIns: DailySignIns[] }>({ queryKey, fetchSummary, subtitle, items }: DashboardViewProps<S>) {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useSessionStore((s) => s.userInfo);
  const name = user?.employeeName || user?.userName || '';
  const summary = useQuery({ queryKey, queryFn: fetchSummary, staleTime: 30_000 });
  const d = summary.data;
  const hasSignIns = Boolean(d?.signIns.some((s) => s.count > 0));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name ? t('welcome', { name }) : t('welcomeAnonymous')}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
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
            extra={
              <Button type="primary" onClick={() => void summary.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <StatCards items={items(d)} loading={summary.isLoading} />
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
