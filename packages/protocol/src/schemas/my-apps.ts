/**
 * The enterprise user's My apps (issue 15; SPEC §2 User area `/userAdmin/app`, `/userAdmin/bbcapp`; §9 tiles
 * 12.5%; docs/users.md): the applications the signed-in user may use, and how each one opens. The request
 * body is the workbench's `MyAppListBody` (paging and a keyword: name or code, contains).
 */
import type { OpenTypeValue } from './app-common.js';
import type { MyAppRow } from './client.js';

/** Gateway paths of My apps (docs/users.md "Calls"). */
export const MyAppsPaths = {
  listmyapps: '/gateway/tenant/user/app/listmyapps',
} as const;

/**
 * A tile of My apps. `loginUrl` is the application's login initiation address (OpenID Connect Core §4
 * third-party-initiated login: the product's callback address with `iss` and `target_link_uri`); it
 * never carries a token. `openType` (SPEC §3 Menu open type, of the application's first top-level menu;
 * 3 when it has none) decides how the console opens it: 1 in a frame inside the layout, 2 a new window
 * with the console's frame around it, 3 a new window of the application alone.
 */
export interface UserAppRow extends Pick<MyAppRow, 'id' | 'code' | 'name' | 'abbreviation' | 'logoUrl' | 'status'> {
  loginUrl: string;
  openType: OpenTypeValue;
}
