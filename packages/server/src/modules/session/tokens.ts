/**
 * Opaque session tokens (docs/protocol.md Sign-in): 32 random bytes as hex; stored only as SHA-256
 * (the session id) and MD5 (the image `code` of SPEC §7).
 */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** The session id of a token: lowercase hex SHA-256. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenMd5(token: string): string {
  return createHash('md5').update(token).digest('hex');
}
