/**
 * A station (position) chooser for a tenant of the platform area (SPEC §3 User station): `liststation`
 * of `tenantId` through the shared StationSearchSelect. Disabled until a tenant is known; an empty tenant
 * shows the "no stations yet" state.
 */
import { useTranslation } from 'react-i18next';
import { listStations } from '../../api/station';
import StationSearchSelect from './station-search-select';

export interface StationSelectProps {
  tenantId?: string;
  value?: string;
  onChange?: (stationId: string | undefined) => void;
  placeholder?: string;
  id?: string;
  /** The name to show for the value when it is not among the options (the edited user's station). */
  valueLabel?: string;
}

export default function StationSelect({ tenantId, ...rest }: StationSelectProps) {
  const { t } = useTranslation('user');
  return (
    <StationSearchSelect
      {...rest}
      queryKey={['stationOptions', tenantId]}
      disabled={!tenantId}
      emptyText={t('noStation')}
      fetchPage={(keyword) => listStations({ tenantId: tenantId!, page: 1, pageSize: 50, keyword: keyword || undefined })}
    />
  );
}
