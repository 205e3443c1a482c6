/**
 * 'Remember password' (SPEC §1 Login; docs/login.md "Remember password"). The platform keeps only the
 * user name (localStorage) and hands the password to the browser's own password manager, which keeps it
 * encrypted by the operating system and fills it in on the next visit:
 * - the form's fields carry `autocomplete="username"` / `"current-password"`, which every browser's
 *   password manager understands;
 * - where the Credential Management API exists (Chromium), a successful sign-in also offers the
 *   credential to the browser explicitly (`navigator.credentials.store`).
 * The wire encryption of a password (PROTOCOL.md "Encrypted values") uses the public `mpk`, so a stored
 * ciphertext would be the password itself to anyone who reads the browser profile, and a replayable
 * sign-in besides; earlier versions stored it, and reading the entry now deletes such a leftover.
 */
export const REMEMBER_KEY = 'rememberedLogin';

export interface RememberedLogin {
  username: string;
}

/** The remembered user name, or null. Removes a password left by an earlier version. */
export function readRemembered(): RememberedLogin | null {
  try {
    const v = JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? 'null') as (Partial<RememberedLogin> & { encryptedPassword?: unknown }) | null;
    if (!v || typeof v.username !== 'string' || !v.username) return null;
    if ('encryptedPassword' in v) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ username: v.username }));
    return { username: v.username };
  } catch {
    return null;
  }
}

/** Remembers the user name (or forgets it when `value` is null). */
export function writeRemembered(value: RememberedLogin | null): void {
  try {
    if (value) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ username: value.username }));
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    /* storage unavailable */
  }
}

interface PasswordCredentialCtor {
  new (data: { id: string; password: string; name?: string }): Credential;
}

/**
 * Offers the credential to the browser's password manager (Credential Management API), when the
 * browser has one; elsewhere the autocomplete attributes let the browser offer to save it itself.
 * Never throws, never waits for the user's answer.
 */
export function offerToPasswordManager(username: string, password: string): void {
  const Ctor = (window as unknown as { PasswordCredential?: PasswordCredentialCtor }).PasswordCredential;
  if (!Ctor || !navigator.credentials?.store) return;
  try {
    void navigator.credentials.store(new Ctor({ id: username, password, name: username })).catch(() => undefined);
  } catch {
    /* not allowed here (e.g. an insecure origin) */
  }
}
