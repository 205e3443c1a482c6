/**
 * A station (position) chooser for a tenant (SPEC §3 User station): searched on the server by name
 * prefix (`liststation`, 50 at a time), as a controlled field whose value is the station id. Disabled
 * until a tenant is known; an empty tenant shows the "no stations yet" state.
 */
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listStations } from '../../api/station';

export interface StationSelectProps {
  tenantId?: string;
  value?: string;
  onChange?: (stationId: string | undefined) => void;
  placeholder?: string;
  id?: string;
  /** The name to show for the value when it is not among the options (the edited user's station). */
  valueLabel?: string;
}

export default function StationSelect({ tenantId, value, onChange, placeholder, id, valueLabel }: StationSelectProps) {
  const { t } = useTranslation('user');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['stationOptions', tenantId, keyword],
    queryFn: () => listStations({ tenantId: tenantId!, page: 1, pageSize: 50, keyword: keyword || undefined }),
    enabled: Boolean(tenantId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = (data?.rows ?? []).map((r) => ({ value: r.id, label: r.level ? `${r.name} · ${r.level}` : r.name }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: valueLabel || value });
    return list;
  }, [data, value, valueLabel]);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      value={value || undefined}
      placeholder={placeholder}
      disabled={!tenantId}
      loading={isFetching}
      options={options}
      notFoundContent={isFetching ? undefined : t('noStation')}
      onChange={(v: string | undefined) => { setKeyword(''); onChange?.(v || undefined); }}
    />
  );
}
