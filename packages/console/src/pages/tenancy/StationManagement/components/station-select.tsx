/**
 * A chooser among the current tenant's stations (tenant area; `listtenantstation`) in the shared
 * StationSearchSelect. `excludeId` hides a station (the one being edited: it cannot be its own parent;
 * descendants are refused by the server).
 */
import type { CSSProperties } from 'react';
import StationSearchSelect from '../../../../components/StationSelect/station-search-select';
import { listTenantStations } from '../../../../api/station-management';

export interface TenantStationSelectProps {
  value?: string;
  onChange?: (stationId: string | undefined, name?: string) => void;
  placeholder?: string;
  id?: string;
  excludeId?: string;
  /** The name shown for the value when it is not among the options. */
  valueLabel?: string;
  style?: CSSProperties;
}

export default function TenantStationSelect(props: TenantStationSelectProps) {
  return (
    <StationSearchSelect
      {...props}
      queryKey={['tenantStationOptions']}
      fetchPage={(keyword) => listTenantStations({ page: 1, pageSize: 50, keyword: keyword || undefined }, { noLoading: true })}
    />
  );
}
