import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Codes, WechatCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { startWechatHarness, type WechatHarness } from './wechat.testing.js';

let h: WechatHarness;
let n = 0;
const q = (text: ReturnType<typeof sql>) => inScope(h.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(text)).then((x: any) => x.rows ?? x);

beforeAll(async () => {
  h = await startWechatHarness();
  await h.configure();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.resetLimits();
  await h.configure();
});

async function newUser(tenantId?: string) {
  n += 1;
  const username = `wr${n}`;
  return { id: await createUserRow(h.t.app, { username, password: 'Passw0rd!x', tenantId }), username };
}

describe('WeChat sign-in refusals', () => {
  it('an expired QR code: poll answers expired, the scan is refused', async () => {
    const c = await h.page();
    const row = await h.qr(c);
    await q(sql`update wechat_login_tickets set expires_at = now() - interval '1 second'`);
    expect((await h.poll(c, row.ticket)).body.data.row).toEqual({ state: 'expired' });
    const page = await h.scan(row.url, 'openid-late');
    expect(page.status).toBe(400);
    expect(page.html).toContain('The QR code is no longer valid');
    expect((await h.poll(c, 'A'.repeat(43))).body.scode).toBe(WechatCodes.TICKET_INVALID);
  });

  it('a disabled configuration: no options, no QR code; disabled after the QR code was shown, the scan is refused', async () => {
    const c = await h.page();
    const row = await h.qr(c);
    await h.configure([{ name: 'Official', type: 2, appId: 'wxappid01', status: 0 }]);
    expect((await c.get('/gateway/auth/auth/wechat/options', { unsigned: true })).body.data.rows).toEqual([]);
    expect((await c.post('/gateway/auth/auth/wechat/qr', {})).body).toMatchObject({
      result: '0',
      scode: WechatCodes.NOT_CONFIGURED,
      msg: 'WeChat sign-in is not enabled',
    });
    const page = await h.scan(row.url, 'openid-x');
    expect(page.status).toBe(400);
    expect(page.html).toContain('WeChat sign-in is not enabled');
    expect((await h.poll(c, row.ticket)).body.scode).toBe(WechatCodes.NOT_CONFIGURED);
  });

  it('a WeChat error answer becomes a localised error on the page and in the poll, never a 500', async () => {
    const c = await h.page();
    const row = await h.qr(c);
    h.double.failNext({ errcode: 40029, errmsg: 'invalid code' });
    const page = await h.scan(row.url, 'openid-y');
    expect(page.status).toBe(400);
    expect(page.html).toContain('WeChat refused the sign-in (40029: invalid code)');
    const r = await h.poll(c, row.ticket);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: '0', scode: WechatCodes.PROVIDER_ERROR, msg: 'WeChat refused the sign-in (40029: invalid code)' });
  });

  it('an unreachable WeChat (wrong base) answers provider_unreachable', async () => {
    const c = await h.page();
    const row = await h.qr(c);
    const saved = h.t.app.config.wechat;
    h.t.app.config.wechat = { ...saved, apiBase: 'http://127.0.0.1:9' };
    try {
      const page = await h.scan(row.url, 'openid-z');
      expect(page.html).toContain('WeChat could not be reached');
    } finally {
      h.t.app.config.wechat = saved;
    }
    expect((await h.poll(c, row.ticket)).body.scode).toBe(WechatCodes.PROVIDER_UNREACHABLE);
  });

  it('an identity bound to a disabled user, or a disabled account row, does not sign in', async () => {
    const u = await newUser();
    await h.bindRow('sys', u.id, 'openid-disabled-user');
    await q(sql`update users set status = 0 where id = ${u.id}`);
    const c = await h.page();
    const row = await h.qr(c);
    await h.scan(row.url, 'openid-disabled-user');
    expect((await h.poll(c, row.ticket)).body.scode).toBe(Codes.ACCOUNT_DISABLED);
    const v = await newUser();
    await h.bindRow('sys', v.id, 'openid-disabled-row', 2, 0);
    const row2 = await h.qr(c);
    await h.scan(row2.url, 'openid-disabled-row');
    expect((await h.poll(c, row2.ticket)).body.scode).toBe(WechatCodes.ACCOUNT_DISABLED);
  });

  it('cross-tenant: an identity bound in tenant A never signs into tenant B; binding there needs a user of B', async () => {
    const a = await createTenantRow(h.t.app, `wxa${n}`);
    const b = await createTenantRow(h.t.app, `wxb${n}`);
    const ua = await newUser(a);
    const ub = await newUser(b);
    await h.bindRow(a, ua.id, 'openid-cross');
    // the login page of tenant B
    const c = await h.page(b);
    const row = await h.qr(c);
    await h.scan(row.url, 'openid-cross');
    expect((await h.poll(c, row.ticket)).body.data.row).toEqual({ state: 'needsBinding' });
    // tenant A's user cannot be bound through tenant B's page
    expect((await h.bind(c, row.ticket, ua.username, 'Passw0rd!x')).body.scode).toBe(Codes.BAD_CREDENTIALS);
    const r = await h.bind(c, row.ticket, ub.username, 'Passw0rd!x');
    expect(r.body.data.row).toMatchObject({ state: 'signedIn', signIn: { userId: ub.id } });
    const bound = await q(sql`select tenant_id, user_id from user_accounts where account = 'openid-cross' order by tenant_id = ${a} desc`);
    expect(bound).toEqual([
      { tenant_id: a, user_id: ua.id },
      { tenant_id: b, user_id: ub.id },
    ]);
    // tenant A's page still signs in tenant A's user; the shared page cannot tell which, and says so
    const ca = await h.page(a);
    const rowA = await h.qr(ca);
    await h.scan(rowA.url, 'openid-cross');
    expect((await h.poll(ca, rowA.ticket)).body.data.row).toMatchObject({ state: 'signedIn', signIn: { userId: ua.id } });
    const cs = await h.page();
    const rowS = await h.qr(cs);
    await h.scan(rowS.url, 'openid-cross');
    expect((await h.poll(cs, rowS.ticket)).body.scode).toBe(WechatCodes.AMBIGUOUS);
  });

  it('bad input is a 400 with the envelope', async () => {
    const c = await h.page();
    const r = await c.post('/gateway/auth/auth/wechat/poll', { ticket: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('0');
    const cb = await h.t.app.inject({ method: 'GET', url: '/gateway/auth/auth/wechat/callback' });
    expect(cb.statusCode).toBe(400);
  });
});
