/**
 * Parts shared by the application administrator's two dashboards (issue 15; pages/appAdmin/Dashboard and
 * pages/app/Dashboard): the header (title, subtitle, refresh), a panel card with loading skeleton and empty
 * picture, the error state with retry. Statistic cards and the sign-in chart come from components/DashboardView.
 */
import type { ReactNode } from 'react';
import { Button, Card, Empty, Result, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DailySignIns } from '@mp/protocol';
import SignInChart from '../DashboardView/sign-in-chart';

export { default as BarChart, type BarSeries } from './bar-chart';
export { default as RecentChanges } from './recent-changes';

/** Title line with the subtitle and a refresh button (spinning while `fetching`). */
export function DashboardHeader({ title, subtitle, fetching, onRefresh }: { title: string; subtitle: string; fetching: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
      <Button style={{ marginInlineStart: 'auto' }} icon={<ReloadOutlined />} loading={fetching} onClick={onRefresh}>
        {t('refresh')}
      </Button>
    </div>
  );
}

/** A card: skeleton while `loading`, the empty picture with `emptyText` when `empty`, else its content. */
export function Panel({
  title,
  loading,
  empty,
  emptyText,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="borderless" title={title} extra={extra} style={{ height: '100%' }} data-testid={testId}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ padding: '40px 0' }} />
      ) : (
        children
      )}
    </Card>
  );
}

/** The failed-load state with a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card variant="borderless">
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    </Card>
  );
}

/** The SSO sign-ins per day panel of both dashboards (`signIns` undefined while loading). */
export function SignInsPanel({ signIns, loading }: { signIns: DailySignIns[] | undefined; loading: boolean }) {
  const { t } = useTranslation('appdashboard');
  return (
    <Panel title={t('signInsChart')} loading={loading} empty={!signIns?.some((x) => x.count > 0)} emptyText={t('noSignIns')} testId="chart-signins">
      {signIns && <SignInChart data={signIns} seriesName={t('signInCount')} />}
    </Panel>
  );
}

/**
 * Panels side by side while each gets at least `min` px, stacked below that (CSS grid: no negative gutter
 * margins, so nothing pokes out of the page on a narrow screen).
 */
export function PanelGrid({ min, children }: { min: number; children: ReactNode }) {
  return <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`, gap: 16 }}>{children}</div>;
}
