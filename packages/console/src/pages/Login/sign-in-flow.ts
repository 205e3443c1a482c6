/**
 * The sign-in sequence (PROTOCOL.md "Sign-in sequence"; SPEC §4 Login flow): signin → (agreement) →
 * tokenlogin → identities expanded → user info and menu saved → where to go next. A first sign-in that
 * must change its password (login configuration `forcePasswordChange`) stops after signin with
 * `changePassword`; the page shows the change screen and then calls `finishSignIn`. No React here; the
 * login page shows what this returns.
 */
import { Codes, type MfaPendingRow, type SignInRow } from '@mp/protocol';
import { signIn, tokenLogin, type SignInParams } from '../../api/auth';
import { ApiError } from '../../api/client';
import { codeEndpointUrl, fetchSsoTicket, interactionOfHash } from '../../api/oidc';
import { homeOf } from '../../routes/areas';
import { useConfigStore } from '../../stores/config';
import { initSection, normaliseUserInfo } from '../../stores/session-actions';
import { useSessionStore } from '../../stores/session';

export type SignInOutcome =
  /** Signed in: go to this in-app path, or (external) load this address. */
  | { kind: 'done'; to: string; external: boolean }
  /** Signed in to a restricted session: the password must be changed first (docs/login.md). */
  | { kind: 'changePassword'; username: string }
  /** The server wants the privacy agreement accepted first (scode 10001001920). */
  | { kind: 'agreement' }
  /** The password was right; a code sent by mail or SMS must confirm the sign-in (MFA; docs/codes.md). */
  | { kind: 'mfa'; pending: MfaPendingRow }
  /** Refused; `messageKey` is a login-namespace key, else `message` is the server's text. */
  | { kind: 'error'; message?: string; messageKey?: string; refreshCaptcha: boolean };

/**
 * The central code endpoint for another app's sign-in (SPEC §4: redirect_uri, tenant_id, app_code):
 * `sessionId` carries a single-use hand-off ticket, never the bearer token (docs/oidc.md "Hand-off").
 */
export async function confirmUrl(redirectUri: string): Promise<string> {
  return codeEndpointUrl(interactionOfHash(globalThis.location?.hash ?? ''), await fetchSsoTicket(), redirectUri);
}

/**
 * Single sign-on with a session the console already has (docs/users.md "Opening an application"): when
 * the provider sent the browser here for another app's sign-in (hash with `interaction`, `redirect_uri`,
 * tenant and app) and a session is stored, the hand-off is tried at once with a fresh ticket — the user
 * is not asked for a password again. Answers the code endpoint's address, or null (no stored session, not
 * an interaction, or the session no longer works: the caller then clears it and shows the form).
 */
export async function resumeHandOff(hash: { redirectUri: string; hasTenantAndApp: boolean }): Promise<string | null> {
  const interaction = interactionOfHash(globalThis.location?.hash ?? '');
  const { token, userId } = useSessionStore.getState();
  if (!interaction || !hash.redirectUri || !hash.hasTenantAndApp || !token || !userId) return null;
  try {
    return codeEndpointUrl(interaction, await fetchSsoTicket({ silent: true }), hash.redirectUri);
  } catch {
    return null;
  }
}

/**
 * Runs the sequence. `params.password` is already encrypted. Never throws: every failure becomes an
 * outcome the page shows (sign-in calls have no automatic toast, SPEC §7).
 */
export async function runSignIn(params: SignInParams): Promise<SignInOutcome> {
  let row;
  try {
    row = await signIn(params);
  } catch (e) {
    if (e instanceof ApiError && e.scode === Codes.AGREEMENT_REQUIRED) return { kind: 'agreement' };
    return { kind: 'error', message: e instanceof ApiError ? e.message : String(e), refreshCaptcha: true };
  }
  if ((row as Partial<MfaPendingRow>).mfaRequired) return { kind: 'mfa', pending: row as unknown as MfaPendingRow };
  return completeSignIn(params.username, row);
}

/**
 * After a sign-in answered `{ token, userId }` (password, dynamic code or MFA confirmation): stores the
 * session and runs the rest of the sequence, or stops at `changePassword`. Never throws.
 */
export async function completeSignIn(username: string, row: SignInRow): Promise<SignInOutcome> {
  useSessionStore.getState().setAuth(row.token, row.userId);
  if (row.mustChangePassword) return { kind: 'changePassword', username };
  return finishSignIn(username, row.token, row.userId);
}

/**
 * The rest of the sequence once a session exists (`setAuth` done): tokenlogin, identities, user info,
 * menu, destination. Never throws.
 */
export async function finishSignIn(username: string, token: string, userId: string): Promise<SignInOutcome> {
  const row = { token, userId };
  let info;
  try {
    info = await tokenLogin(username, row.token, { noToast: true });
  } catch (e) {
    useSessionStore.getState().clearSession();
    return { kind: 'error', message: e instanceof ApiError ? e.message : String(e), refreshCaptcha: true };
  }
  const n = normaliseUserInfo({ ...info, token: info.token || row.token, userId: info.userId || row.userId });
  if ('refusal' in n) {
    useSessionStore.getState().clearSession();
    return { kind: 'error', messageKey: n.refusal, refreshCaptcha: true };
  }
  useSessionStore.getState().setUserInfo(n.info);
  const { hash, login } = useConfigStore.getState();
  if (hash.redirectUri && hash.hasTenantAndApp) {
    try {
      return { kind: 'done', to: await confirmUrl(hash.redirectUri), external: true };
    } catch (e) {
      return { kind: 'error', message: e instanceof ApiError ? e.message : String(e), refreshCaptcha: true };
    }
  }
  const first = n.types[0]!;
  await initSection(first);
  return { kind: 'done', to: homeOf(first, login), external: false };
}
