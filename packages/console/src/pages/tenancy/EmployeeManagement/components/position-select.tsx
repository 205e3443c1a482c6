/**
 * The position (station) chooser of the tenant user screen: the current tenant's stations through
 * `listtenantuserstation` (an API of the user screen, so a role holder who manages users can use it),
 * in the shared StationSearchSelect.
 */
import type { CSSProperties } from 'react';
import StationSearchSelect from '../../../../components/StationSelect/station-search-select';
import { listTenantUserStations } from '../../../../api/tenant-user';

export interface PositionSelectProps {
  value?: string;
  onChange?: (stationId: string | undefined) => void;
  placeholder?: string;
  id?: string;
  /** The name shown for the value when it is not among the options (the edited user's station). */
  valueLabel?: string;
  style?: CSSProperties;
}

export default function PositionSelect(props: PositionSelectProps) {
  return (
    <StationSearchSelect
      {...props}
      queryKey={['tenantUserStations']}
      fetchPage={(keyword) => listTenantUserStations({ page: 1, pageSize: 50, keyword: keyword || undefined })}
    />
  );
}
