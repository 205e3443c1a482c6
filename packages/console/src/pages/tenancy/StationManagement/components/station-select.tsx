/**
 * A chooser among the current tenant's stations (tenant area; `listtenantstation`, name prefix searched
 * on the server, 50 at a time), as a controlled field whose value is a station id. `excludeId` hides a
 * station (the one being edited: it cannot be its own parent; descendants are refused by the server).
 */
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTenantStations } from '../../../../api/station-management';

export interface TenantStationSelectProps {
  value?: string;
  onChange?: (stationId: string | undefined, name?: string) => void;
  placeholder?: string;
  id?: string;
  excludeId?: string;
  /** The name shown for the value when it is not among the options. */
  valueLabel?: string;
  style?: React.CSSProperties;
}

export default function TenantStationSelect({ value, onChange, placeholder, id, excludeId, valueLabel, style }: TenantStationSelectProps) {
  const { t } = useTranslation('station');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['tenantStationOptions', keyword],
    queryFn: () => listTenantStations({ page: 1, pageSize: 50, keyword: keyword || undefined }, { noLoading: true }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const options = useMemo(() => {
    const list = (data?.rows ?? []).filter((r) => r.id !== excludeId).map((r) => ({ value: r.id, label: r.level ? `${r.name} · ${r.level}` : r.name }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: valueLabel || value });
    return list;
  }, [data, value, valueLabel, excludeId]);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      value={value || undefined}
      placeholder={placeholder}
      loading={isFetching}
      options={options}
      style={style}
      notFoundContent={isFetching ? undefined : t('noStation')}
      onChange={(v: string | undefined) => { setKeyword(''); onChange?.(v || undefined, data?.rows.find((r) => r.id === v)?.name); }}
    />
  );
}
