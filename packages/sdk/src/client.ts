/**
 * `MpClient`: a typed client of the MP3.0 gateway (issue 17 "The API as a product"; docs/protocol.md
 * "SDK"; PROTOCOL.md). It loads the startup configuration (deployment key, cryptoType, server clock),
 * signs every call with the headers of PROTOCOL.md "Signature", encrypts passwords (and, on request, the
 * whole body as `{"reuestParas": …}`), signs in and renews the session, and turns the envelope into its
 * `data` or throws `MpApiError` with the status, `scode` and the localised message.
 */
import type {
  Envelope,
  Paged,
  ProductListBody,
  ProductRow,
  RoleListBody,
  RoleRow,
  SessionUserInfo,
  SignInRow,
  StartupConfig,
  TenantListBody,
  TenantRow,
  UserAddBody,
  UserEditBody,
  UserListBody,
  UserRow,
} from '@mp/protocol';
import { Paths, ServiceAccountPaths, type ServiceAccountTokenRow } from '@mp/protocol';
import { encryptValue, nonce, protocolHash, type CryptoType } from './crypto.js';

/** Options of `MpClient`. */
export interface MpClientOptions {
  /** Origin of the gateway, e.g. `https://mp.example.com` (no trailing slash needed). */
  baseUrl: string;
  /** `X-Client-Id`: names the calling program in the signature and logs. Default `mp-sdk`. */
  clientId?: string;
  /** `X-Language` of the messages: `ZH_CN` (default), `EN_US`, `JA_JP`. */
  language?: 'ZH_CN' | 'EN_US' | 'JA_JP';
  /** `TENANTID`: the tenant calls work in (id or code). Default `sys`. */
  tenantId?: string;
  /** `APPID` / `APPCODE`: the application of application-area calls (id or code). Default `sys`. */
  appId?: string;
  /** Renew the session before a call when it expires within this many ms (0: never). Default 60 000. */
  renewBeforeMs?: number;
  /** The fetch to use (tests, proxies). Default the global fetch. */
  fetch?: typeof fetch;
}

/** Options of one call. */
export interface CallOptions {
  /** Send the body wrapped as `{"reuestParas": <encrypted JSON>}` (PROTOCOL.md "Encrypted values"). */
  encrypt?: boolean;
  /** Extra or replaced headers (lower case). */
  headers?: Record<string, string>;
}

/** Sign-in input: the plain password (encrypted by the client); captcha fields when the deployment asks for them. */
export interface SignInInput {
  username: string;
  password: string;
  /** Accept the user and privacy agreement (needed once per account; else `10001001920`). Default true. */
  agree?: boolean;
  captchaId?: string;
  verifyCode?: string;
  pow?: { challenge: unknown; solution: { counter: number; derivedKey: string } };
}

/** A service account's credential (docs/service-accounts.md): its key id and the secret shown once at creation or rotation. */
export interface ServiceAccountCredential {
  keyId: string;
  secret: string;
}

/** A refused call: the HTTP status, the envelope's `scode` and message, and its `data`. */
export class MpApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly scode: string,
    message: string,
    public readonly data: unknown,
  ) {
    super(`${scode}: ${message}`);
    this.name = 'MpApiError';
  }
}

/** A user body with the password in plain text (the client encrypts it). */
export type UserAddInput = UserAddBody;
export type UserEditInput = UserEditBody;

export class MpClient {
  private readonly o: Required<Omit<MpClientOptions, 'fetch'>> & { fetch: typeof fetch };
  private startup?: StartupConfig;
  /** Server clock minus local clock, ms (from the startup configuration). */
  private offsetMs = 0;
  /** Session token ('' when signed out). */
  token = '';
  /** Signed-in user's id ('' when signed out). */
  userId = '';
  /** Session expiry, ms since the epoch (0 when signed out). */
  expiresAt = 0;
  private username = '';
  /** The service-account credential signed in with, kept to ask for a new token (service sessions are never renewed). */
  private credential?: ServiceAccountCredential;

  constructor(options: MpClientOptions) {
    this.o = {
      clientId: 'mp-sdk',
      language: 'ZH_CN',
      tenantId: 'sys',
      appId: 'sys',
      renewBeforeMs: 60_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch,
    };
  }

  /** Loads the startup configuration (`GET /gateway/auth/`, unsigned) once; later calls reuse it. */
  async config(): Promise<StartupConfig> {
    if (!this.startup) {
      const res = await this.o.fetch(this.o.baseUrl + Paths.config, { headers: this.baseHeaders() });
      const startup = await this.unwrap<StartupConfig>(res);
      this.offsetMs = startup.currentTime - Date.now();
      this.startup = startup;
    }
    return this.startup;
  }

  /** Encrypts a value (a password) with the deployment key, as the protocol wants it on the wire. */
  async encrypt(plain: string): Promise<string> {
    const c = await this.config();
    return encryptValue(plain, c.mpk, c.cryptoType);
  }

  /**
   * Signs in (`signin` with the encrypted password, then `tokenlogin`) and keeps the session.
   * @returns the session user info (SPEC §3). Throws MpApiError on refusal (wrong password, locked, …).
   */
  async signIn(input: SignInInput): Promise<SessionUserInfo> {
    this.credential = undefined;
    const { password, agree = true, ...rest } = input;
    const row = (await this.post<{ row: SignInRow }>(Paths.signin, { ...rest, password: await this.encrypt(password), agree })).row;
    this.token = row.token;
    this.userId = row.userId;
    this.username = input.username;
    const info = (await this.post<{ row: SessionUserInfo }>(Paths.tokenlogin, { accountName: input.username, token: this.token })).row;
    this.expiresAt = info.expiresAt;
    return info;
  }

  /**
   * Signs in as a service account without a browser (`POST /gateway/auth/serviceaccount/token`, the secret
   * encrypted like a password) and keeps the session. A service account's session is short
   * (`MP_SERVICE_TOKEN_TTL_MIN`) and never renewed: before it runs out (`renewBeforeMs`) the client asks
   * for a new token with the same credential, so long scripts just keep calling.
   * @returns the token's user id and expiry (ms since the epoch). Throws MpApiError
   *   (`serviceaccount.credential_invalid`, `.disabled`, `.expired`, 429 `protocol.rate_limited`).
   */
  async signInWithServiceAccount(credential: ServiceAccountCredential): Promise<ServiceAccountTokenRow> {
    this.token = '';
    this.userId = '';
    const row = (
      await this.post<{ row: ServiceAccountTokenRow }>(
        ServiceAccountPaths.serviceaccounttoken,
        { keyId: credential.keyId, secret: await this.encrypt(credential.secret) },
        {},
        false,
      )
    ).row;
    this.credential = { ...credential };
    this.token = row.token;
    this.userId = row.userId;
    this.username = credential.keyId;
    this.expiresAt = row.expiresAt;
    return row;
  }

  /**
   * Takes over an existing session by its token (`tokenlogin`, e.g. a single sign-on arrival's
   * `ssotoken`): the call is signed without a user id, as docs/protocol.md "Single sign-on arrival" allows,
   * and later calls with the answered `userId`. @returns the session user info; MpApiError when the
   * token names no live session.
   */
  async tokenLogin(username: string, token: string): Promise<SessionUserInfo> {
    this.credential = undefined;
    this.token = token;
    this.userId = '';
    this.username = username;
    const info = (await this.post<{ row: SessionUserInfo }>(Paths.tokenlogin, { accountName: username, token }, {}, false)).row;
    this.userId = info.userId;
    this.expiresAt = info.expiresAt;
    return info;
  }

  /**
   * Extends the session (`renewaltoken`); a service account's session asks for a new token instead.
   * @returns the new expiry (ms since the epoch).
   */
  async renew(): Promise<number> {
    if (this.credential) return (await this.signInWithServiceAccount(this.credential)).expiresAt;
    const row = (await this.post<{ row: { token: string; expiresAt: number } }>(Paths.renewaltoken, { token: this.token }, {}, false)).row;
    this.token = row.token;
    this.expiresAt = row.expiresAt;
    return row.expiresAt;
  }

  /** Ends the session (`tokenlogout`) and forgets it. */
  async signOut(): Promise<void> {
    try {
      await this.post(Paths.tokenlogout, { accountName: this.username, token: this.token }, {}, false);
    } finally {
      this.token = '';
      this.userId = '';
      this.expiresAt = 0;
      this.credential = undefined;
    }
  }

  /** A signed POST of `body` (JSON) to a gateway path; @returns `data` of the envelope. */
  async post<D = unknown>(path: string, body: unknown = {}, opts: CallOptions = {}, renew = true): Promise<D> {
    return this.unwrap<D>(await this.send('POST', path, body, opts, renew));
  }

  /** A signed GET of a gateway path; @returns `data` of the envelope. */
  async get<D = unknown>(path: string, opts: CallOptions = {}): Promise<D> {
    return this.unwrap<D>(await this.send('GET', path, undefined, opts, true));
  }

  /** A signed POST answering a file (exports, templates); @returns its bytes. Throws MpApiError on an envelope. */
  async download(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<Buffer> {
    const res = await this.send('POST', path, body, opts, true);
    if (res.ok && !(res.headers.get('content-type') ?? '').includes('json')) return Buffer.from(await res.arrayBuffer());
    await this.unwrap(res); // throws the refusal
    throw new MpApiError(res.status, 'sdk.not_a_file', 'the answer was an envelope, not a file', undefined);
  }

  /** Typed user calls of the platform area (docs/protocol.md Calls; schemas/user.ts). */
  readonly users = {
    list: (body: UserListBody = {}) => this.post<Paged<UserRow>>(Paths.listuser, body),
    get: (id: string) => this.post<{ row: UserRow }>(Paths.getuser, { id }).then((d) => d.row),
    /** Creates a user; `password` in plain text (encrypted here). */
    add: async (body: UserAddInput) => (await this.post<{ row: UserRow }>(Paths.adduser, { ...body, password: await this.encrypt(body.password) })).row,
    /** Edits a user; `password` (plain text, optional) only when it changes. */
    edit: async (body: UserEditInput) =>
      (await this.post<{ row: UserRow }>(Paths.edituser, body.password === undefined ? body : { ...body, password: await this.encrypt(body.password) })).row,
  };

  readonly tenants = { list: (body: TenantListBody = {}) => this.post<Paged<TenantRow>>(Paths.listtenant, body) };
  readonly products = { list: (body: ProductListBody = {}) => this.post<Paged<ProductRow>>(Paths.listproduct, body) };
  readonly roles = { list: (body: RoleListBody) => this.post<Paged<RoleRow>>(Paths.listrole, body) };

  private baseHeaders(): Record<string, string> {
    return { 'x-language': this.o.language, tenantid: this.o.tenantId, appid: this.o.appId, appcode: this.o.appId, 'cache-control': 'no-cache' };
  }

  /** Builds the signed request (PROTOCOL.md "Signature") and sends it. */
  private async send(method: 'GET' | 'POST', path: string, body: unknown, opts: CallOptions, renew: boolean): Promise<Response> {
    const c = await this.config();
    if (renew && this.token && this.o.renewBeforeMs > 0 && this.expiresAt - (Date.now() + this.offsetMs) < this.o.renewBeforeMs) await this.renew();
    let text: string | undefined;
    if (method === 'POST') {
      text = JSON.stringify(body ?? {});
      if (opts.encrypt) text = JSON.stringify({ reuestParas: encryptValue(text, c.mpk, c.cryptoType) });
    }
    const timestamp = String(Date.now() + this.offsetMs);
    const n = nonce();
    const signRange = text === undefined ? '1' : '2';
    const signature = protocolHash(
      this.o.clientId + timestamp + this.token + n + signRange + this.userId + (signRange === '2' ? text : ''),
      c.cryptoType as CryptoType,
    );
    const headers: Record<string, string> = {
      ...this.baseHeaders(),
      'x-client-id': this.o.clientId,
      'x-timestamp': timestamp,
      'x-nonce': n,
      'x-sign-range': signRange,
      'x-signature': signature,
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...opts.headers,
    };
    return this.o.fetch(this.o.baseUrl + path, { method, headers, body: text });
  }

  /** The envelope's `data` on success; else MpApiError (status, scode, message, data). */
  private async unwrap<D>(res: Response): Promise<D> {
    const raw = await res.text();
    let env: Envelope<D> | undefined;
    try {
      env = JSON.parse(raw) as Envelope<D>;
    } catch {
      /* not JSON: below */
    }
    if (!env || typeof env !== 'object' || !('result' in env)) throw new MpApiError(res.status, 'sdk.not_an_envelope', raw.slice(0, 200), undefined);
    if (res.status !== 200 || env.result !== '1') throw new MpApiError(res.status, env.scode, env.message || env.msg, env.data);
    return env.data;
  }
}
