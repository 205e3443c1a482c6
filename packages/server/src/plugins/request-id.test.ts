import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Paths } from '@mp/protocol';
import { buildApp } from '../app.js';
import { ADMIN_PASSWORD } from '../testing/test-app.js';
import { GatewayClient } from '../testing/gateway-client.js';
import { urlForLog } from './request-id.js';

/** An app like testApp's, logging every line (level trace) into `lines`. */
async function loggedApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { app } = await buildApp(
    {
      dataDir: 'memory://',
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      loginCaptcha: '0',
      captchaPowWork: 6,
      consoleDir: '/nonexistent',
      logLevel: 'trace',
    },
    { logStream: stream },
  );
  await app.ready();
  return { app, lines, client: () => new GatewayClient(app).init() };
}

describe('structured logs and request ids (issue 17)', () => {
  it('every line is JSON with the request id, which is returned as X-Request-Id; a sign-in leaves no password or token in the log', async () => {
    const { app, lines, client } = await loggedApp();
    try {
      const c = await client();
      const wrong = await c.post(Paths.signin, { username: 'admin', password: c.encrypt('Wrong-Passw0rd!'), agree: true });
      expect(wrong.body.result).toBe('0');
      await c.signIn('admin', ADMIN_PASSWORD);
      const token = c.token!;
      expect(token).toBeTruthy();
      const encrypted = c.encrypt(ADMIN_PASSWORD);
      // a signed call carries the token in its headers; an OIDC-like query carries a code
      await c.get(Paths.listmymenu);
      await app.inject({
        method: 'GET',
        url: `/gateway/nowhere?code=${token}&state=kept`,
        headers: { authorization: `Bearer ${token}`, cookie: `sid=${token}` },
      });

      expect(lines.length).toBeGreaterThan(5);
      const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const requestLines = parsed.filter((p) => p.reqId !== undefined);
      expect(requestLines.length).toBeGreaterThan(5);
      const all = lines.join('\n');
      for (const secret of [ADMIN_PASSWORD, 'Wrong-Passw0rd!', token, encrypted]) expect(all).not.toContain(secret);
      expect(all).toContain('code=[redacted]&state=kept');

      const r = await app.inject({ method: 'GET', url: '/healthz' });
      const id = r.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await app.inject({ method: 'GET', url: '/gateway/nowhere', headers: { 'x-request-id': 'lb-7f3a.1:2' } });
      expect(kept.headers['x-request-id']).toBe('lb-7f3a.1:2');
      expect(kept.json().result).toBe('0'); // the refusal carries it too
      expect(lines.some((l) => JSON.parse(l).reqId === 'lb-7f3a.1:2')).toBe(true);
      for (const bad of ['has space', 'x'.repeat(129), 'quote"', '\u00e9t\u00e9']) {
        const replaced = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
        expect(replaced.headers['x-request-id']).not.toBe(bad);
        expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await app.close();
    }
  }, 60_000);

  it('urlForLog hides the values of secret query parameters only', () => {
    expect(urlForLog('/oidc/cb?code=abc&state=s1&access_token=t&client_secret=x&page=2')).toBe(
      '/oidc/cb?code=[redacted]&state=s1&access_token=[redacted]&client_secret=[redacted]&page=2',
    );
    expect(urlForLog('/gateway/x')).toBe('/gateway/x');
  });
});
