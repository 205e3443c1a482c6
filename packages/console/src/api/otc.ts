/**
 * Typed calls of dynamic-code sign-in, MFA and password recovery (SPEC §7 auth service; docs/codes.md).
 * Failures reject with the client's ApiError; none shows an automatic toast: the forms show the server's
 * message themselves (sign-in and confirm are in SPEC §7's no-toast list).
 */
import { Paths, type MfaPendingRow, type OtcChannel, type SignInRow } from '@mp/protocol';
import { get, post } from './client';

const quiet = { noToast: true } as const;

/** `send/email/{email}` or `send/mobile/{mobile}`: a sign-in code to a registered address (success either way). */
export async function sendLoginCode(type: OtcChannel, address: string): Promise<void> {
  await post<unknown>(`${type === 'email' ? Paths.sendemailcode : Paths.sendmobilecode}/${encodeURIComponent(address.trim())}`, undefined, quiet);
}

/** `signinbycode` → `{ token, userId }` like signin; `agree` is the ticked agreement. */
export async function signInByCode(body: { loginType: OtcChannel; address: string; dynamicCode: string; agree: boolean }): Promise<SignInRow> {
  const data = await post<{ row: SignInRow }>(Paths.signinbycode, body, quiet);
  return data.row;
}

/** `mfa/send/{type}/{username}?ticket=`: a code for the pending MFA sign-in. */
export async function sendMfaCode(pending: MfaPendingRow, type: OtcChannel): Promise<void> {
  await post<unknown>(`${Paths.mfasend}/${type}/${encodeURIComponent(pending.username)}?ticket=${encodeURIComponent(pending.ticket)}`, undefined, quiet);
}

/** `confirm?ticket=&type=&code=` → `{ token, userId }` like signin. */
export async function confirmMfa(pending: MfaPendingRow, type: OtcChannel, code: string): Promise<SignInRow> {
  const data = await get<{ row: SignInRow }>(Paths.loginconfirm, { ticket: pending.ticket, type, code }, quiet);
  return data.row;
}

/** `findpwd?username=`: the recovery mail (success whether or not the account exists). */
export async function findPassword(username: string): Promise<void> {
  await post<unknown>(`${Paths.findpwd}?username=${encodeURIComponent(username.trim())}`, undefined, quiet);
}
