/**
 * The position (station) chooser of the tenant user screen: the current tenant's stations by name prefix
 * (`listtenantuserstation`, an API of the user screen, so a role holder who manages users can use it),
 * 50 at a time, as a controlled field whose value is the station id.
 */
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTenantUserStations } from '../../../../api/tenant-user';

export interface PositionSelectProps {
  value?: string;
  onChange?: (stationId: string | undefined) => void;
  placeholder?: string;
  id?: string;
  /** The name shown for the value when it is not among the options (the edited user's station). */
  valueLabel?: string;
  style?: React.CSSProperties;
}

export default function PositionSelect({ value, onChange, placeholder, id, valueLabel, style }: PositionSelectProps) {
  const { t } = useTranslation('station');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['tenantUserStations', keyword],
    queryFn: () => listTenantUserStations({ page: 1, pageSize: 50, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
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
      loading={isFetching}
      options={options}
      style={style}
      notFoundContent={isFetching ? undefined : t('noStation')}
      onChange={(v: string | undefined) => { setKeyword(''); onChange?.(v || undefined); }}
    />
  );
}
