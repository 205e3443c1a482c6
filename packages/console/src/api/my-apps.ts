/**
 * Typed call of the enterprise user's My apps (SPEC §2 User area; docs/users.md "Calls"): the
 * applications the signed-in user may use, each with its login initiation address and open type.
 */
import { MyAppsPaths, type MyAppListBody, type MyAppTicketRow, type Paged, type UserAppRow } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** One page of the caller's applications (keyword: name or code, contains). Rejects with `ApiError`. */
export function listUserApps(query: MyAppListBody, opts?: RequestOptions): Promise<Paged<UserAppRow>> {
  return post<Paged<UserAppRow>>(MyAppsPaths.listmyapps, query, opts);
}

/**
 * The address that opens application `id` using the SSO query: its callback address with a fresh single-use
 * ticket (`ssoticket`; docs/users.md "Opening an application"). Rejects with `ApiError` (`myapps.*`).
 */
export async function ssoTicketUrl(id: string, opts?: RequestOptions): Promise<string> {
  const data = await post<{ row: MyAppTicketRow }>(MyAppsPaths.ssoticket, { id }, opts);
  return data.row.url;
}
