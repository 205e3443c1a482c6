/**
 * Test fixtures of the OpenID provider (tests only): an app listening on a real loopback port with the
 * issuer at that port, a registered client of an app authorised for a tenant, a cookie-keeping user
 * agent that follows redirects, and the whole browser journey without a browser (authorize → console
 * login → hand-off ticket → code endpoint → the app's callback).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { Paths } from '@mp/protocol';
import { buildApp } from '../../app.js';
import type { ServerConfig } from '../../config.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { oidcClients, products, tenantProducts } from '../../db/schema/index.js';
import { ADMIN_PASSWORD } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { hashClientSecret } from './clients.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Builds and starts the app on a free port with the issuer `http://127.0.0.1:<port>/oidc`; its log lines go
 * to `logStream` when given (at `overrides.logLevel`), else nowhere.
 */
export async function listeningApp(
  overrides: Partial<ServerConfig> = {},
  logStream?: DestinationStream,
): Promise<{ app: FastifyInstance; base: string; issuer: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const issuer = `${base}/oidc`;
  const { app } = await buildApp(
    {
      dataDir: 'memory://',
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      loginCaptcha: '0',
      consoleDir: '/nonexistent',
      oidcIssuer: issuer,
      ...overrides,
    },
    logStream ? { logStream } : { logger: false },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base, issuer };
}

/** Inserts an app (product) and authorises it for `tenantIds`; returns its id and code. */
export async function createAppRow(app: FastifyInstance, code: string, tenantIds: string[] = ['sys']): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(products).values({
      id,
      code,
      name: `App ${code}`,
      abbreviation: code,
      version: '1.0',
      callbackUrl: 'https://app.example.com',
      department: 'IT',
      ownerName: 'Li',
      ownerEmail: 'li@example.com',
      ownerPhone: '13800000000',
      opsOwner: 'Wang',
    });
    for (const tenantId of tenantIds) await tx.insert(tenantProducts).values({ tenantId, productId: id, version: '1.0' });
  });
  return { id, code };
}

/**
 * Registers a client directly in `oidc_clients` (the agreed secret format); returns id and secret.
 * `public: true` registers a public client (`none`, no secret; `clientSecret` is then '').
 */
export async function createClientRow(
  app: FastifyInstance,
  productId: string,
  c: { redirectUris: string[]; postLogoutRedirectUris?: string[]; grantTypes?: string[]; public?: boolean },
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = `rp-${randomBytes(4).toString('hex')}`;
  const clientSecret = c.public ? '' : randomBytes(32).toString('base64url');
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(oidcClients).values({
      clientId,
      productId,
      name: `Test app ${clientId}`,
      redirectUris: c.redirectUris,
      ...(c.public ? { secretHash: null, tokenEndpointAuthMethod: 'none' } : { secretHash: hashClientSecret(clientSecret) }),
      postLogoutRedirectUris: c.postLogoutRedirectUris ?? [],
      grantTypes: c.grantTypes ?? ['authorization_code', 'refresh_token'],
    }),
  );
  return { clientId, clientSecret };
}

/** A user agent with a cookie jar that follows redirects on `base` until one leaves it (or a stop). */
export class UserAgent {
  private jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /^max-age=0$/i.test(a.trim()));
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  /** Follows redirects inside `base`; answers the first response that is not a redirect inside it. */
  async follow(url: string, init?: RequestInit): Promise<{ res: Response; location: string | undefined }> {
    let res = await this.request(url, init);
    for (let i = 0; i < 10; i++) {
      const location = res.headers.get('location');
      if (!location) return { res, location: undefined };
      const next = new URL(location, this.base);
      if (next.origin !== new URL(this.base).origin || next.pathname === '/login') return { res, location: next.href };
      res = await this.request(next.href);
    }
    throw new Error('too many redirects');
  }
}

/** Signs in over HTTP like the console and answers a hand-off ticket (and the signed-in client). */
export async function ticketFor(base: string, username: string, password: string): Promise<{ ticket: string; gateway: GatewayClient }> {
  const gateway = await new GatewayClient(base).init();
  await gateway.signIn(username, password);
  const r = await gateway.post<{ row: { ticket: string } }>(Paths.ssoticket, {});
  if (r.body.result !== '1') throw new Error(`ssoticket failed: ${r.status} ${r.body.scode}`);
  return { ticket: r.body.data.row.ticket, gateway };
}

/**
 * The browser journey without a browser: authorize → the console login address (asserting its hash) →
 * sign-in and ticket → code endpoint → answers the app's callback address (with `code` or `error`).
 * `init` sends the authorization request differently (e.g. POST with a form body).
 */
export async function journey(base: string, ua: UserAgent, authorizeUrl: URL, user: { username: string; password: string }, init?: RequestInit) {
  const toLogin = await ua.follow(authorizeUrl.href, init);
  const login = new URL(toLogin.location!);
  if (login.pathname !== '/login') throw new Error(`expected the console login, got ${toLogin.location} (${toLogin.res.status})`);
  const hash = new URLSearchParams(login.hash.slice(1));
  const { ticket, gateway } = await ticketFor(base, user.username, user.password);
  const done = await ua.follow(
    `${Paths.oidcInteraction}/${hash.get('interaction')}/login?sessionId=${encodeURIComponent(ticket)}&redirect_uri=${encodeURIComponent(hash.get('redirect_uri')!)}`,
  );
  return { hash, callback: done.location ? new URL(done.location) : undefined, res: done.res, gateway, ticket };
}
