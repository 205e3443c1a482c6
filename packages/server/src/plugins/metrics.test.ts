import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Paths, OpsCodes } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../testing/test-app.js';
import { metricsAllowList } from './metrics.js';
import { basic, policyWorld } from '../modules/policy/policy.fixtures.js';

const TOKEN = 'scrape-token-0123456789';

/** The value of one series in Prometheus text (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics (issue 17)', () => {
  it('off by default: /metrics is not there', async () => {
    const t = await testApp();
    try {
      const r = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(r.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('on: requests by route pattern and status, sign-ins, lockouts, jobs, process and event-loop metrics; token and address enforced', async () => {
    const t = await testApp({ metrics: { enabled: true, token: TOKEN, allow: 'loopback,10.1.0.0/16' }, lockoutThreshold: 2 });
    try {
      const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress = '127.0.0.1') =>
        t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
      // refused without the token, with a wrong one, and from an address outside the list
      for (const r of [await scrape({}), await scrape({ authorization: 'Bearer wrong-token-0123456789' }), await scrape(undefined, '192.0.2.9')]) {
        expect(r.statusCode).toBe(403);
        expect(r.json()).toMatchObject({ result: '0', scode: OpsCodes.METRICS_REFUSED });
      }
      expect((await scrape(undefined, '10.1.2.3')).statusCode).toBe(200);

      await createUserRow(t.app, { username: 'metered', password: 'Passw0rd!x' });
      const c = await t.client();
      for (let i = 0; i < 2; i++) await c.post(Paths.signin, { username: 'metered', password: c.encrypt('Wrong-pass1'), agree: true });
      await c.signIn('admin', ADMIN_PASSWORD);
      await t.app.inject({ method: 'GET', url: `${Paths.getfile}/some-file-id?code=secret-value` });
      await t.app.inject({ method: 'GET', url: '/healthz?probe=1' });

      const r = await scrape();
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/plain');
      const text = r.body;
      // the route pattern, never the raw URL (ids, query strings)
      expect(text).toContain(`route="${Paths.getfile}/:id"`);
      expect(text).not.toContain('some-file-id');
      expect(text).not.toContain('secret-value');
      expect(sample(text, 'mp_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
      expect(sample(text, `mp_http_request_duration_seconds_count{method="POST",route="${Paths.signin}",status="200"}`)).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'mp_signins_total{result="success",reason=""}')).toBe(1);
      expect(sample(text, 'mp_signins_total{result="failure",reason="login.bad_credentials"}')).toBe(1);
      expect(sample(text, 'mp_signins_total{result="failure",reason="login.account_locked"}')).toBe(1);
      expect(sample(text, 'mp_lockouts_total')).toBe(1);
      expect(sample(text, 'mp_jobs_running_here')).toBe(0);
      expect(text).toContain('# TYPE mp_jobs gauge');
      expect(text).toContain('mp_message_deliveries{status="pending"}');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('# TYPE mp_oidc_tokens_issued_total counter');
      // the Grafana dashboard asks only for series the server has (the pool's only on PostgreSQL)
      const dashboard = readFileSync(new URL('../../../../docs/grafana/mp-server.json', import.meta.url), 'utf8');
      const names = new Set([...dashboard.matchAll(/\b(mp_[a-z_]+|nodejs_[a-z0-9_]+|process_[a-z_]+)/g)].map((m) => m[1]!.replace(/_bucket$/, '')));
      expect(names.size).toBeGreaterThan(8);
      for (const name of names) if (name !== 'mp_db_pool_connections') expect(text, name).toContain(`# TYPE ${name} `);
    } finally {
      await t.close();
    }
  }, 120_000);

  it("counts the OpenID provider's tokens by grant type", async () => {
    const t = await testApp({ metrics: { enabled: true, token: undefined, allow: 'loopback' } });
    try {
      const w = await policyWorld(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(w.clients.a.id, w.clients.a.secret) },
        payload: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      });
      expect(res.statusCode).toBe(200);
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(text, 'mp_oidc_tokens_issued_total{grant_type="client_credentials"}')).toBe(1);
      expect(text).toContain('mp_http_requests_total{method="POST",route="/oidc/*",status="200"}');
    } finally {
      await t.close();
    }
  }, 120_000);

  it('MP_METRICS_ALLOW: addresses, CIDRs, loopback, private, any; IPv4-mapped IPv6 addresses; malformed entries refused', () => {
    const loop = metricsAllowList('loopback');
    expect([loop('127.0.0.1'), loop('::1'), loop('::ffff:127.0.0.1'), loop('10.0.0.1')]).toEqual([true, true, true, false]);
    const priv = metricsAllowList('private, 203.0.113.7');
    expect([priv('10.2.3.4'), priv('192.168.1.1'), priv('203.0.113.7'), priv('203.0.113.8'), priv('fd00::1')]).toEqual([true, true, true, false, true]);
    expect(metricsAllowList('any')('198.51.100.1')).toBe(true);
    expect(() => metricsAllowList('localhost')).toThrow(/MP_METRICS_ALLOW/);
    expect(() => metricsAllowList('10.0.0.0/abc')).toThrow(/MP_METRICS_ALLOW/);
  });
});
