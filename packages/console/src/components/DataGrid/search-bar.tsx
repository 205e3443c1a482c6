/**
 * The grid's search bar: one antd inline Form with the search fields, a Search button (also Enter in
 * any field) and a Reset button that clears the fields, the sort and goes back to page 1.
 */
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Filters, SearchField } from './types';
import SearchActions from './search-actions';

export interface SearchBarProps {
  fields: SearchField[];
  onSearch: (values: Filters) => void;
  onReset: () => void;
  loading?: boolean;
}

/** Renders the fields in a wrapping row, buttons last. */
export default function SearchBar({ fields, onSearch, onReset, loading }: SearchBarProps) {
  const { t } = useTranslation(['common', 'grid']);
  const [form] = Form.useForm<Filters>();

  return (
    <Form
      form={form}
      name="grid-search"
      layout="inline"
      role="search"
      aria-label={t('grid:searchForm')}
      onFinish={(v) => onSearch(v)}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label} style={{ marginInlineEnd: 20 }}>
          {f.type === 'select' ? (
            <Select
              allowClear
              aria-label={f.label}
              style={{ width: f.width ?? 140 }}
              placeholder={f.placeholder ?? t('common:all')}
              options={f.options}
              onChange={() => form.submit()}
            />
          ) : (
            <Input allowClear aria-label={f.label} style={{ width: f.width ?? 180 }} placeholder={f.placeholder} />
          )}
        </Form.Item>
      ))}
      <SearchActions form={form} loading={loading} onReset={onReset} />
    </Form>
  );
}
