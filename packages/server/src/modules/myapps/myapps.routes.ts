/**
 * My apps of the enterprise user (issue 15; SPEC §2 User area; docs/users.md): `listmyapps`, the
 * applications the signed-in user may use, each with the address that opens it by single sign-on
 * (OpenID Connect third-party-initiated login; never a token in an address).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MyAppListBody, MyAppsPaths, MyAppTicketBody, OPEN_TYPES, ok, pageInfo, Paths, SsoMode, type OpenTypeValue, type UserAppRow } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { listUserApps, type UserAppRecord } from './myapps.repository.js';
import { issueAppTicket } from './app-tickets.js';

const tags = ['myapps'];

/**
 * The login initiation address of an application (OpenID Connect Core §4): its callback address (SPEC §3
 * Application "callback address", the app's login initiation URI) with `iss` = the provider's issuer and
 * `target_link_uri` = the callback address's origin + '/' (where the app should land). Existing query
 * parameters of the callback address are kept; '' when the address is not an absolute http(s) URL.
 */
export function loginInitiationUrl(callbackUrl: string, issuer: string): string {
  let u: URL;
  try {
    u = new URL(callbackUrl);
  } catch {
    return '';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
  u.hash = '';
  u.searchParams.set('iss', issuer);
  u.searchParams.set('target_link_uri', `${u.origin}/`);
  return u.toString();
}

/** The callback address itself when it is an absolute http(s) URL (fragment dropped), else ''. */
function plainAddress(callbackUrl: string): string {
  try {
    const u = new URL(callbackUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    u.hash = '';
    return u.toString();
  } catch {
    return '';
  }
}

/**
 * The tile of a record (open type 3, a new window of the application alone, when it has no menu). An
 * application using the SSO query gets its bare callback address: the console asks `ssoticket` for the
 * address with a ticket each time it opens it.
 */
function toRow(p: UserAppRecord, issuer: string): UserAppRow {
  const openType = (OPEN_TYPES as readonly number[]).includes(p.openType ?? 0) ? (p.openType as OpenTypeValue) : 3;
  const ssoMode = p.ssoMode === SsoMode.SSO_QUERY ? SsoMode.SSO_QUERY : SsoMode.OIDC;
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    abbreviation: p.abbreviation,
    logoUrl: p.logo ? `${Paths.getfile}/${p.logo}` : '',
    status: 1,
    loginUrl: ssoMode === SsoMode.SSO_QUERY ? plainAddress(p.callbackUrl) : loginInitiationUrl(p.callbackUrl, issuer),
    openType,
    ssoMode,
  };
}

export default async function myAppsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  /** The caller's applications (any signed-in user; an application only the caller's own tenant uses and the caller belongs to). */
  r.post(MyAppsPaths.listmyapps, { config: { access: 'user' }, schema: { tags, body: MyAppListBody } }, async (request) => {
    const b = request.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const userId = request.auth!.userId;
    const { rows, records } = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => listUserApps(tx, userId, { ...b, page, pageSize }));
    return ok({ rows: rows.map((p) => toRow(p, app.config.oidcIssuer)), ...pageInfo(page, pageSize, records) });
  });

  /**
   * The address that opens one of the caller's applications using the SSO query: its callback address with a
   * fresh single-use ticket (app-tickets.ts). Rate-limited per session (30 a minute, as `ssoticket` of the
   * OpenID hand-off).
   */
  r.post(MyAppsPaths.ssoticket, { config: { access: 'user' }, schema: { tags, body: MyAppTicketBody } }, async (request) => {
    const auth = request.auth!;
    await enforceRateLimits(app.database.db, [{ key: `app_ticket:${auth.sessionId}`, limit: { max: 30, windowMs: 60_000 } }]);
    const row = await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
      issueAppTicket(tx, { sessionId: auth.sessionId, userId: auth.userId, tenantId: auth.tenantId }, request.body.id),
    );
    return ok({ row });
  });
}
