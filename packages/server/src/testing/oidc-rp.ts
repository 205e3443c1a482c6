/**
 * A small relying party for tests (issue 4 "a small test app using openid-client"; docs/oidc.md):
 * an HTTP app on a loopback port that signs its users in through the platform's OpenID provider with
 * `openid-client` — authorization code with PKCE (S256), state and nonce; code exchange; the ID token's
 * signature checked against the provider's JWKS (both by openid-client's non-repudiation checks and
 * here with node:crypto); userinfo; refresh; RP-initiated logout.
 *
 * Pages (for Chromium): `/` start, `/callback` shows the outcome (`data-testid="rp-result"` holds JSON),
 * `/refresh`, `/logout`, `/logged-out`. API tests use the same steps as functions.
 */
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as oidc from 'openid-client';

export interface RpResult {
  step: 'callback' | 'refresh' | 'logged-out' | 'error';
  idTokenClaims?: Record<string, unknown>;
  /** True when the ID token's signature verified against a key of the provider's JWKS. */
  idTokenSignatureValid?: boolean;
  userinfo?: Record<string, unknown>;
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  error?: string;
  state?: string | null;
}

export interface PendingAuthorization {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

function b64urlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Verifies a compact JWS (RS256 / ES256) against the provider's JWKS with node:crypto. */
export async function verifyWithJwks(jwksUri: string, jwt: string): Promise<boolean> {
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) return false;
  const header = b64urlJson(h) as { kid?: string; alg?: string };
  const { keys } = (await (await fetch(jwksUri)).json()) as { keys: (Record<string, unknown> & { kid: string })[] };
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk) return false;
  const key = createPublicKey({ key: jwk as never, format: 'jwk' });
  const data = Buffer.from(`${h}.${p}`);
  const sig = Buffer.from(s, 'base64url');
  if (header.alg === 'RS256') return verifySignature('RSA-SHA256', data, key, sig);
  if (header.alg === 'ES256') return verifySignature('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, sig);
  return false;
}

export class RelyingParty {
  url = '';
  config!: oidc.Configuration;
  /** The last outcome (the pages show it too). */
  last: RpResult | undefined;
  private server: Server | undefined;
  private pending = new Map<string, PendingAuthorization>();
  private tokens: { accessToken?: string; refreshToken?: string; idToken?: string; sub?: string } = {};

  constructor(
    private readonly issuer: string,
    readonly scope = 'openid profile email phone',
  ) {}

  get redirectUri(): string {
    return `${this.url}/callback`;
  }
  get postLogoutRedirectUri(): string {
    return `${this.url}/logged-out`;
  }

  /** Starts the app on a free loopback port (before registering, so its addresses are known). */
  async listen(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e) => this.page(res, { step: 'error', error: String(e) }));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  /**
   * Discovers the provider and takes the client's credentials: client_secret_basic with a secret, or
   * none (a public client: single-page or mobile app) without one.
   */
  async register(clientId: string, clientSecret?: string): Promise<this> {
    const auth = clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None();
    this.config = await oidc.discovery(new URL(this.issuer), clientId, undefined, auth, { execute: [oidc.allowInsecureRequests] });
    oidc.enableNonRepudiationChecks(this.config);
    return this;
  }

  /** A new authorization request with PKCE (S256), state and nonce. */
  async authorize(extra: Record<string, string> = {}): Promise<PendingAuthorization> {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(this.config, {
      redirect_uri: this.redirectUri,
      scope: this.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    });
    const p = { url, state, nonce, codeVerifier };
    this.pending.set(state, p);
    return p;
  }

  /** Exchanges the code of `callbackUrl`, verifies the ID token against JWKS and reads userinfo. */
  async callback(callbackUrl: URL, override?: Partial<PendingAuthorization>): Promise<RpResult> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const p = { ...this.pending.get(state)!, ...override };
    const tokens = await oidc.authorizationCodeGrant(this.config, callbackUrl, {
      pkceCodeVerifier: p.codeVerifier,
      expectedState: p.state,
      expectedNonce: p.nonce,
    });
    const claims = tokens.claims()! as Record<string, unknown>;
    this.tokens = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, idToken: tokens.id_token, sub: String(claims.sub) };
    const userinfo = await oidc.fetchUserInfo(this.config, tokens.access_token, String(claims.sub));
    this.last = {
      step: 'callback',
      idTokenClaims: claims,
      idTokenSignatureValid: await verifyWithJwks(this.config.serverMetadata().jwks_uri!, tokens.id_token!),
      userinfo: userinfo as Record<string, unknown>,
      ...this.tokens,
    };
    return this.last;
  }

  /** Uses the refresh token; the new tokens replace the old ones. */
  async refresh(): Promise<RpResult> {
    const tokens = await oidc.refreshTokenGrant(this.config, this.tokens.refreshToken!);
    this.tokens = {
      ...this.tokens,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? this.tokens.refreshToken,
      idToken: tokens.id_token ?? this.tokens.idToken,
    };
    const userinfo = await oidc.fetchUserInfo(this.config, tokens.access_token, this.tokens.sub!);
    this.last = {
      step: 'refresh',
      idTokenClaims: tokens.claims() as Record<string, unknown> | undefined,
      userinfo: userinfo as Record<string, unknown>,
      ...this.tokens,
    };
    return this.last;
  }

  /** The RP-initiated logout address (id_token_hint, post_logout_redirect_uri, state). */
  logoutUrl(state = 'bye'): URL {
    return oidc.buildEndSessionUrl(this.config, { id_token_hint: this.tokens.idToken!, post_logout_redirect_uri: this.postLogoutRedirectUri, state });
  }

  get current() {
    return { ...this.tokens };
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/') {
      const p = await this.authorize();
      res.writeHead(302, { location: p.url.href }).end();
    } else if (url.pathname === '/callback') {
      if (url.searchParams.get('error')) {
        this.last = { step: 'error', error: url.searchParams.get('error')!, state: url.searchParams.get('state') };
        return this.page(res, this.last);
      }
      this.page(res, await this.callback(url));
    } else if (url.pathname === '/refresh') {
      this.page(res, await this.refresh());
    } else if (url.pathname === '/logout') {
      res.writeHead(302, { location: this.logoutUrl().href }).end();
    } else if (url.pathname === '/logged-out') {
      this.last = { step: 'logged-out', state: url.searchParams.get('state') };
      this.page(res, this.last);
    } else {
      res.writeHead(404).end();
    }
  }

  private page(res: ServerResponse, r: RpResult): void {
    const json = JSON.stringify(r, null, 2).replace(/</g, '\\u003c');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Test app</title></head><body style="font-family:sans-serif;margin:24px">
<h1 data-testid="rp-step">${r.step}</h1><p><a href="/refresh">refresh</a> · <a href="/logout">logout</a></p>
<pre data-testid="rp-result" style="white-space:pre-wrap;font-size:12px">${json.replace(/&/g, '&amp;')}</pre></body></html>`);
  }
}
