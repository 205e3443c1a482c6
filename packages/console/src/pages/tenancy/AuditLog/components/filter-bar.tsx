/**
 * The audit log's search conditions (issue 5 "Audit log … required date range of at most 30 days,
 * filters"): the date range (required; the last 7 days to start with; a longer range cannot be picked
 * and is refused with the spec's message — SPEC §5 Generic, §9), user name (exact, any case), action and
 * object type. Search applies them; Reset goes back to the last 7 days and no filters.
 */
import { useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { AUDIT_LOG_RULES } from '@mp/protocol';
import { ACTION_CODES, codeName, ENTITY_CODES } from './codes';
import { lastDays, outsideWindow, tooLong, type DayRange } from './range';
import SearchActions from '../../../../components/DataGrid/search-actions';

/** What the bar applies. */
export interface AuditConditions {
  range: DayRange;
  username?: string;
  action?: string;
  entity?: string;
}

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  username?: string;
  action?: string;
  entity?: string;
}

export interface FilterBarProps {
  onSearch: (c: AuditConditions) => void;
  loading?: boolean;
}

/** Renders the bar; see the module docs. */
export default function FilterBar({ onSearch, loading }: FilterBarProps) {
  const { t } = useTranslation(['auditlog', 'common', 'grid']);
  const [form] = Form.useForm<FormValues>();
  const days = AUDIT_LOG_RULES.maxRangeDays;

  const presets = useMemo(
    () => [
      { label: t('preset.today'), value: lastDays(1) },
      { label: t('preset.last7'), value: lastDays(7) },
      { label: t('preset.last30'), value: lastDays(days) },
    ],
    [t, days],
  );
  const actionOptions = useMemo(() => ACTION_CODES.map((c) => ({ value: c, label: codeName(t, 'action', c) })), [t]);
  const entityOptions = useMemo(() => ENTITY_CODES.map((c) => ({ value: c, label: codeName(t, 'entity', c) })), [t]);

  const submit = (v: FormValues) => {
    const text = v.username?.trim();
    onSearch({ range: v.range as DayRange, username: text || undefined, action: v.action || undefined, entity: v.entity || undefined });
  };

  return (
    <Form<FormValues>
      form={form}
      name="audit-search"
      layout="inline"
      role="search"
      aria-label={t('grid:searchForm')}
      initialValues={{ range: lastDays() }}
      onFinish={submit}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item
        name="range"
        label={t('range')}
        required
        tooltip={t('rangeHint', { days })}
        rules={[
          { validator: (_, v: FormValues['range']) => (v?.[0] && v[1] ? Promise.resolve() : Promise.reject(new Error(t('rangeRequired')))) },
          {
            validator: (_, v: FormValues['range']) =>
              v?.[0] && v[1] && tooLong(v as DayRange) ? Promise.reject(new Error(t('rangeTooLong', { days }))) : Promise.resolve(),
          },
        ]}
        style={{ marginInlineEnd: 20 }}
      >
        <DatePicker.RangePicker
          aria-label={t('range')}
          presets={presets}
          allowEmpty={[false, false]}
          disabledDate={(current, info) => outsideWindow(current, info.from)}
          style={{ width: 260 }}
        />
      </Form.Item>
      <Form.Item name="username" label={t('field.username')} style={{ marginInlineEnd: 20 }}>
        <Input allowClear aria-label={t('field.username')} placeholder={t('usernamePlaceholder')} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="action" label={t('field.action')} style={{ marginInlineEnd: 20 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('field.action')}
          placeholder={t('all')}
          options={actionOptions}
          style={{ width: 190 }}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="entity" label={t('field.entity')} style={{ marginInlineEnd: 20 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('field.entity')}
          placeholder={t('all')}
          options={entityOptions}
          style={{ width: 150 }}
        />
      </Form.Item>
      <SearchActions form={form} loading={loading} />
    </Form>
  );
}
