/**
 * Typed calls of the online-user screen (SPEC §4 Records: users online/offline, 'Eliminate user
 * success'; docs/protocol.md "Calls", docs/sessions.md). Reject with the client's ApiError (toasted).
 */
import { Paths, type Paged, type SessionListBody, type SessionRow } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Filters of the online-user grid. */
export type SessionFilters = Pick<SessionListBody, 'keyword' | 'tenant'>;

/** One page of online sessions: `POST listsession`. */
export function listSessions(query: SessionListBody, opts?: RequestOptions): Promise<Paged<SessionRow>> {
  return post<Paged<SessionRow>>(Paths.listsession, query, opts);
}

/**
 * Ends sessions by id → how many ended; their tokens stop working at once. Rejects with
 * `session.own_session` for the caller's own session and `session.not_found` (nothing is ended).
 */
export async function endSessions(ids: string[], opts?: RequestOptions): Promise<number> {
  const data = await post<{ count: number }>(Paths.endsession, { ids }, opts);
  return data.count;
}
