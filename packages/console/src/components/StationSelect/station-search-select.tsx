/**
 * The one station (position) chooser behind every station field (SPEC §3 User station, Station parent):
 * searched on the server by name prefix, 50 at a time, as a controlled field whose value is the station
 * id. The call differs by area (platform `liststation`, tenant `listtenantstation`, the user screen's
 * `listtenantuserstation`), so it comes in as `fetchPage`; `excludeId` hides one station (a station
 * cannot be its own parent).
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A station as the chooser needs it. */
export interface StationOption {
  id: string;
  name: string;
  level?: string;
}

export interface StationSearchSelectProps {
  /** Identifies the call (and its context, e.g. the tenant) in the query cache. */
  queryKey: readonly unknown[];
  /** Up to 50 stations whose name starts with `keyword` ('' for the first 50). */
  fetchPage: (keyword: string) => Promise<{ rows: StationOption[] }>;
  value?: string;
  onChange?: (stationId: string | undefined, name?: string) => void;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  excludeId?: string;
  /** The name shown for the value when it is not among the options (the edited record's station). */
  valueLabel?: string;
  style?: CSSProperties;
  /** What an empty result says (default: no stations yet). */
  emptyText?: string;
}

export default function StationSearchSelect({
  queryKey,
  fetchPage,
  value,
  onChange,
  placeholder,
  id,
  disabled,
  excludeId,
  valueLabel,
  style,
  emptyText,
}: StationSearchSelectProps) {
  const { t } = useTranslation('station');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, keyword],
    queryFn: () => fetchPage(keyword),
    enabled: !disabled,
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
      disabled={disabled}
      loading={isFetching}
      options={options}
      style={style}
      notFoundContent={isFetching ? undefined : (emptyText ?? t('noStation'))}
      onChange={(v: string | undefined) => {
        setKeyword('');
        onChange?.(v || undefined, data?.rows.find((r) => r.id === v)?.name);
      }}
    />
  );
}
