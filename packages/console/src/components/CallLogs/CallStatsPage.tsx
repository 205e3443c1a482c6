/**
 * Service-call statistics (issue 18; docs/call-logs.md "Screens") for platform, tenant and application
 * administrators (`audience`): a window of at most 7 days (required; the last 24 hours to start with; SPEC §5
 * Generic, §9), narrowed by API and — where the viewer may choose — tenant or application; totals (calls,
 * failures, failure rate, P50/P95/P99 latency), charts over time (ECharts, loaded lazily with the chart) and
 * tables per API, per application and per tenant. The server limits what each audience sees.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Card, DatePicker, Form, Input, Select, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { ApiOutlined, CloseCircleOutlined, DashboardOutlined, FieldTimeOutlined, PercentageOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { CALL_LOG_RULES, type CallFigures, type CallStatsBody } from '@mp/protocol';
import StatCards from '../DashboardView/stat-cards';
import NoData from '../NoData';
import { getCallStats, type CallLogAudience } from '../../api/call-logs';
import { lastHours, lastDays, outsideWindow, rangeRules, toTimes, type TimeRange } from './range';
import SearchActions from '../DataGrid/search-actions';

const CallChart = lazy(() => import('./call-chart'));

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  api?: string;
  tenantId?: string;
  productId?: string;
}

/** Options of the tenant / application choosers: every one seen in an answer so far. */
function useSeen() {
  const [seen, setSeen] = useState<{ tenants: Map<string, string>; apps: Map<string, string> }>({ tenants: new Map(), apps: new Map() });
  const add = (tenants: { tenantId: string; name: string }[], apps: { productId: string; name: string }[]) =>
    setSeen((s) => {
      const t = new Map(s.tenants);
      const a = new Map(s.apps);
      for (const x of tenants) t.set(x.tenantId, x.name);
      for (const x of apps) a.set(x.productId, x.name);
      return t.size === s.tenants.size && a.size === s.apps.size ? s : { tenants: t, apps: a };
    });
  return { seen, add };
}

/** The figure columns shared by the three tables. */
function useFigureColumns<T extends CallFigures>() {
  const { t } = useTranslation('calllog');
  return useMemo(
    () => [
      {
        key: 'calls',
        title: t('calls'),
        dataIndex: 'calls',
        align: 'right' as const,
        sorter: (a: T, b: T) => a.calls - b.calls,
        defaultSortOrder: 'descend' as const,
      },
      { key: 'errors', title: t('errors'), dataIndex: 'errors', align: 'right' as const, sorter: (a: T, b: T) => a.errors - b.errors },
      {
        key: 'rate',
        title: t('errorRate'),
        align: 'right' as const,
        render: (_: unknown, r: T) => `${r.calls ? ((r.errors / r.calls) * 100).toFixed(1) : '0.0'}%`,
      },
      { key: 'p50', title: t('p50'), dataIndex: 'p50', align: 'right' as const, sorter: (a: T, b: T) => a.p50 - b.p50 },
      { key: 'p95', title: t('p95'), dataIndex: 'p95', align: 'right' as const, sorter: (a: T, b: T) => a.p95 - b.p95 },
      { key: 'p99', title: t('p99'), dataIndex: 'p99', align: 'right' as const, sorter: (a: T, b: T) => a.p99 - b.p99 },
    ],
    [t],
  );
}

/** The screen for `audience` (see the module docs). */
export default function CallStatsPage({ audience }: { audience: CallLogAudience }) {
  const { t } = useTranslation(['calllog', 'grid']);
  const [form] = Form.useForm<FormValues>();
  const days = CALL_LOG_RULES.statsMaxDays;
  const [body, setBody] = useState<CallStatsBody>(() => toTimes(lastHours(24)));
  const q = useQuery({ queryKey: ['callstats', audience, body], queryFn: () => getCallStats(audience, body, { noLoading: true }) });
  const s = q.data;
  const { seen, add } = useSeen();
  useEffect(() => {
    if (s) add(s.byTenant, s.byApp);
  }, [s]); // eslint-disable-line react-hooks/exhaustive-deps
  const figures = useFigureColumns<CallFigures>();
  const presets = useMemo(
    () => [
      { label: '1h', value: lastHours(1) },
      { label: '24h', value: lastHours(24) },
      { label: `${days}d`, value: lastDays(days) },
    ],
    [days],
  );
  const empty = !!s && s.totals.calls === 0;

  const submit = (v: FormValues) =>
    setBody({
      ...toTimes(v.range as TimeRange),
      api: v.api?.trim() || undefined,
      tenantId: v.tenantId || undefined,
      productId: v.productId || undefined,
    });
  const chart = (kind: 'calls' | 'latency') => (
    <Suspense fallback={<Skeleton active />}>
      {s && !empty ? (
        <CallChart
          kind={kind}
          points={s.series}
          bucketSeconds={s.bucketSeconds}
          title={t(kind === 'calls' ? 'callsOverTime' : 'latencyOverTime')}
          names={kind === 'calls' ? [t('calls'), t('errors')] : [t('p50'), t('p95'), t('p99')]}
        />
      ) : q.isLoading ? (
        <Skeleton active />
      ) : (
        <NoData description={t('noData')} />
      )}
    </Suspense>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="call-stats">
      <Card variant="borderless">
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {t('statsIntro', { days })}
        </Typography.Paragraph>
        <Form<FormValues>
          form={form}
          name="callstats-search"
          layout="inline"
          role="search"
          aria-label={t('grid:searchForm')}
          initialValues={{ range: lastHours(24) }}
          onFinish={submit}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="range" label={t('range')} required style={{ marginInlineEnd: 20 }} rules={rangeRules(t, days)}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              aria-label={t('range')}
              presets={presets}
              allowEmpty={[false, false]}
              disabledDate={(current, info) => outsideWindow(current, info.from, days + 1)}
              style={{ width: 340 }}
            />
          </Form.Item>
          <Form.Item name="api" label={t('field.api')} style={{ marginInlineEnd: 20 }}>
            <Input allowClear aria-label={t('field.api')} placeholder={t('apiPlaceholder')} maxLength={200} style={{ width: 200 }} />
          </Form.Item>
          {audience !== 'tenant' && (
            <Form.Item name="tenantId" label={t('field.tenantName')} style={{ marginInlineEnd: 20 }}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                aria-label={t('field.tenantName')}
                placeholder={t('allTenants')}
                style={{ width: 170 }}
                options={[...seen.tenants].map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          )}
          {audience !== 'app' && (
            <Form.Item name="productId" label={t('field.productName')} style={{ marginInlineEnd: 20 }}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                aria-label={t('field.productName')}
                placeholder={t('allApps')}
                style={{ width: 170 }}
                options={[...seen.apps].map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          )}
          <SearchActions form={form} loading={q.isFetching} />
        </Form>
      </Card>
      <StatCards
        loading={q.isLoading}
        items={[
          { key: 'calls', title: t('calls'), value: s?.totals.calls, icon: <ApiOutlined />, color: '#1677ff' },
          { key: 'errors', title: t('errors'), value: s?.totals.errors, icon: <CloseCircleOutlined />, color: '#ff4d4f' },
          {
            key: 'errorRate',
            title: t('errorRate'),
            value: s ? Number(((s.totals.errors / Math.max(1, s.totals.calls)) * 100).toFixed(1)) : undefined,
            suffix: '%',
            icon: <PercentageOutlined />,
            color: '#fa8c16',
          },
          { key: 'p50', title: t('p50'), value: s?.totals.p50, icon: <FieldTimeOutlined />, color: '#52c41a' },
          { key: 'p95', title: t('p95'), value: s?.totals.p95, icon: <DashboardOutlined />, color: '#faad14' },
          { key: 'p99', title: t('p99'), value: s?.totals.p99, icon: <ThunderboltOutlined />, color: '#eb2f96' },
        ]}
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: 16 }}>
        <Card variant="borderless" title={t('callsOverTime')} data-testid="chart-calls">
          {chart('calls')}
        </Card>
        <Card variant="borderless" title={t('latencyOverTime')} data-testid="chart-latency">
          {chart('latency')}
        </Card>
      </div>
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'api',
              label: t('byApi'),
              children: (
                <Table
                  size="middle"
                  rowKey={(r) => `${r.method} ${r.api}`}
                  loading={q.isLoading}
                  dataSource={s?.byApi ?? []}
                  scroll={{ x: 'max-content' }}
                  pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  columns={[
                    { key: 'method', title: t('field.method'), dataIndex: 'method' },
                    { key: 'api', title: t('field.api'), dataIndex: 'api' },
                    ...figures,
                  ]}
                />
              ),
            },
            ...(audience === 'app'
              ? []
              : [
                  {
                    key: 'app',
                    label: t('byApp'),
                    children: (
                      <Table
                        size="middle"
                        rowKey="productId"
                        loading={q.isLoading}
                        dataSource={s?.byApp ?? []}
                        scroll={{ x: 'max-content' }}
                        pagination={{ pageSize: 10, hideOnSinglePage: true }}
                        columns={[{ key: 'name', title: t('field.productName'), dataIndex: 'name' }, ...figures]}
                      />
                    ),
                  },
                ]),
            ...(audience === 'tenant'
              ? []
              : [
                  {
                    key: 'tenant',
                    label: t('byTenant'),
                    children: (
                      <Table
                        size="middle"
                        rowKey="tenantId"
                        loading={q.isLoading}
                        dataSource={s?.byTenant ?? []}
                        scroll={{ x: 'max-content' }}
                        pagination={{ pageSize: 10, hideOnSinglePage: true }}
                        columns={[{ key: 'name', title: t('field.tenantName'), dataIndex: 'name' }, ...figures]}
                      />
                    ),
                  },
                ]),
          ]}
        />
      </Card>
    </Space>
  );
}
