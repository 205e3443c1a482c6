/**
 * Per-instance cache of the provider's clients (issue 17 "OpenID Connect hot path"; docs/oidc.md
 * "Client cache"). Every token, introspection, userinfo and revocation request looks its client up;
 * without the cache each lookup is a statement (`oidc_clients` joined with `products`) plus the
 * provider's own SHA-256 over the metadata's JSON. `provider.Client.find` is wrapped so a client found
 * is kept as the provider's `Client` instance for `ttlMs`.
 *
 * Bound: a change to a client or its application (disabled, secret rotated, redirect URIs edited)
 * takes effect on every instance within `ttlMs` — the same TTL and configuration as the policy
 * service's client authentication (`MP_POLICY_CLIENT_TTL_MS`, default 5 s; `MP_POLICY_CACHE=0` turns
 * both off). A client not found is never cached, so a new client works at once.
 */
import { LRUCache } from 'lru-cache';
import type Provider from 'oidc-provider';

type ClientInstance = NonNullable<Awaited<ReturnType<Provider['Client']['find']>>>;

const caches = new WeakMap<object, LRUCache<string, ClientInstance>>();

/**
 * Wraps `provider.Client.find` with a TTL cache keyed by client id (`ttlMs` > 0; 0 leaves the provider
 * as it is). `owner` is the object the cache is kept under (the app's `database`).
 */
export function cacheProviderClients(owner: object, provider: Provider, ttlMs: number): void {
  if (ttlMs <= 0) return;
  const cache = new LRUCache<string, ClientInstance>({ max: 1000, ttl: ttlMs });
  caches.set(owner, cache);
  const Client = provider.Client as unknown as { find(id: string): Promise<ClientInstance | undefined> };
  const find = Client.find.bind(Client);
  Client.find = async (id: string) => {
    if (typeof id !== 'string') return find(id);
    const hit = cache.get(id);
    if (hit) return hit;
    const client = await find(id);
    if (client) cache.set(id, client);
    return client;
  };
}

/** Forgets the cached clients of `owner` (tests that change a client row directly: "the TTL passes"). */
export function clearOidcClientCache(owner: object): void {
  caches.get(owner)?.clear();
}
