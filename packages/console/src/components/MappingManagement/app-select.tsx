/**
 * A chooser of the tenant's applications for the mapping screens (SPEC §2 orgMappingManagement,
 * employeeMappingManagement), as a controlled form field or filter. Options come from the screen's own
 * call (`listorgmappingapp` / `listusermappingapp`: each screen calls only APIs of its menu); a disabled
 * application is marked.
 */
import { Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Status } from '@mp/protocol';
import { listMappingApps, type MappingKind } from '../../api/mapping';

export interface AppSelectProps {
  kind: MappingKind;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  style?: React.CSSProperties;
}

/** The query of the tenant's applications (shared by the chooser and the grid's filter). */
export function useMappingApps(kind: MappingKind) {
  return useQuery({ queryKey: ['mappingApps', kind], queryFn: () => listMappingApps(kind), staleTime: 30_000 });
}

export default function AppSelect({ kind, value, onChange, placeholder, allowClear, id, style }: AppSelectProps) {
  const { t } = useTranslation(['mapping', 'common']);
  const { data, isFetching } = useMappingApps(kind);
  return (
    <Select
      id={id}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      allowClear={allowClear}
      placeholder={placeholder ?? t('chooseApp')}
      loading={isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      style={style}
      notFoundContent={data && !data.length ? t('noApps') : undefined}
      options={(data ?? []).map((a) => ({
        value: a.productId,
        label: a.code ? `${a.name} (${a.code})` : a.name,
        title: a.name,
        disabled: false,
        status: a.status,
      }))}
      optionRender={(o) => (
        <span>
          {o.label}
          {o.data.status !== Status.ENABLED && <Tag style={{ marginInlineStart: 8 }}>{t('common:disabled')}</Tag>}
        </span>
      )}
    />
  );
}
