/**
 * 'Remember password' (SPEC §1 Login): only the user name and the password already encrypted for the
 * wire are kept in localStorage — never the plain password. The stored ciphertext is sent as-is when
 * the user signs in without retyping.
 */
export const REMEMBER_KEY = 'rememberedLogin';

export interface RememberedLogin {
  username: string;
  /** The password encrypted with `encryptPassword` (PROTOCOL.md "Encrypted values"). */
  encryptedPassword: string;
}

/** The remembered credentials, or null. */
export function readRemembered(): RememberedLogin | null {
  try {
    const v = JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? 'null') as Partial<RememberedLogin> | null;
    return v && typeof v.username === 'string' && typeof v.encryptedPassword === 'string' && v.encryptedPassword
      ? { username: v.username, encryptedPassword: v.encryptedPassword }
      : null;
  } catch {
    return null;
  }
}

/** Stores the credentials (or forgets them when `value` is null). */
export function writeRemembered(value: RememberedLogin | null): void {
  try {
    if (value) localStorage.setItem(REMEMBER_KEY, JSON.stringify(value));
    else localStorage.removeItem(REMEMBER_KEY);
  } catch { /* storage unavailable */ }
}
