/**
 * The service-account credential (docs/service-accounts.md "Credential"): a public key id (`sa-` + 24 hex
 * characters, also the account's user name) and a secret of 32 random bytes (64 hex characters), stored
 * only as its SHA-256. A slow hash is not needed: the secret is random with 256 bits, so no guessing
 * attack gains anything from the hash's speed, and a fast hash keeps the token call cheap.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new key id: `sa-` and 24 hex characters (96 random bits). */
export function newKeyId(): string {
  return `sa-${randomBytes(12).toString('hex')}`;
}

/** A new secret: 32 random bytes as 64 lower-case hex characters. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The stored form of a secret: hex SHA-256 of its text. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** True when `secret` hashes to `storedHash` (constant-time comparison). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A hash to compare against when the key id is unknown, so both refusals cost the same. */
export const DUMMY_HASH = hashSecret('no such service account');

/**
 * The instant a credential valid through `date` (`YYYY-MM-DD`, UTC) stops: the next midnight UTC;
 * undefined for a date that does not exist (2026-02-30).
 */
export function expiryInstant(date: string): Date | undefined {
  const d = new Date(`${date}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return undefined;
  return new Date(d.getTime() + 86_400_000);
}

/** The last valid day of a credential that stops at `instant` (inverse of `expiryInstant`). */
export function expiryDate(instant: Date | null): string | null {
  return instant ? new Date(instant.getTime() - 86_400_000).toISOString().slice(0, 10) : null;
}

/** The check constraint migration 0030's trigger names when an identity is given to a service account's user. */
export const NO_IDENTITY_CONSTRAINT = 'user_identities_service_account_ck';

/**
 * True when `err` (or its cause chain) is that trigger's refusal: any writer of identities (tenant or
 * application administrators) then answers `serviceaccount.no_identity` instead of a server error.
 */
export function isServiceAccountIdentityRefusal(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const x = e as { constraint?: unknown; cause?: unknown; message?: unknown };
    if (x.constraint === NO_IDENTITY_CONSTRAINT || (typeof x.message === 'string' && x.message.includes('a service account holds no identity'))) return true;
    e = x.cause;
  }
  return false;
}
