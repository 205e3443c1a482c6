/**
 * The enterprise user's My apps (issue 15; SPEC §2 User area `/userAdmin/app`, `/userAdmin/bbcapp`; §9 tiles
 * 12.5%; docs/users.md): the applications the signed-in user may use, and how each one opens. The request
 * body is the workbench's `MyAppListBody` (paging and a keyword: name or code, contains).
 */
import Type, { type Static } from 'typebox';
import type { OpenTypeValue } from './app-common.js';
import type { SsoModeValue } from './product.js';
import type { MyAppRow } from './client.js';

/** Gateway paths of My apps (docs/users.md "Calls"). */
export const MyAppsPaths = {
  listmyapps: '/gateway/tenant/user/app/listmyapps',
  /** The address that opens an application using the SSO query: its callback address with a fresh ticket. */
  ssoticket: '/gateway/tenant/user/app/ssoticket',
} as const;

/**
 * A tile of My apps. `loginUrl` is the application's login initiation address (OpenID Connect Core §4
 * third-party-initiated login: the product's callback address with `iss` and `target_link_uri`); it
 * never carries a token. `openType` (SPEC §3 Menu open type, of the application's first top-level menu;
 * 3 when it has none) decides how the console opens it: 1 in a frame inside the layout, 2 a new window
 * with the console's frame around it, 3 a new window of the application alone.
 */
export interface UserAppRow extends Pick<MyAppRow, 'id' | 'code' | 'name' | 'abbreviation' | 'logoUrl' | 'status'> {
  /**
   * `ssoMode` 1: the login initiation address. `ssoMode` 2: the callback address without a ticket — the
   * console asks `ssoticket` for the address to open each time (docs/users.md "Opening an application").
   */
  loginUrl: string;
  /** 1 OpenID Connect login initiation, 2 the SSO query with a single-use ticket (product setting). */
  ssoMode: SsoModeValue;
  openType: OpenTypeValue;
}

/** `ssoticket`: the application to open (its id). */
export const MyAppTicketBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type MyAppTicketBody = Static<typeof MyAppTicketBody>;

/**
 * `ssoticket` answer: `url` = the application's callback address with `ssotoken` = a single-use ticket
 * (60 s, for this application only) and `username` (SPEC §3 SSO query); `expiresAt` in ms since the epoch.
 */
export interface MyAppTicketRow {
  url: string;
  expiresAt: number;
}
