/**
 * Call logs (issue 18; docs/call-logs.md "Screens") for platform, tenant and application administrators
 * (`audience`): the date range is required, at most 30 days (the last 7 days to start with; SPEC §5 Generic
 * "log query date range required", §9), filters (API, method, HTTP status, caller, failed only, and the tenant
 * or application where the viewer may choose — the choices are those with calls in the last 7 days), paging
 * and sort on the server, export of the filtered calls as CSV. The server limits what each audience sees.
 */
import { useMemo, useState } from 'react';
import { Card, Checkbox, DatePicker, Form, Input, InputNumber, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { CALL_LOG_RULES, CALL_LOG_SORT_FIELDS, type CallLogRow } from '@mp/protocol';
import DataGrid from '../DataGrid';
import { exportCallLog, getCallStats, listCallLog, type CallLogAudience, type CallLogFilters } from '../../api/call-logs';
import { lastDays, lastHours, outsideWindow, rangeRules, toTimes, type TimeRange } from './range';
import SearchActions from '../DataGrid/search-actions';

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  api?: string;
  method?: CallLogFilters['method'];
  status?: number | null;
  caller?: string;
  errorsOnly?: boolean;
  tenantId?: string;
  productId?: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function toFilters(v: FormValues): CallLogFilters {
  return {
    ...toTimes(v.range as TimeRange),
    api: v.api?.trim() || undefined,
    method: v.method || undefined,
    status: v.status ?? undefined,
    caller: v.caller?.trim() || undefined,
    errorsOnly: v.errorsOnly || undefined,
    tenantId: v.tenantId || undefined,
    productId: v.productId || undefined,
  };
}

function useColumns(audience: CallLogAudience): TableColumnsType<CallLogRow> {
  const { t } = useTranslation('calllog');
  return useMemo(() => {
    const cols: TableColumnsType<CallLogRow> = [
      { key: 'at', title: t('field.at'), dataIndex: 'at', sorter: true, width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
      { key: 'tenantName', title: t('field.tenantName'), dataIndex: 'tenantName', width: 140, ellipsis: true },
      { key: 'productName', title: t('field.productName'), dataIndex: 'productName', width: 140, ellipsis: true },
      { key: 'method', title: t('field.method'), dataIndex: 'method', width: 80 },
      { key: 'api', title: t('field.api'), dataIndex: 'api', sorter: true, width: 320, ellipsis: true },
      {
        key: 'status',
        title: t('field.status'),
        dataIndex: 'status',
        sorter: true,
        width: 110,
        render: (v: number) => <Tag color={v >= 500 ? 'red' : v >= 400 ? 'orange' : 'green'}>{v}</Tag>,
      },
      { key: 'code', title: t('field.code'), dataIndex: 'code', width: 170, ellipsis: true },
      { key: 'latencyMs', title: t('field.latencyMs'), dataIndex: 'latencyMs', sorter: true, width: 120, align: 'right' },
      {
        key: 'callerName',
        title: t('field.callerName'),
        dataIndex: 'callerName',
        width: 150,
        ellipsis: true,
        render: (v: string, r) =>
          r.callerType === 'anonymous' ? <Typography.Text type="secondary">{t('caller.anonymous')}</Typography.Text> : `${v} (${t(`caller.${r.callerType}`)})`,
      },
      { key: 'requestId', title: t('field.requestId'), dataIndex: 'requestId', width: 150, ellipsis: true },
    ];
    return cols.filter((c) => !(audience === 'tenant' && c.key === 'tenantName') && !(audience === 'app' && c.key === 'productName'));
  }, [t, audience]);
}

/** The screen for `audience` (see the module docs). */
export default function CallLogPage({ audience }: { audience: CallLogAudience }) {
  const { t } = useTranslation(['calllog', 'grid']);
  const [form] = Form.useForm<FormValues>();
  const days = CALL_LOG_RULES.logMaxDays;
  const initial = useMemo<FormValues>(() => ({ range: lastDays(7) }), []);
  const [filters, setFilters] = useState<CallLogFilters>(() => toFilters(initial));
  const [searchNo, setSearchNo] = useState(0);
  const columns = useColumns(audience);
  const choices = useQuery({
    queryKey: ['callstats-choices', audience],
    queryFn: () => getCallStats(audience, toTimes(lastHours(24 * CALL_LOG_RULES.statsMaxDays)), { noLoading: true, silent: true }),
    staleTime: 60_000,
  });
  const tenantOptions = (choices.data?.byTenant ?? []).map((x) => ({ value: x.tenantId, label: x.name }));
  const appOptions = (choices.data?.byApp ?? []).map((x) => ({ value: x.productId, label: x.name }));
  const presets = useMemo(
    () => [
      { label: '1d', value: lastDays(1) },
      { label: '7d', value: lastDays(7) },
      { label: `${days}d`, value: lastDays(days) },
    ],
    [days],
  );

  return (
    <Card variant="borderless" data-testid="call-logs">
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('logsIntro', { days })}
      </Typography.Paragraph>
      <Form<FormValues>
        form={form}
        name="calllog-search"
        layout="inline"
        role="search"
        aria-label={t('grid:searchForm')}
        initialValues={initial}
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(v) => {
          setFilters(toFilters(v));
          setSearchNo((n) => n + 1);
        }}
      >
        <Form.Item name="range" label={t('range')} required style={{ marginInlineEnd: 20 }} rules={rangeRules(t, days)}>
          <DatePicker.RangePicker
            aria-label={t('range')}
            presets={presets}
            allowEmpty={[false, false]}
            style={{ width: 260 }}
            disabledDate={(current, info) => outsideWindow(current, info.from, days)}
            onChange={(v) => {
              if (v?.[0] && v[1]) form.setFieldValue('range', [v[0].startOf('day'), v[1].endOf('day')]);
            }}
          />
        </Form.Item>
        <Form.Item name="api" label={t('field.api')} style={{ marginInlineEnd: 20 }}>
          <Input allowClear aria-label={t('field.api')} placeholder={t('apiPlaceholder')} maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="method" label={t('field.method')} style={{ marginInlineEnd: 20 }}>
          <Select
            allowClear
            aria-label={t('field.method')}
            placeholder={t('methodPlaceholder')}
            options={METHODS.map((m) => ({ value: m, label: m }))}
            style={{ width: 110 }}
          />
        </Form.Item>
        <Form.Item name="status" label={t('field.status')} style={{ marginInlineEnd: 20 }}>
          <InputNumber aria-label={t('field.status')} placeholder={t('statusPlaceholder')} min={100} max={599} precision={0} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="caller" label={t('field.callerName')} style={{ marginInlineEnd: 20 }}>
          <Input allowClear aria-label={t('field.callerName')} placeholder={t('callerPlaceholder')} maxLength={100} style={{ width: 200 }} />
        </Form.Item>
        {audience !== 'tenant' && (
          <Form.Item name="tenantId" label={t('field.tenantName')} style={{ marginInlineEnd: 20 }}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              aria-label={t('field.tenantName')}
              placeholder={t('allTenants')}
              options={tenantOptions}
              style={{ width: 160 }}
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
              options={appOptions}
              style={{ width: 160 }}
            />
          </Form.Item>
        )}
        <Form.Item name="errorsOnly" valuePropName="checked" style={{ marginInlineEnd: 20 }}>
          <Checkbox>{t('errorsOnly')}</Checkbox>
        </Form.Item>
        <SearchActions form={form} />
      </Form>
      <DataGrid<CallLogRow, CallLogFilters, (typeof CALL_LOG_SORT_FIELDS)[number]>
        key={searchNo}
        sortFields={CALL_LOG_SORT_FIELDS}
        title={t('logsTitle')}
        queryKey={['calllog', audience, filters]}
        fetch={(q) => listCallLog(audience, { ...q, ...filters })}
        columns={columns}
        rowKey="id"
        scrollX={1500}
        onExport={(q) =>
          exportCallLog(audience, { ...filters, sortField: q.sortField, sortOrder: q.sortOrder }, `call-log-${dayjs().format('YYYY-MM-DD')}.csv`)
        }
      />
    </Card>
  );
}
