/**
 * Applications that use the console's SSO query (issue 15; SPEC §3 "SSO query: ssotoken, username";
 * docs/users.md "Opening an application"). The console's bearer token never travels to an application: the
 * My apps tile asks for a **ticket** (`ssoticket`), the browser goes to the application's callback address
 * with `ssotoken=<ticket>&username=<user name>`, and the application's server exchanges the ticket with its
 * own confidential client (`sso/exchange`, HTTP Basic) for the user — like a CAS service ticket or an OAuth
 * authorization code. A ticket is 32 random bytes (base64url), stored only as its SHA-256 in
 * `one_time_codes` (purpose 'app_ticket', subject = the console session, audience = the application), good
 * once, for APP_TICKET_TTL_MS, and only for the application it was issued for.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MyAppsCodes, PolicyCodes, SsoMode, type MyAppTicketRow, type PolicySsoUser } from '@mp/protocol';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { oneTimeCodes, sessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';
import { findUsableUser, mayUseApp } from '../oidc/accounts.js';

export const APP_TICKET_PURPOSE = 'app_ticket';
/** Lifetime of an application ticket: the browser goes to the application at once. */
export const APP_TICKET_TTL_MS = 60_000;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

/**
 * The callback address `callbackUrl` with the SSO query `ssotoken=<ticket>&username=<username>` (other query
 * parameters kept, fragment dropped); '' when it is not an absolute http(s) URL.
 */
export function ssoQueryUrl(callbackUrl: string, ticket: string, username: string): string {
  let u: URL;
  try {
    u = new URL(callbackUrl);
  } catch {
    return '';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
  u.hash = '';
  u.searchParams.set('ssotoken', ticket);
  u.searchParams.set('username', username);
  return u.toString();
}

/**
 * Issues a ticket for opening application `productId` as the caller (session `s`), when it is one of the
 * caller's applications as My apps says (enabled, used by their tenant, they are its user: `isAppUser`) and
 * it uses the SSO query. Answers the address to open and when the ticket expires.
 * Errors: `myapps.app_not_found` (not theirs, unknown, disabled), `myapps.not_sso_query`, `myapps.no_address`.
 */
export async function issueAppTicket(tx: Tx, s: { sessionId: string; userId: string; tenantId: string }, productId: string): Promise<MyAppTicketRow> {
  const [app] = rowsOf<{ id: string; callbackUrl: string; ssoMode: number; username: string }>(
    await tx.execute(sql`
    select p.id, p.callback_url as "callbackUrl", p.sso_mode as "ssoMode", u.username
    from users u
    join tenant_products tp on tp.tenant_id = u.tenant_id and tp.product_id = ${productId} and tp.status = 1
    join products p on p.id = tp.product_id and p.status = 1
    where u.id = ${s.userId} and u.tenant_id = ${s.tenantId} and ${isAppUser(sql.raw('p.id'), usersAs('u'))}`),
  );
  if (!app) throw new AppError(MyAppsCodes.APP_NOT_FOUND);
  if (app.ssoMode !== SsoMode.SSO_QUERY) throw new AppError(MyAppsCodes.NOT_SSO_QUERY);
  const ticket = randomBytes(32).toString('base64url');
  const url = ssoQueryUrl(app.callbackUrl, ticket, app.username);
  if (!url) throw new AppError(MyAppsCodes.NO_ADDRESS);
  const expiresAt = new Date(Date.now() + APP_TICKET_TTL_MS);
  await tx.insert(oneTimeCodes).values({
    id: randomUUID(),
    purpose: APP_TICKET_PURPOSE,
    subject: s.sessionId,
    userId: s.userId,
    tenantId: s.tenantId,
    audience: app.id,
    codeHash: hashTicket(ticket),
    expiresAt,
  });
  return { url, expiresAt: expiresAt.getTime() };
}

/**
 * Exchanges a ticket presented by application `productId` (authenticated by its confidential client) for the
 * user: consumes it in a transaction of its own (one statement: of two exchanges at once only one succeeds; a
 * refused exchange still spends the ticket), then checks in a second one that the console session it came from
 * is still live and that the user may still hold tokens and use the application.
 * Any failure — unknown, used, expired, another application's ticket, session ended, user no longer usable —
 * is the one answer `policy.ticket_invalid` (HTTP 400), so the answer tells a guesser nothing.
 */
export async function exchangeAppTicket(db: Db, productId: string, ticket: string): Promise<PolicySsoUser> {
  const invalid = new AppError(PolicyCodes.TICKET_INVALID, {}, 400);
  const now = new Date();
  const [used] = await inScope(db, PLATFORM_SCOPE, (tx) =>
    tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeCodes.codeHash, hashTicket(ticket)),
          eq(oneTimeCodes.purpose, APP_TICKET_PURPOSE),
          eq(oneTimeCodes.audience, productId),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.expiresAt, now),
        ),
      )
      .returning({ sessionId: oneTimeCodes.subject, userId: oneTimeCodes.userId, tenantId: oneTimeCodes.tenantId }),
  );
  if (!used) throw invalid;
  return inScope(db, PLATFORM_SCOPE, (tx) => userOfTicket(tx, productId, used, now, invalid));
}

/** The user of a consumed ticket `used`, or `invalid` (see `exchangeAppTicket`). */
async function userOfTicket(
  tx: Tx,
  productId: string,
  used: { sessionId: string; userId: string; tenantId: string },
  now: Date,
  invalid: AppError,
): Promise<PolicySsoUser> {
  const [session] = await tx
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, used.sessionId), eq(sessions.userId, used.userId), eq(sessions.state, 'active'), gt(sessions.expiresAt, now)));
  if (!session) throw invalid;
  const found = await findUsableUser(tx, used.userId, now);
  if (!found || found.user.tenantId !== used.tenantId || !(await mayUseApp(tx, found.user, productId))) throw invalid;
  const { user } = found;
  return {
    userId: user.id,
    username: user.username,
    employeeName: user.employeeName,
    tenantId: user.tenantId,
    tenantCode: found.tenantCode,
    sessionExpiresAt: session.expiresAt.getTime(),
  };
}
