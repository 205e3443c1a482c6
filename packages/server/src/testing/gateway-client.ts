/**
 * A signing gateway client for tests, benchmarks and scripts: speaks PROTOCOL.md exactly as the
 * console does (headers, signature, encrypted passwords, envelope). Works over `app.inject` or real
 * HTTP (`fetch` against a base URL).
 */
import type { FastifyInstance } from 'fastify';
import { computeSignature, encryptValue, Paths, randomHex, signRangeFor, type Envelope, type SignInput, type StartupConfig } from '@mp/protocol';

export interface RawResponse<D = unknown> {
  status: number;
  headers: Record<string, string>;
  body: Envelope<D>;
  raw: Buffer;
}

export interface SendOptions {
  /** Override or drop headers (value undefined drops it). */
  headers?: Record<string, string | undefined>;
  /** Send this exact text as the body instead of JSON.stringify(body). */
  rawBody?: string;
  /** Sign this text instead of the body sent (to simulate tampering). */
  signBody?: string;
  timestamp?: number;
  nonce?: string;
  unsigned?: boolean;
}

export class GatewayClient {
  token = '';
  userId = '';
  language = 'ZH_CN';
  tenantId = 'sys';
  /** APPID header: the application of application-area calls (id or code). */
  appId = 'sys';
  config!: StartupConfig;
  /** How the signature is computed; the protocol package's portable one unless replaced (benchmarks use Node's). */
  sign: (input: SignInput, cryptoType: string) => string = computeSignature;

  constructor(private readonly target: FastifyInstance | string) {}

  /** Loads the startup configuration (mpk, cryptoType, login config). */
  async init(): Promise<this> {
    const r = await this.send<StartupConfig>('GET', Paths.config, undefined, { unsigned: true });
    this.config = r.body.data;
    return this;
  }

  encrypt(plain: string): string {
    return encryptValue(plain, this.config.mpk, this.config.cryptoType);
  }

  /** Builds the signed headers for a request. */
  headersFor(method: string, bodyText: string | undefined, o: SendOptions = {}): Record<string, string> {
    const timestamp = String(o.timestamp ?? Date.now());
    const nonce = o.nonce ?? randomHex(16);
    const signRange = signRangeFor(method, bodyText !== undefined);
    const h: Record<string, string> = {
      'x-client-id': 'mp-console',
      'x-language': this.language,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-sign-range': signRange,
      tenantid: this.tenantId,
      appid: this.appId,
      appcode: this.appId,
      'cache-control': 'no-cache',
    };
    if (bodyText !== undefined) h['content-type'] = 'application/json';
    if (this.token) h.authorization = `Bearer ${this.token}`;
    h['x-signature'] = this.sign(
      { clientId: 'mp-console', timestamp, token: this.token, nonce, signRange, userId: this.userId, body: o.signBody ?? bodyText ?? '' },
      this.config?.cryptoType ?? '2',
    );
    return h;
  }

  async send<D = any>(method: 'GET' | 'POST', url: string, body?: unknown, o: SendOptions = {}): Promise<RawResponse<D>> {
    const bodyText = o.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    let headers: Record<string, string> = o.unsigned
      ? { 'x-language': this.language, ...(bodyText !== undefined ? { 'content-type': 'application/json' } : {}) }
      : this.headersFor(method, bodyText, o);
    for (const [k, v] of Object.entries(o.headers ?? {})) {
      if (v === undefined) {
        const { [k]: _, ...rest } = headers;
        headers = rest;
      } else headers[k] = v;
    }
    if (typeof this.target === 'string') {
      const res = await fetch(this.target + url, { method, headers, body: bodyText });
      const raw = Buffer.from(await res.arrayBuffer());
      return { status: res.status, headers: Object.fromEntries(res.headers), body: parse(raw), raw };
    }
    const res = await this.target.inject({ method, url, headers, payload: bodyText });
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body: parse(res.rawPayload), raw: res.rawPayload };
  }

  post<D = any>(url: string, body?: unknown, o?: SendOptions) {
    return this.send<D>('POST', url, body ?? {}, o);
  }
  get<D = any>(url: string, o?: SendOptions) {
    return this.send<D>('GET', url, undefined, o);
  }

  /** Signs in (agreeing to the privacy agreement) and runs tokenlogin; returns the session user info. */
  async signIn(username: string, password: string, extra: Record<string, unknown> = {}): Promise<any> {
    const r = await this.post<{ row: { token: string; userId: string } }>(Paths.signin, { username, password: this.encrypt(password), agree: true, ...extra });
    if (r.body.result !== '1') throw new Error(`sign-in failed: ${r.body.scode} ${r.body.msg}`);
    this.token = r.body.data.row.token;
    this.userId = r.body.data.row.userId;
    const info = await this.post(Paths.tokenlogin, { accountName: username, token: this.token });
    if (info.body.result !== '1') throw new Error(`tokenlogin failed: ${info.body.scode}`);
    return info.body.data.row;
  }
}

function parse(raw: Buffer): Envelope<any> {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return { result: '0', msg: '', message: '', scode: 'not-json', data: raw } as Envelope<any>;
  }
}
