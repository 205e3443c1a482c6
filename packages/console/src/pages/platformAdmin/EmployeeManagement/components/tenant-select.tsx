/**
 * A tenant chooser searched on the server (`listtenant` by keyword, 50 at a time), as a controlled
 * field whose value is the tenant id. Used for the grid's scope (empty = all tenants) and the user
 * form's tenant. Keeps the label of the chosen tenant when it is not in the current search result.
 */
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TenantRow } from '@mp/protocol';
import { listTenants } from '../../../../api/tenant';

export interface TenantSelectProps {
  value?: string;
  onChange?: (tenantId: string | undefined, tenant: TenantRow | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: React.CSSProperties;
  /** A label for the value when it is not among the options (e.g. the edited user's tenant name). */
  valueLabel?: string;
  'aria-label'?: string;
}

export default function TenantSelect(p: TenantSelectProps) {
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<TenantRow | undefined>();
  const { data, isFetching } = useQuery({
    queryKey: ['tenantOptions', keyword],
    queryFn: () => listTenants({ page: 1, pageSize: 50, keyword: keyword || undefined, sortField: 'name', sortOrder: 'ascend' }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const rows = data?.rows ?? [];
    const list = rows.map((r) => ({ value: r.id, label: `${r.name} (${r.code})`, row: r }));
    if (p.value && !list.some((o) => o.value === p.value)) {
      const label = chosen?.id === p.value ? `${chosen.name} (${chosen.code})` : (p.valueLabel ?? p.value);
      list.unshift({ value: p.value, label, row: chosen as TenantRow });
    }
    return list;
  }, [data, p.value, p.valueLabel, chosen]);

  return (
    <Select
      id={p.id}
      aria-label={p['aria-label']}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      value={p.value}
      placeholder={p.placeholder}
      allowClear={p.allowClear}
      disabled={p.disabled}
      loading={isFetching}
      options={options}
      style={p.style}
      onChange={(v: string | undefined, opt) => {
        const row = (Array.isArray(opt) ? undefined : (opt as { row?: TenantRow } | undefined)?.row) ?? undefined;
        setChosen(row);
        setKeyword('');
        p.onChange?.(v || undefined, row);
      }}
    />
  );
}
