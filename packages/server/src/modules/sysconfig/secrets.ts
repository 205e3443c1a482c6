/**
 * Secrets of integration configuration at rest (docs/sysconfig.md "Secrets"): SMTP passwords, LDAP
 * bind passwords, SMS and WeChat app secrets are stored AES-256-GCM encrypted with the deployment's
 * key (`settings.configSecretKey`, 32 random bytes made once at the first start). The additional
 * authenticated data binds a ciphertext to its entry (`<kind>:<id>`), so a secret copied onto another
 * entry does not decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** Encrypts `plain` for the entry named by `aad`. */
export function encryptSecret(key: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/**
 * Decrypts a stored secret of the entry named by `aad`. Throws when the text is not ours, was altered,
 * or belongs to another entry.
 */
export function decryptSecret(key: Buffer, stored: string, aad: string): string {
  const [version, iv, tag, ct] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
