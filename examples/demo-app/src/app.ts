/**
 * The demo application: a small, separate Node HTTP app that uses only the platform's public protocols —
 * OpenID Connect (authorization code + PKCE, confidential client, `openid-client`) to sign users in, and the
 * policy service through `@mp/policy-client` to show each user exactly the menus and buttons they may use.
 * docs/applications.md "Integrating an application"; examples/demo-app/README.md.
 *
 * Pages: `/` (start, or the signed-in menu), `/login` (to the provider; also the login initiation URI of
 * OpenID Connect Core §4: `?iss=<issuer>&target_link_uri=<where to land>`, as the platform's My apps opens
 * it — the issuer must be this app's provider), `/callback`, `/sso?ssotoken=<ticket>&username=…` (the
 * console's SSO query, for a product set to open that way: the ticket is exchanged server-side with the
 * policy client, never used as a token), `POST /sync` (syncs the policy cache now), `/logout`. The policy cache also syncs every `syncIntervalMs` when started.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as oidc from 'openid-client';
import { PolicyClient, PolicyError } from '@mp/policy-client';
import { homePage, startPage } from './render.js';

export interface DemoAppConfig {
  /** The platform's address, e.g. http://127.0.0.1:8080 (issuer `${platformUrl}/oidc`, gateway under it). */
  platformUrl: string;
  /** The confidential OIDC client of the application (redirect URI `<demo url>/callback` registered). */
  clientId: string;
  clientSecret: string;
  /** Port to listen on (0: any free port); always on 127.0.0.1 unless `host` says otherwise. */
  port?: number;
  host?: string;
  /** Periodic policy sync, ms (0: only the `/sync` action). */
  syncIntervalMs?: number;
}

interface Session {
  pending?: { state: string; nonce: string; codeVerifier: string; returnTo: string };
  user?: { sub: string; tenantId: string; tenantCode: string };
}

export class DemoApp {
  url = '';
  readonly policy: PolicyClient;
  private server: Server | undefined;
  private config: oidc.Configuration | undefined;
  private readonly sessions = new Map<string, Session>();
  private lastSync: string | undefined;

  constructor(private readonly cfg: DemoAppConfig) {
    this.policy = new PolicyClient({
      baseUrl: cfg.platformUrl,
      clientId: cfg.clientId,
      clientSecret: cfg.clientSecret,
      syncIntervalMs: cfg.syncIntervalMs || 30_000,
    });
  }

  /** The redirect URI to register for the client (known after listen). */
  get redirectUri(): string {
    return `${this.url}/callback`;
  }

  /** Starts listening; discovery of the provider happens on the first sign-in. */
  async listen(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => this.send(res, 500, startPage(e instanceof Error ? e.message : String(e))));
    });
    await new Promise<void>((r) => this.server!.listen(this.cfg.port ?? 0, this.cfg.host ?? '127.0.0.1', r));
    this.url = `http://${this.cfg.host ?? '127.0.0.1'}:${(this.server.address() as { port: number }).port}`;
    if (this.cfg.syncIntervalMs) this.policy.start();
    return this;
  }

  async close(): Promise<void> {
    this.policy.stop();
    if (this.server) await new Promise<void>((r) => this.server!.close(() => r()));
  }

  private async oidcConfig(): Promise<oidc.Configuration> {
    if (!this.config) {
      const issuer = new URL('/oidc', this.cfg.platformUrl);
      const insecure = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
      this.config = await oidc.discovery(issuer, this.cfg.clientId, undefined, oidc.ClientSecretBasic(this.cfg.clientSecret), insecure);
    }
    return this.config;
  }

  private session(req: IncomingMessage, res: ServerResponse): Session {
    const sid = /(?:^|;\s*)demo_sid=([A-Za-z0-9_-]{43})/.exec(req.headers.cookie ?? '')?.[1];
    if (sid && this.sessions.has(sid)) return this.sessions.get(sid)!;
    const id = randomBytes(32).toString('base64url');
    const s: Session = {};
    this.sessions.set(id, s);
    res.setHeader('set-cookie', `demo_sid=${id}; HttpOnly; SameSite=Lax; Path=/`);
    return s;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const s = this.session(req, res);
    if (req.method === 'GET' && url.pathname === '/') return this.home(s, res);
    if (req.method === 'GET' && url.pathname === '/login') {
      const config = await this.oidcConfig();
      // third-party-initiated login (OIDC Core §4): only from our own provider; land only on our own pages
      const iss = url.searchParams.get('iss');
      if (iss !== null && iss !== config.serverMetadata().issuer) return this.send(res, 400, startPage('Unknown issuer.'));
      const codeVerifier = oidc.randomPKCECodeVerifier();
      s.pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier, returnTo: this.ownPath(url.searchParams.get('target_link_uri')) };
      const hint = url.searchParams.get('login_hint');
      const to = oidc.buildAuthorizationUrl(config, {
        ...(hint ? { login_hint: hint } : {}),
        redirect_uri: this.redirectUri,
        scope: 'openid profile',
        state: s.pending.state,
        nonce: s.pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return this.redirect(res, to.href);
    }
    if (req.method === 'GET' && url.pathname === '/callback') {
      if (!s.pending) return this.send(res, 400, startPage('No sign-in in progress.'));
      const p = s.pending;
      s.pending = undefined;
      const tokens = await oidc.authorizationCodeGrant(await this.oidcConfig(), url, {
        pkceCodeVerifier: p.codeVerifier,
        expectedState: p.state,
        expectedNonce: p.nonce,
      });
      const c = tokens.claims()!;
      // the ID token's `sub` is the user id and `tenant_id` / `tenant_code` their tenant (docs/oidc.md); the user name comes with the permissions
      s.user = { sub: String(c.sub), tenantId: String(c.tenant_id), tenantCode: String(c.tenant_code ?? c.tenant_id) };
      return this.redirect(res, p.returnTo);
    }
    if (req.method === 'GET' && url.pathname === '/sso') {
      // the console's SSO query (docs/users.md "Opening an application"): a single-use ticket, exchanged once
      const ticket = url.searchParams.get('ssotoken');
      if (!ticket) return this.send(res, 400, startPage('No sign-on ticket.'));
      try {
        const u = await this.policy.exchangeTicket(ticket);
        s.user = { sub: u.userId, tenantId: u.tenantId, tenantCode: u.tenantCode };
      } catch (e) {
        if (e instanceof PolicyError && e.scode !== 'network')
          return this.send(res, 400, startPage('The sign-on ticket was refused; open the application again from My apps.'));
        throw e;
      }
      return this.redirect(res, '/');
    }
    if (req.method === 'POST' && url.pathname === '/sync') {
      await this.policy.sync();
      this.lastSync = new Date().toISOString();
      return this.redirect(res, '/');
    }
    if (req.method === 'GET' && url.pathname === '/logout') {
      s.user = undefined;
      return this.redirect(res, '/');
    }
    this.send(res, 404, startPage('Not found.'));
  }

  /** The path of `target` when it is an address of this app, else '/' (never an open redirect). */
  private ownPath(target: string | null): string {
    if (!target) return '/';
    try {
      const t = new URL(target);
      return t.origin === new URL(this.url).origin ? `${t.pathname}${t.search}` : '/';
    } catch {
      return '/';
    }
  }

  private async home(s: Session, res: ServerResponse): Promise<void> {
    if (!s.user) return this.send(res, 200, startPage());
    const who = { userId: s.user.sub };
    const permissions = await this.policy.permissions(s.user.tenantId, who, 1);
    const writable = new Set<string>();
    for (const c of permissions.controls) {
      if (await this.policy.can(s.user.tenantId, who, { control: c.id, need: 'write' })) writable.add(c.id);
    }
    this.send(
      res,
      200,
      homePage({ username: permissions.username, tenantCode: s.user.tenantCode, permissions, writable, cursor: this.policy.cursor, lastSync: this.lastSync }),
    );
  }

  private send(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    });
    res.end(html);
  }

  private redirect(res: ServerResponse, to: string): void {
    res.writeHead(303, { location: to, 'cache-control': 'no-store' });
    res.end();
  }
}
