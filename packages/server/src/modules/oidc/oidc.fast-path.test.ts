/**
 * The OpenID hot path outside Fastify (issue 17 "OpenID Connect hot path"; fast-path.ts; docs/oidc.md
 * "Hot path"): userinfo and introspection over HTTP skip Fastify, and answer exactly as the Fastify route
 * does (`app.inject` still takes it): the same security headers, CORS, statuses and bodies, also for
 * malformed input (never a 500); the request id answered and logged; the request metrics counted; a fault
 * outside the provider answered 500 with the provider's error shape, and the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { RelyingParty } from '../../testing/oidc-rp.js';
import { fastPathCount, installFastPath } from './fast-path.js';
import { createAppRow, createClientRow, freePort, journey, listeningApp, UserAgent } from './oidc.fixtures.js';

const PASSWORD = 'Passw0rd!2026';
/** Headers that differ between any two answers (time) or between inject and a socket (connection handling). */
const VARYING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The Prometheus sample `series` in `text`, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('OpenID fast path (userinfo, introspection)', () => {
  let app: FastifyInstance;
  let base: string;
  let issuer: string;
  let rp: RelyingParty;
  let basic: string;
  let token: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    ({ app, base, issuer } = await listeningApp(
      { logLevel: 'info', metrics: { enabled: true, token: undefined, allow: 'loopback' } },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    ));
    const tenantId = await createTenantRow(app, 'fast');
    await createUserRow(app, { tenantId, username: 'fast.ann', password: PASSWORD });
    const appId = (await createAppRow(app, 'fastapp', [tenantId])).id;
    rp = await new RelyingParty(issuer).listen();
    const client = await createClientRow(app, appId, { redirectUris: [rp.redirectUri] });
    await rp.register(client.clientId, client.clientSecret);
    basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
    const j = await journey(base, new UserAgent(base), (await rp.authorize()).url, { username: 'fast.ann', password: PASSWORD });
    token = (await rp.callback(j.callback!)).accessToken!;
  }, 60_000);
  afterAll(async () => {
    await rp?.close();
    await app?.close();
  });

  const form = (body: string) => ({ 'content-type': 'application/x-www-form-urlencoded', authorization: basic, body });

  /** The same request over HTTP (the fast path, when it takes it) and through app.inject (the Fastify route). */
  async function both(method: 'GET' | 'POST', path: string, given: Record<string, string>, body?: string): Promise<[Answer, Answer]> {
    const headers = { 'x-request-id': 'compare-17', ...given }; // the same id both ways: compared too
    const r = await fetch(`${base}${path}`, { method, headers, body });
    const overHttp = { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
    const i = await app.inject({ method, url: path, headers, payload: body });
    const injected = { status: i.statusCode, headers: Object.fromEntries(Object.entries(i.headers).map(([k, v]) => [k, String(v)])), body: i.body };
    return [overHttp, injected];
  }
  const stable = (a: Answer) => Object.fromEntries(Object.entries(a.headers).filter(([k]) => !VARYING.has(k)));

  it('introspection and userinfo over HTTP take the fast path; the answers and headers equal the Fastify route', async () => {
    const before = fastPathCount(app);
    const { body: introspectBody, ...introspectHeaders } = form(`token=${encodeURIComponent(token)}`);
    const cases: [Answer, Answer][] = [
      await both('POST', '/oidc/token/introspection', introspectHeaders, introspectBody),
      await both('GET', '/oidc/me', { authorization: `Bearer ${token}` }),
      // CORS as the provider answers it (a confidential client gets none; the preflight stays on Fastify)
      await both('GET', '/oidc/me', { authorization: `Bearer ${token}`, origin: 'https://elsewhere.example' }),
      await both('GET', '/oidc/me', { authorization: 'Bearer not-a-token' }),
    ];
    expect(fastPathCount(app)).toBe(before + cases.length); // inject never takes it
    const [introspection, userinfo] = cases;
    expect(introspection![0].status).toBe(200);
    expect(JSON.parse(introspection![0].body)).toMatchObject({ active: true, sub: expect.any(String) });
    expect(userinfo![0].status).toBe(200);
    expect(JSON.parse(userinfo![0].body)).toMatchObject({ sub: expect.any(String) });
    expect(cases[3]![0].status).toBe(401);
    for (const [overHttp, injected] of cases) {
      expect(overHttp.status).toBe(injected.status);
      expect(overHttp.body).toBe(injected.body);
      expect(stable(overHttp)).toEqual(stable(injected));
    }
    // the provider pages' policy, framing forbidden, and the platform's other security headers
    const h = introspection![0].headers;
    expect(h['x-request-id']).toBe('compare-17');
    expect(h['content-security-policy']).toContain("default-src 'none'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security']).toBeDefined();
  }, 30_000);

  it('the request id: a sane one is kept, anything else replaced; answered and in both access-log lines, without the token', async () => {
    const given = 'trace-17.fast:path';
    const r = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': given } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe(given);
    const mine = lines.filter((l) => l.reqId === given);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/oidc/me', route: '/oidc/*', remoteAddress: '127.0.0.1' } });
    expect(mine[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(JSON.stringify(lines)).not.toContain(token);

    const junk = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'bad id <script>' } });
    expect(junk.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // the client address as Fastify logs it: behind a trusted proxy (loopback, MP_TRUST_PROXY's default), the forwarded one
    await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'proxied-17', 'x-forwarded-for': '203.0.113.7' } });
    expect(lines.find((l) => l.reqId === 'proxied-17' && l.msg === 'incoming request')).toMatchObject({ req: { remoteAddress: '203.0.113.7' } });
  });

  it('the request metrics count fast-path answers under the route pattern, status and latency', async () => {
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const series = 'mp_http_requests_total{method="POST",route="/oidc/*",status="200"}';
    const latency = 'mp_http_request_duration_seconds_count{method="POST",route="/oidc/*",status="200"}';
    const [n0, l0] = [sample(await scrape(), series) ?? 0, sample(await scrape(), latency) ?? 0];
    const { body, ...headers } = form(`token=${encodeURIComponent(token)}`);
    for (let i = 0; i < 3; i++) expect((await fetch(`${issuer}/token/introspection`, { method: 'POST', headers, body })).status).toBe(200);
    const text = await scrape();
    expect(sample(text, series)).toBe(n0 + 3);
    expect(sample(text, latency)).toBe(l0 + 3);
  });

  it('malformed input gets the same 4xx as on the Fastify route, never a 500, and the server keeps serving', async () => {
    const { body: _b, ...auth } = form('');
    const huge = `token=${'a'.repeat(2 * 1024 * 1024)}`;
    const cases: [Answer, Answer][] = [
      await both('POST', '/oidc/token/introspection', { ...auth, 'content-type': 'text/plain' }, `token=${token}`), // bad content type
      await both('POST', '/oidc/token/introspection', { ...auth, 'content-type': 'application/json' }, '{"token":'), // not even JSON
      await both('POST', '/oidc/token/introspection', auth, huge), // over the provider's body limit
      await both('POST', '/oidc/token/introspection', auth, 'token=%00%00'), // NUL bytes
      await both('POST', '/oidc/token/introspection', auth, `token=${encodeURIComponent(`${token}\u0000`)}`),
      await both('POST', '/oidc/token/introspection', auth, 'token=%E0%A4%A'), // broken percent-encoding
      await both('POST', '/oidc/token/introspection', auth, 'token=eyJhbGciOiJub25lIn0.e30.'), // a JWT
      await both('POST', '/oidc/token/introspection', { ...auth, authorization: 'Basic %%%' }, `token=${token}`), // bad client auth
      await both('POST', '/oidc/token/introspection', { 'content-type': 'application/x-www-form-urlencoded' }, `token=${token}`), // none
      await both('POST', '/oidc/token/introspection', { ...auth, authorization: `Basic ${Buffer.from('a\u0000b:c').toString('base64')}` }, 'token=x'),
      await both('POST', '/oidc/token/introspection', auth, `token=${'t'.repeat(40_000)}`), // long, under the limit
      await both('GET', '/oidc/me', { authorization: 'Bearer \u00ff\u00fe' }),
      await both('GET', '/oidc/me', { authorization: 'Basic x' }),
      await both('GET', '/oidc/me', {}),
      await both('GET', '/oidc/me?x=%00', { authorization: `Bearer ${token}` }), // a query: Fastify's checks
    ];
    for (const [overHttp, injected] of cases) {
      expect(overHttp.status).toBeLessThan(500);
      expect([overHttp.status, overHttp.body]).toEqual([injected.status, injected.body]);
      // RFC 7662: a value that is no token of the client's is "not active", not an error
      if (overHttp.status === 200) expect(JSON.parse(overHttp.body)).toEqual({ active: false });
    }
    // NUL bytes in the token were a 500 (the database refused the lookup) on both routes; now no token
    expect(cases[3]![0].status).toBe(200);
    expect(cases[9]![0].status).toBe(401); // a client id with a NUL: invalid_client
    // a body on GET is refused by the gateway's transport check, as before (Fastify answers it)
    const withBody = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request(`${issuer}/me`, { method: 'GET', headers: { authorization: `Bearer ${token}`, 'content-length': '2' } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end('{}');
      }, reject);
    });
    expect(withBody).toBe(400);
    expect((await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  }, 30_000);

  it('a fault outside the provider: 500 with the provider error shape (no stack), logged; the next request is served', async () => {
    const port = await freePort();
    const bare = Fastify();
    bare.decorate('config', { trustProxy: false } as never);
    bare.decorate('opsMetrics', { httpRequest: () => undefined } as never);
    let calls = 0;
    await installFastPath(
      bare,
      '/oidc',
      async (_req, res) => {
        calls += 1;
        if (calls === 1) throw new Error('boom at /secret/path.ts:12');
        res.end('{"sub":"x"}');
      },
      async () => undefined,
    );
    await bare.listen({ port, host: '127.0.0.1' });
    try {
      const r = await fetch(`http://127.0.0.1:${port}/oidc/me`, { headers: { authorization: 'Bearer x' } });
      expect(r.status).toBe(500);
      const body = await r.text();
      expect(JSON.parse(body)).toEqual({ error: 'server_error', error_description: 'oops! something went wrong' });
      expect(body).not.toContain('boom');
      expect(r.headers.get('x-request-id')).toBeTruthy();
      const again = await fetch(`http://127.0.0.1:${port}/oidc/me`, { headers: { authorization: 'Bearer x' } });
      expect([again.status, await again.text()]).toEqual([200, '{"sub":"x"}']);
      // everything else is still Fastify's
      expect((await fetch(`http://127.0.0.1:${port}/oidc/token`, { method: 'POST' })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
