/**
 * Typed call of the enterprise user's My apps (SPEC §2 User area; docs/users.md "Calls"): the
 * applications the signed-in user may use, each with its login initiation address and open type.
 */
import { MyAppsPaths, type MyAppListBody, type Paged, type UserAppRow } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of the caller's applications (keyword: name or code, contains). Rejects with `ApiError`. */
export function listUserApps(query: MyAppListBody, opts?: RequestOptions): Promise<Paged<UserAppRow>> {
  return post<Paged<UserAppRow>>(MyAppsPaths.listmyapps, query, opts);
}
