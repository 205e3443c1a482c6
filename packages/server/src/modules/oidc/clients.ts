/**
 * Relying parties as the provider sees them (SPEC §2 App `client`; issue 4 "Clients are the platform's
 * applications"). Rows of `oidc_clients` are written by client access management (modules/clients);
 * this module only reads them. A disabled client, or a client of a disabled app, does not exist for the
 * provider (authorize shows the error page, the token endpoint answers `invalid_client`).
 *
 * Secrets: `secret_hash` is the lowercase hex SHA-256 of the secret (secrets are 32 random bytes, so a
 * fast hash is right). The provider compares `client_secret` with what `find` answers, so `find`
 * answers the hash and `compareClientSecret` (patched on the provider's Client class, the hook its
 * author points to for one-way hashed secrets) hashes the presented secret first. Symmetric algorithms
 * (HS256, client_secret_jwt) are therefore not offered.
 *
 * Client types (docs/clients.md): a confidential client authenticates with its secret
 * (`client_secret_basic` or `client_secret_post`); a public client (`token_endpoint_auth_method: none`:
 * single-page and mobile apps) has no secret and is held to PKCE S256 like every client.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import type { Db, Tx } from '../../db/client.js';
import { oidcClients, products } from '../../db/schema/index.js';

/**
 * Grant types the provider serves; others a row may list are ignored. `client_credentials` only for a
 * confidential client (its backend calls the policy service; docs/applications.md "Client authentication").
 */
export const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;

/** Client authentication methods a client can register: the first is the confidential one, `none` public. */
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/** Lowercase hex SHA-256 of a client secret (the agreed `secret_hash` format). */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time check of a presented secret against a stored hash. */
export function secretMatches(storedHash: string, presented: string): boolean {
  const a = Buffer.from(storedHash.toLowerCase());
  const b = Buffer.from(hashClientSecret(presented));
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface ClientRow {
  clientId: string;
  productId: string;
  productCode: string;
  name: string;
  /** Null for a public client. */
  secretHash: string | null;
  tokenEndpointAuthMethod: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: string[];
}

/** An enabled client of an enabled app, with its app's code; undefined otherwise. */
export async function findClientById(db: Db | Tx, clientId: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select({
      clientId: oidcClients.clientId,
      productId: oidcClients.productId,
      productCode: products.code,
      name: oidcClients.name,
      secretHash: oidcClients.secretHash,
      tokenEndpointAuthMethod: oidcClients.tokenEndpointAuthMethod,
      redirectUris: oidcClients.redirectUris,
      postLogoutRedirectUris: oidcClients.postLogoutRedirectUris,
      grantTypes: oidcClients.grantTypes,
    })
    .from(oidcClients)
    .innerJoin(products, eq(products.id, oidcClients.productId))
    .where(and(eq(oidcClients.clientId, clientId), eq(oidcClients.status, 1), eq(products.status, 1)));
  return row;
}

/** The provider's client metadata for `clientId` (adapter model `Client`), or undefined. */
export async function findClientMetadata(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const c = await findClientById(db, clientId);
  if (!c) return undefined;
  const isPublic = c.tokenEndpointAuthMethod === 'none';
  if (!isPublic && !c.secretHash) return undefined;
  const grantTypes = SUPPORTED_GRANT_TYPES.filter((g) => c.grantTypes.includes(g) && !(isPublic && g === 'client_credentials'));
  const signsIn = grantTypes.includes('authorization_code');
  if (!signsIn && !grantTypes.includes('client_credentials')) return undefined;
  return {
    client_id: c.clientId,
    ...(isPublic ? {} : { client_secret: c.secretHash }),
    client_name: c.name,
    // A client of the client_credentials grant only signs nobody in: no redirect, no response type.
    redirect_uris: signsIn ? c.redirectUris : [],
    post_logout_redirect_uris: signsIn ? c.postLogoutRedirectUris : [],
    grant_types: grantTypes,
    response_types: signsIn ? ['code'] : [],
    // client_secret_basic also accepts client_secret_post (the provider treats the two alike).
    token_endpoint_auth_method: isPublic ? 'none' : 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
    // Not OIDC metadata: read by the interaction and account code (the app the client belongs to).
    mp_product_id: c.productId,
    mp_product_code: c.productCode,
  } as AdapterPayload;
}
