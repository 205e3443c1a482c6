/**
 * Single sign-on hand-off of the login page (SPEC §4 Login flow; docs/oidc.md "Hand-off"): when the
 * login page was opened by the OpenID provider for another app, the console asks for a single-use
 * ticket (`POST ssoticket`, signed, with the session) and sends the browser to the provider's central
 * code endpoint with `sessionId=<ticket>` and `redirect_uri` — the bearer token never goes in an address.
 */
import { Paths } from '@mp/protocol';
import { post, type RequestOptions } from './client';

/**
 * A hand-off ticket (good once, for 60 seconds). No automatic toast: the login page shows errors.
 * `opts` e.g. `{ silent: true }` when a stored session is only tried (no sign-out, no redirect on failure).
 */
export async function fetchSsoTicket(opts: RequestOptions = { noToast: true }): Promise<string> {
  const data = await post<{ row: { ticket: string; expiresAt: number } }>(Paths.ssoticket, {}, opts);
  return data.row.ticket;
}

/** The provider's interaction id in the login address hash (`#…&interaction=<uid>`), or ''. */
export function interactionOfHash(hash: string): string {
  let h = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = h.indexOf('?');
  if (q >= 0) h = h.slice(q + 1);
  return new URLSearchParams(h).get('interaction') ?? '';
}

/** The central code endpoint: `/oidc/interaction/<uid>/login?sessionId=<ticket>&redirect_uri=<uri>`. */
export function codeEndpointUrl(interaction: string, ticket: string, redirectUri: string): string {
  const uid = encodeURIComponent(interaction || '-');
  return `${Paths.oidcInteraction}/${uid}/login?sessionId=${encodeURIComponent(ticket)}&redirect_uri=${encodeURIComponent(redirectUri)}`;
}
