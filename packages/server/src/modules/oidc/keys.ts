/**
 * The OpenID provider's keys, generated once and kept in the database so every instance signs with and
 * publishes the same ones (issue 4 "Single sign-on"; docs/oidc.md "Keys"):
 * - signing keys: table `oidc_keys` (private JWKs; one RS256 key, the ID token default, and one ES256);
 * - cookie keys (the provider signs its cookies with them): setting `oidc.cookieKeys`.
 * Both are created inside one transaction holding an advisory lock, so two instances starting together
 * on one PostgreSQL agree: the second waits for the first and reads what it wrote.
 */
import { generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oidcKeys, settings } from '../../db/schema/index.js';

/** A private signing key as the provider takes it (`jwks.keys[]`). */
export type SigningJwk = JsonWebKey & { kid: string; alg: string; use: 'sig' };

export interface ProviderKeys {
  /** Private JWKs, RS256 first (the default signing algorithm picks the first key of its type). */
  jwks: SigningJwk[];
  /** Cookie signing keys (newest first). */
  cookieKeys: string[];
}

const COOKIE_KEYS = 'oidc.cookieKeys';
/** Advisory-lock key of the key generation (any fixed number; documented in docs/oidc.md). */
const LOCK_KEY = 4_101_2026;

function newSigningKeys(): SigningJwk[] {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return [
    { ...rsa, kid: randomUUID(), alg: 'RS256', use: 'sig' },
    { ...ec, kid: randomUUID(), alg: 'ES256', use: 'sig' },
  ];
}

/**
 * Loads the keys, generating them on the very first start. Runs as the database owner (platform tables
 * without row-level security, like the guard store), in one transaction under an advisory lock.
 */
export async function loadProviderKeys(db: Db): Promise<ProviderKeys> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    let rows = await tx.select().from(oidcKeys).orderBy(asc(oidcKeys.createdAt), asc(oidcKeys.kid));
    if (!rows.length) {
      const keys = newSigningKeys();
      const base = Date.now();
      // Distinct creation times keep the RS256 key first when read back.
      await tx.insert(oidcKeys).values(keys.map((jwk, i) => ({ kid: jwk.kid, jwk, createdAt: new Date(base + i) })));
      rows = await tx.select().from(oidcKeys).orderBy(asc(oidcKeys.createdAt), asc(oidcKeys.kid));
    }
    await tx
      .insert(settings)
      .values({ key: COOKIE_KEYS, value: [randomBytes(32).toString('base64url')] })
      .onConflictDoNothing();
    const [cookie] = await tx.select().from(settings).where(eq(settings.key, COOKIE_KEYS));
    return { jwks: rows.map((r) => r.jwk as SigningJwk), cookieKeys: cookie!.value as string[] };
  });
}
