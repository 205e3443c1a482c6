/**
 * Client authentication of the policy service (issue 14 "The policy service"; docs/applications.md
 * "Client authentication"). Routes declaring `access: { appClient: true }` are not signed like the
 * console's calls (the guard lets them through, plugins/guard.ts); an application's backend proves
 * which application it is with one of the application's OIDC clients:
 * - `Authorization: Basic base64(urlencode(client_id) ":" urlencode(client_secret))` (RFC 6749 §2.3.1)
 *   of an enabled confidential client of an enabled application, the secret compared in constant time
 *   with the stored SHA-256 (modules/oidc/clients.ts `secretMatches`); or
 * - `Authorization: Bearer <access token>` issued by the provider to such a client with the
 *   `client_credentials` grant (`provider.ClientCredentials.find`: known, unexpired), the client still
 *   enabled, confidential and of an enabled application.
 * The application of the call is the client's (`request.appClient.productId`), never a body field.
 * Anything else — no or malformed header, unknown client, wrong secret, public client, disabled client
 * or application, unknown or expired token — is HTTP 401 `policy.client_unauthorized` with
 * `WWW-Authenticate: Basic realm="policy"`. Failed attempts are counted per client address
 * (lib/rate-limit.ts, POLICY_AUTH_LIMIT); past the limit they answer 429 with `Retry-After`.
 * Hot path without a database round trip (config `policyCache.clientTtlMs`, default 5 s; off with
 * MP_POLICY_CACHE=0): a client row found is reused for the TTL (the secret is still compared in constant
 * time on every call), a Bearer token found for its remaining life (its client row still read again
 * after the TTL). So disabling a client or its application takes effect within the TTL. Failures are
 * never cached.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Headers, POLICY_REALM, PolicyCodes } from '@mp/protocol';
import { enforceRateLimits, type RateLimit } from '../lib/rate-limit.js';
import { unauthorized } from '../lib/errors.js';
import { findClientById, secretMatches, type ClientRow } from '../modules/oidc/clients.js';
import { providerFor } from '../modules/oidc/provider-registry.js';
import type { AppClientContext } from '../types.js';

/** Failed policy-service authentications allowed per client address and minute. */
export const POLICY_AUTH_LIMIT: RateLimit = { max: 60, windowMs: 60_000 };

/** `decodeURIComponent`, or undefined for malformed percent-encoding. */
function urlDecode(v: string): string | undefined {
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** The client id and secret of a Basic header value (after "Basic "), or undefined when malformed. */
export function parseBasic(value: string): { clientId: string; secret: string } | undefined {
  if (!/^[A-Za-z0-9+/=_-]{1,2000}$/.test(value)) return undefined;
  const text = Buffer.from(value, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const clientId = urlDecode(text.slice(0, colon));
  const secret = urlDecode(text.slice(colon + 1));
  return clientId && secret ? { clientId, secret } : undefined;
}

interface AuthCache {
  clients: LRUCache<string, ClientRow>;
  tokens: LRUCache<string, { clientId: string; expiresMs: number }>;
}
const authCaches = new WeakMap<object, AuthCache>();

/** The authentication cache of an app (per database object), or undefined when the policy cache is off. */
function authCacheOf(app: FastifyInstance): AuthCache | undefined {
  const { enabled, clientTtlMs } = app.config.policyCache;
  if (!enabled) return undefined;
  let c = authCaches.get(app.database);
  if (!c) {
    c = { clients: new LRUCache({ max: 1000, ttl: clientTtlMs }), tokens: new LRUCache({ max: 10_000, ttl: 10 * 60_000 }) };
    authCaches.set(app.database, c);
  }
  return c;
}

/** Empties the authentication cache of `app` (tests that change a client row directly). */
export function clearAppClientCache(app: FastifyInstance): void {
  authCaches.delete(app.database);
}

/** An enabled client row by id: from the cache when fresh, else read (and kept when found). */
async function clientById(app: FastifyInstance, cache: AuthCache | undefined, clientId: string): Promise<ClientRow | undefined> {
  const hit = cache?.clients.get(clientId);
  if (hit) return hit;
  const row = await findClientById(app.database.db, clientId);
  if (row && cache) cache.clients.set(clientId, row);
  return row;
}

const confidential = (c: ClientRow | undefined): c is ClientRow => !!c && c.tokenEndpointAuthMethod !== 'none' && !!c.secretHash;

/** The client the request authenticates as, or undefined (see the module comment). */
async function identify(app: FastifyInstance, request: FastifyRequest): Promise<ClientRow | undefined> {
  const raw = request.headers[Headers.authorization];
  const header = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const space = header.indexOf(' ');
  if (space < 0) return undefined;
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  const cache = authCacheOf(app);
  if (scheme === 'basic') {
    const creds = parseBasic(value);
    if (!creds || creds.clientId.length > 64) return undefined;
    const client = await clientById(app, cache, creds.clientId);
    return confidential(client) && secretMatches(client.secretHash!, creds.secret) ? client : undefined;
  }
  if (scheme === 'bearer') {
    if (!value || value.length > 200) return undefined;
    const key = createHash('sha256').update(value).digest('hex');
    let known = cache?.tokens.get(key);
    if (known && known.expiresMs <= Date.now()) known = undefined;
    if (!known) {
      const token = await providerFor(app.database)?.ClientCredentials.find(value);
      if (!token || token.isExpired || typeof token.clientId !== 'string') return undefined;
      known = { clientId: token.clientId, expiresMs: typeof token.exp === 'number' ? token.exp * 1000 : Date.now() };
      const ttl = known.expiresMs - Date.now();
      if (cache && ttl > 0) cache.tokens.set(key, known, { ttl });
    }
    const client = await clientById(app, cache, known.clientId);
    return confidential(client) && client.grantTypes.includes('client_credentials') ? client : undefined;
  }
  return undefined;
}

/**
 * Authenticates a policy-service request (see the module comment) and answers its client and application.
 * @throws 401 `policy.client_unauthorized` (with the challenge header), 429 `protocol.rate_limited`.
 */
export async function authenticateAppClient(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<AppClientContext> {
  const client = await identify(app, request);
  if (client) return { clientId: client.clientId, productId: client.productId, productCode: client.productCode };
  await enforceRateLimits(app.database.db, [{ key: `policy:auth:${request.ip}`, limit: POLICY_AUTH_LIMIT }]);
  void reply.header('WWW-Authenticate', `Basic realm="${POLICY_REALM}"`);
  throw unauthorized(PolicyCodes.CLIENT_UNAUTHORIZED);
}

/**
 * Adds the authentication to every route of `scope` whose access rule is `{ appClient: true }` (a
 * preValidation hook: before the body is validated, after the guard has let the route through).
 */
export function registerAppClientAuth(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (typeof access === 'object' && 'appClient' in access) request.appClient = await authenticateAppClient(scope, request, reply);
  });
}
