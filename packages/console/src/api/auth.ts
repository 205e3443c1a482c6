/**
 * Typed calls of sign-in and session (SPEC §7 Auth service and tenant login calls; PROTOCOL.md
 * "Sign-in sequence"; shapes in docs/protocol.md "Calls"). All reject with the client's ApiError.
 */
import {
  CodeType,
  DEFAULTS,
  Paths,
  type CaptchaRow,
  type CodeTableEntry,
  type PowAnswer,
  type SessionUserInfo,
  type SignInRow,
  type SliderAnswer,
  type StartupConfig,
  type TenantMenuRow,
} from '@mp/protocol';
import { get, loadStartupConfig, post, type RequestOptions } from './client';

/** `GET /gateway/auth/` — the startup configuration (stored by the client). */
export function fetchConfig(): Promise<StartupConfig> {
  return loadStartupConfig();
}

/**
 * A new captcha: `{ captchaId, image, pow }` (image a PNG data: URL; with a slider also the piece). No
 * spinner: it sits in the form.
 */
export async function fetchCaptcha(): Promise<CaptchaRow> {
  const data = await post<{ row: CaptchaRow }>(Paths.validcode, undefined, { noLoading: true, noToast: true });
  return data.row;
}

/** Sign-in body: password already encrypted with `encryptPassword`. */
export interface SignInParams {
  username: string;
  password: string;
  captchaId?: string;
  verifyCode?: string;
  /** The slider answer when verifyCodeType is '2' (rules/signin.ts). */
  slider?: SliderAnswer;
  /** The captcha's solved proof of work with verifyCodeType '1' and '2' (docs/login.md). */
  pow?: PowAnswer;
  agree: boolean;
}

/**
 * `signin` → `{ token, userId }`. No automatic toast (SPEC §7): the login form shows the error itself;
 * scode 10001001920 means the privacy agreement must be accepted first.
 */
export async function signIn(body: SignInParams): Promise<SignInRow> {
  const data = await post<{ row: SignInRow }>(Paths.signin, body, { noToast: true });
  return data.row;
}

/** `tokenlogin` → the session user info (SPEC §3). */
export async function tokenLogin(accountName: string, token: string, opts?: RequestOptions): Promise<SessionUserInfo> {
  const data = await post<{ row: SessionUserInfo }>(Paths.tokenlogin, { accountName, token }, opts);
  return data.row;
}

/** `tokenlogout` ends the session; no automatic toast (SPEC §7). */
export async function tokenLogout(accountName: string, token: string): Promise<void> {
  await post<unknown>(Paths.tokenlogout, { accountName, token }, { noToast: true });
}

/** `renewaltoken` extends the session → `{ token, expiresAt }`. */
export async function renewToken(token: string): Promise<{ token: string; expiresAt: number }> {
  const data = await post<{ row: { token: string; expiresAt: number } }>(Paths.renewaltoken, { token }, { noLoading: true, silent: true });
  return data.row;
}

/** `modifypassword` with the three passwords already encrypted. */
export async function modifyPassword(body: { oldPassword: string; newPassword: string; confirmPassword: string }, opts?: RequestOptions): Promise<void> {
  await post<unknown>(Paths.modifyPassword, body, opts);
}

/** Code-table entries of the given types (SPEC §7: login sends [1], the password rule). */
export async function queryCodeTable(types: number[] = [CodeType.PASSWORD_RULE], opts?: RequestOptions): Promise<CodeTableEntry[]> {
  const data = await post<{ row: CodeTableEntry[] }>(Paths.querycodetablelist, types, opts);
  return data.row ?? [];
}

/**
 * The tenant menu tree of the selected tenant (SPEC §6: TENANTID header, default -1) →
 * `TenantMenuRow[]`.
 */
export async function listMyMenu(tenantId: string = DEFAULTS.tenantMenuTenantId): Promise<TenantMenuRow[]> {
  const data = await get<{ rows: TenantMenuRow[] }>(Paths.listmymenu, undefined, { headers: { TENANTID: tenantId } });
  return data.rows ?? [];
}

/** Checks a password-recovery link (SPEC §2 Reset page); errors are only logged (SPEC §8). */
export async function checkResetLink(username: string, pwdflag: string): Promise<boolean> {
  try {
    await post<unknown>(`${Paths.checkresetpwd}?username=${encodeURIComponent(username)}&pwdflag=${encodeURIComponent(pwdflag)}`, undefined, { silent: true });
    return true;
  } catch {
    return false;
  }
}

/** Resets a password from a recovery link: encrypted `pwd` and `pwdflag` in the query (SPEC §7). */
export async function resetPassword(username: string, encryptedPwd: string, pwdflag: string): Promise<void> {
  const q = new URLSearchParams({ username, pwd: encryptedPwd, pwdflag });
  await post<unknown>(`${Paths.resetpwd}?${q.toString()}`, undefined, { noToast: true });
}
