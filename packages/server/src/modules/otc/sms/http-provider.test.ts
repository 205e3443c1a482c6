import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { OtcCodes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../../testing/test-app.js';
import { inScope, PLATFORM_SCOPE } from '../../../db/context.js';
import { fillTemplate } from './http-provider.js';

let t: Awaited<ReturnType<typeof testApp>>;
let gateway: Server;
let port: number;
let status = 200;
const hits: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  t = await testApp();
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.statusCode = status;
      res.end(status === 200 ? '{"ok":true}' : 'quota exceeded');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  port = (gateway.address() as { port: number }).port;
  await createUserRow(t.app, { username: 'smsuser', password: 'Passw0rd!x', mobile: '13600000001' });
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  const r = await admin.post(Paths.savesmsconfiglist, [
    {
      name: 'Gateway',
      provider: 'http',
      url: `http://127.0.0.1:${port}/send?to={{mobile}}`,
      accessKeyId: 'key-1',
      signName: 'MP',
      templateCode: 'T1',
      secret: 'gw-Secret-1',
      status: 1,
      httpMethod: 'POST',
      httpHeaders: 'Authorization: Bearer {{secret}}\nX-Sign: {{signName}}',
      bodyTemplate: '{"to":"{{mobile}}","text":"{{text}}","code":"{{code}}","ttl":{{minutes}}}',
    },
  ]);
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => gateway.close(() => r()));
});

describe('generic HTTP SMS gateway', () => {
  it('fills placeholders, JSON-escaped in a JSON body and URL-encoded in the URL', () => {
    expect(fillTemplate('{"t":"{{text}}"}', { text: 'a "b"' }, (v) => JSON.stringify(v).slice(1, -1))).toBe('{"t":"a \\"b\\""}');
    expect(fillTemplate('/x?to={{m}}&n={{none}}', { m: '+86 1' }, encodeURIComponent)).toBe('/x?to=%2B86%201&n=');
  });

  it('a mobile sign-in code goes to the configured gateway with the method, headers and body template', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    expect((await c.post(`${Paths.sendmobilecode}/13600000001`)).body.result).toBe('1');
    for (let i = 0; i < 50 && !hits.length; i++) await new Promise((r) => setTimeout(r, 20));
    const hit = hits.at(-1)!;
    expect(hit).toMatchObject({
      method: 'POST',
      url: '/send?to=13600000001',
      headers: { authorization: 'Bearer gw-Secret-1', 'x-sign': 'MP', 'content-type': 'application/json' },
    });
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ to: '13600000001', ttl: 5 });
    expect(body.text).toContain(body.code);
    expect((await c.post(Paths.signinbycode, { loginType: 'mobile', address: '13600000001', dynamicCode: body.code, agree: true })).body.result).toBe('1');
  });

  it('a gateway refusal is reported where the caller may see it (MFA send)', async () => {
    status = 500;
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    await admin.post(Paths.saveloginconfig, { mfaEnabled: true });
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
    const c = await t.client();
    const s = await c.post(Paths.signin, { username: 'smsuser', password: c.encrypt('Passw0rd!x'), agree: true });
    const r = await c.post(`${Paths.mfasend}/mobile/smsuser?ticket=${encodeURIComponent(s.body.data.row.ticket)}`);
    expect(r.body.scode).toBe(OtcCodes.SMS_SEND_FAILED);
    expect(r.body.msg).toContain('quota exceeded');
  });
});
