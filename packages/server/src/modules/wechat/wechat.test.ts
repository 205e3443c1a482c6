import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Codes, Paths, WechatCodes, WechatPaths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { createUserRow } from '../../testing/test-app.js';
import { startWechatHarness, type WechatHarness } from './wechat.testing.js';

let h: WechatHarness;
let n = 0;
const rows = (x: any) => x.rows ?? x;
const q = (text: ReturnType<typeof sql>) => inScope(h.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(text)).then(rows);

beforeAll(async () => {
  h = await startWechatHarness();
  await h.configure();
});
afterAll(() => h.close());
beforeEach(() => h.resetLimits());

async function newUser(o: { tenantId?: string } = {}) {
  n += 1;
  const username = `wx${n}`;
  const id = await createUserRow(h.t.app, { username, password: 'Passw0rd!x', tenantId: o.tenantId });
  return { id, username };
}

describe('WeChat QR sign-in of a bound identity', () => {
  it('lists the enabled configurations without secrets and answers a QR ticket whose URL carries only the state', async () => {
    const c = await h.page();
    const opts = await c.get(WechatPaths.options, { unsigned: true });
    expect(opts.body.data.rows).toEqual([{ id: expect.any(String), name: 'Official', type: 2 }]);
    expect(JSON.stringify(opts.body)).not.toContain(h.double.secret);
    const row = await h.qr(c);
    expect(row.expiresIn).toBe(120);
    const url = new URL(row.url.replace(/#.*$/, ''));
    expect(url.origin + url.pathname).toBe(`${h.double.base}/connect/oauth2/authorize`);
    expect(url.searchParams.get('appid')).toBe('wxappid01');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/gateway\/auth\/auth\/wechat\/callback$/);
    expect(row.url).not.toContain(row.ticket);
    expect(row.url).not.toContain(h.double.secret);
    const stored = await q(sql`select ticket_hash, state_hash from wechat_login_tickets`);
    expect(JSON.stringify(stored)).not.toContain(row.ticket);
    expect(JSON.stringify(stored)).not.toContain(url.searchParams.get('state')!);
  });

  it('scan → callback → poll signs in like a password sign-in; the ticket and the QR code are single use', async () => {
    const u = await newUser();
    await h.bindRow('sys', u.id, 'openid-bound-1');
    const c = await h.page();
    const row = await h.qr(c);
    expect((await h.poll(c, row.ticket)).body.data.row).toEqual({ state: 'waiting' });
    const page = await h.scan(row.url, 'openid-bound-1');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.html).toContain('Scanned. Please continue on your computer');
    expect(h.double.calls).toContain('/sns/oauth2/access_token');
    const signed = await h.poll(c, row.ticket);
    expect(signed.body.data.row).toMatchObject({ state: 'signedIn', signIn: { userId: u.id, token: expect.any(String) } });
    c.token = signed.body.data.row.signIn.token;
    c.userId = u.id;
    const info = await c.post(Paths.tokenlogin, { accountName: u.username, token: c.token });
    expect(info.body.data.row).toMatchObject({ userName: u.username });
    const [audit] = await q(sql`select action, after from audit_log where user_id = ${u.id} and action = 'signin'`);
    expect(audit.after).toEqual({ method: 'wechat' });
    // used up: polling again and scanning the same QR code again are refused
    expect((await h.poll(await h.page(), row.ticket)).body).toMatchObject({ result: '0', scode: WechatCodes.TICKET_INVALID });
    const again = await h.scan(row.url, 'openid-bound-1');
    expect(again.status).toBe(400);
    expect(again.html).toContain('The QR code is no longer valid');
  });

  it('enterprise WeChat: gettoken + getuserinfo give the member user id', async () => {
    const [, ent] = await h.configure([
      { name: 'Official', type: 2, appId: 'wxappid01', status: 1 },
      { name: 'Corp', type: 1, corpId: 'ww0001', agentId: '1000002', status: 1 },
    ]);
    const u = await newUser();
    await h.bindRow('sys', u.id, 'ZhangSan', 1);
    const c = await h.page();
    const row = await h.qr(c, ent!.id);
    const url = new URL(row.url.replace(/#.*$/, ''));
    expect([url.searchParams.get('appid'), url.searchParams.get('agentid')]).toEqual(['ww0001', '1000002']);
    h.double.calls.length = 0;
    expect((await h.scan(row.url, 'zhangsan')).status).toBe(200);
    expect(h.double.calls).toEqual(['/cgi-bin/gettoken', '/cgi-bin/auth/getuserinfo']);
    expect((await h.poll(c, row.ticket)).body.data.row).toMatchObject({ state: 'signedIn', signIn: { userId: u.id } });
    await h.configure();
  });
});

describe('first scan binds after the password', () => {
  it('needs binding; a wrong password is refused and counts toward the lockout; the right one binds and signs in', async () => {
    const u = await newUser();
    const c = await h.page();
    const row = await h.qr(c);
    await h.scan(row.url, 'openid-new-1');
    expect((await h.poll(c, row.ticket)).body.data.row).toEqual({ state: 'needsBinding' });
    const wrong = await h.bind(c, row.ticket, u.username, 'nope-nope-1');
    expect(wrong.body).toMatchObject({ result: '0', scode: Codes.BAD_CREDENTIALS });
    const [counted] = await q(sql`select failed_count from users where id = ${u.id}`);
    expect(counted.failed_count).toBe(1);
    const [failed] = await q(sql`select after from audit_log where user_id = ${u.id} and action = 'signin.failed'`);
    expect(failed.after).toEqual({ method: 'wechat' });
    const right = await h.bind(c, row.ticket, u.username, 'Passw0rd!x');
    expect(right.body.data.row).toMatchObject({ state: 'signedIn', signIn: { userId: u.id } });
    const [acc] = await q(sql`select tenant_id, account_type, account, user_id from user_accounts where account = 'openid-new-1'`);
    expect(acc).toMatchObject({ tenant_id: 'sys', account_type: 2, user_id: u.id });
    const [bindAudit] = await q(sql`select entity, after from audit_log where user_id = ${u.id} and action = 'wechat.bind'`);
    expect(bindAudit).toMatchObject({ entity: 'account', after: { account: 'openid-new-1', created: true } });
    // the next scan signs in straight away
    const c2 = await h.page();
    const row2 = await h.qr(c2);
    await h.scan(row2.url, 'openid-new-1');
    expect((await h.poll(c2, row2.ticket)).body.data.row).toMatchObject({ state: 'signedIn', signIn: { userId: u.id } });
  });

  it('refuses binding an identity that is bound to another user of that tenant', async () => {
    const owner = await newUser();
    const other = await newUser();
    await h.bindRow('sys', null, 'openid-taken');
    const c = await h.page();
    const row = await h.qr(c);
    await h.scan(row.url, 'openid-taken');
    // bound meanwhile by an administrator to someone else
    await q(sql`update user_accounts set user_id = ${owner.id} where account = 'openid-taken'`);
    const r = await h.bind(c, row.ticket, other.username, 'Passw0rd!x');
    expect(r.body).toMatchObject({ result: '0', scode: WechatCodes.BOUND_TO_OTHER, msg: 'This WeChat account is already bound to another user' });
  });

  it('with MFA on, a scan answers the pending MFA sign-in like signin does (no session yet)', async () => {
    n += 1;
    const id = await createUserRow(h.t.app, { username: `wxmfa${n}`, password: 'Passw0rd!x', email: `wxmfa${n}@example.org` });
    await h.bindRow('sys', id, 'openid-mfa');
    expect((await h.admin.post(Paths.saveloginconfig, { mfaEnabled: true })).body.result).toBe('1');
    try {
      const c = await h.page();
      const row = await h.qr(c);
      await h.scan(row.url, 'openid-mfa');
      const r = await h.poll(c, row.ticket);
      expect(r.body.data.row).toMatchObject({ state: 'signedIn', signIn: { mfaRequired: true, username: `wxmfa${n}`, channels: [{ type: 'email' }] } });
      expect(r.body.data.row.signIn.token).toBeUndefined();
    } finally {
      await h.admin.post(Paths.saveloginconfig, { mfaEnabled: false });
    }
  });

  it('five wrong passwords use the QR code up', async () => {
    const u = await newUser();
    const c = await h.page();
    const row = await h.qr(c);
    await h.scan(row.url, 'openid-tries');
    for (let i = 0; i < 5; i += 1) expect((await h.bind(c, row.ticket, `nobody-${i}`, 'x')).body.scode).toBe(Codes.BAD_CREDENTIALS);
    expect((await h.bind(c, row.ticket, u.username, 'Passw0rd!x')).body.scode).toBe(WechatCodes.TOO_MANY_TRIES);
  });
});
