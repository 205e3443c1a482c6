/** Typed calls of stations (positions; SPEC §3 Station). Rejects with the client's `ApiError`. */
import { Paths, type Paged, type StationListBody, type StationRow } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of a tenant's stations, by name: `POST liststation`. */
export function listStations(query: StationListBody, opts?: RequestOptions): Promise<Paged<StationRow>> {
  return post<Paged<StationRow>>(Paths.liststation, query, { noLoading: true, ...opts });
}
