/**
 * Changing one's own password (SPEC §2 first-login password reset and modify-password screen; §5
 * Password strength after login: the rule is the first row of code table type 1 — validStatus 0
 * 'password strength validation failed', 1 ok, 2 fetch failure with the server's message or a
 * default). Passwords travel encrypted (PROTOCOL.md "Encrypted values"). No React here.
 */
import { checkPasswordStrength, CodeType, DEFAULT_PASSWORD_RULE } from '@mp/protocol';
import { modifyPassword, queryCodeTable } from '../../api/auth';
import { ApiError, encryptPassword } from '../../api/client';

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** What the screen shows after a try: success, an error under the new password, or a message. */
export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; field: 'newPassword'; messageKey: string }
  | { ok: false; message?: string; messageKey?: string };

/** The password rule after login: code table type 1, first row's codeVal. Throws on fetch failure. */
export async function fetchPasswordRule(): Promise<string> {
  const rows = await queryCodeTable([CodeType.PASSWORD_RULE], { noToast: true });
  return rows[0]?.codeVal || DEFAULT_PASSWORD_RULE;
}

/**
 * Checks the new password against the rule (nothing is sent when it fails) and sends the change.
 * Message keys are of the `login` namespace; `message` is the server's own (already translated).
 */
export async function changeOwnPassword(v: PasswordChangeValues): Promise<PasswordChangeResult> {
  let status: 0 | 1 | 2;
  let fetchMessage: string | undefined;
  try {
    status = checkPasswordStrength(v.newPassword, await fetchPasswordRule());
  } catch (e) {
    status = 2;
    if (e instanceof ApiError && e.status === 200 && e.message) fetchMessage = e.message;
  }
  if (status === 0) return { ok: false, field: 'newPassword', messageKey: 'changePassword.strengthFailed' };
  if (status === 2) return fetchMessage ? { ok: false, message: fetchMessage } : { ok: false, messageKey: 'changePassword.ruleFetchFailed' };
  try {
    await modifyPassword(
      {
        oldPassword: encryptPassword(v.oldPassword),
        newPassword: encryptPassword(v.newPassword),
        confirmPassword: encryptPassword(v.confirmPassword),
      },
      { noToast: true },
    );
    return { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof ApiError ? e.message : String(e) };
  }
}
