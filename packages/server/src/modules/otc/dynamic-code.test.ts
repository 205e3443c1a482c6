import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Codes, OtcCodes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { onDevSms } from './sms/dev-provider.js';
import { codeIn, configureMail, startLocalSmtp, type LocalSmtp } from './otc.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: LocalSmtp;
let c: GatewayClient;
const sms: { mobile: string; code: string; text: string }[] = [];
let n = 0;

beforeAll(async () => {
  t = await testApp();
  smtp = await startLocalSmtp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
  onDevSms((m) => sms.push(m));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  c = await t.client();
  c.language = 'EN_US';
  // every test from its own client address, so the per-address-of-client limit never interferes
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
});

/** A new user with an e-mail and a mobile; answers its addresses. */
async function newUser(o: { status?: number } = {}) {
  n += 1;
  const username = `otc${n}`;
  const email = `otc${n}@example.org`;
  const mobile = `1380000${String(n).padStart(4, '0')}`;
  const id = await createUserRow(t.app, { username, password: 'Passw0rd!x', email, mobile });
  if (o.status !== undefined) await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`update users set status = ${o.status} where id = ${id}`));
  return { id, username, email, mobile };
}

async function mailCode(email: string): Promise<string> {
  const before = smtp.received.length;
  const r = await c.post(`${Paths.sendemailcode}/${encodeURIComponent(email)}`);
  expect(r.body).toMatchObject({ result: '1' });
  return codeIn(await smtp.waitFor(email, before));
}

const signInByCode = (address: string, dynamicCode: string, loginType: 'email' | 'mobile' = 'email') =>
  c.post(Paths.signinbycode, { loginType, address, dynamicCode, agree: true });

describe('dynamic code sign-in by e-mail and SMS', () => {
  it('mails a 6-digit code in the request language; signing in with it opens a session like password sign-in', async () => {
    const u = await newUser();
    const before = smtp.received.length;
    const r = await c.post(`${Paths.sendemailcode}/${encodeURIComponent(u.email.toUpperCase())}`);
    expect(r.body).toMatchObject({ result: '1' });
    const text = await smtp.waitFor(u.email, before);
    expect(text).toContain('sign-in code');
    const code = codeIn(text);
    const s = await signInByCode(u.email, code);
    expect(s.body).toMatchObject({ result: '1', data: { row: { userId: u.id } } });
    c.token = s.body.data.row.token;
    c.userId = u.id;
    const info = await c.post(Paths.tokenlogin, { accountName: u.username, token: c.token });
    expect(info.body.data.row).toMatchObject({ userName: u.username });
    const [stored] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`select code_hash from one_time_codes where subject = ${u.email}`),
    ).then((x: any) => x.rows ?? x);
    expect(String(stored.code_hash)).not.toContain(code);
  });

  it('sends by SMS through the development provider', async () => {
    const u = await newUser();
    const r = await c.post(`${Paths.sendmobilecode}/${u.mobile}`);
    expect(r.body.result).toBe('1');
    await new Promise((res) => setTimeout(res, 50));
    const m = sms.find((x) => x.mobile === u.mobile)!;
    expect(m.text).toContain(m.code);
    expect((await signInByCode(u.mobile, m.code, 'mobile')).body.result).toBe('1');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const before = smtp.received.length;
    const r = await c.post(`${Paths.sendemailcode}/nobody-here@example.org`);
    expect(r.body).toEqual({ result: '1', msg: '', message: '', scode: '', data: {} });
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.received.slice(before).some((m) => m.to.includes('nobody-here@example.org'))).toBe(false);
  });

  it('refuses a wrong mobile number, a wrong e-mail and an empty code with the spec messages', async () => {
    expect((await c.post(`${Paths.sendmobilecode}/12345`)).body).toMatchObject({ scode: OtcCodes.MOBILE_INVALID, msg: 'enter correct mobile number' });
    expect((await c.post(`${Paths.sendemailcode}/not-an-address`)).body.scode).toBe(OtcCodes.EMAIL_INVALID);
    expect((await signInByCode('a@example.org', ' ')).body).toMatchObject({ scode: OtcCodes.CODE_EMPTY, msg: 'dynamic code empty' });
  });

  it('limits sends per address (429 with the seconds to wait), also for unknown addresses', async () => {
    const u = await newUser();
    await mailCode(u.email);
    const again = await c.post(`${Paths.sendemailcode}/${u.email}`);
    expect(again.status).toBe(429);
    expect(again.body.scode).toBe(Codes.RATE_LIMITED);
    expect(Number(again.headers['retry-after'] ?? 60)).toBeGreaterThan(0);
    expect(again.body.msg).toMatch(/\d+/);
    expect((await c.post(`${Paths.sendemailcode}/ghost@example.org`)).status).toBe(200);
    expect((await c.post(`${Paths.sendemailcode}/ghost@example.org`)).status).toBe(429);
  });

  it('limits sends per account across its addresses', async () => {
    const u = await newUser();
    await mailCode(u.email);
    const byMobile = await c.post(`${Paths.sendmobilecode}/${u.mobile}`);
    expect(byMobile.status).toBe(429);
  });

  it('a code is single-use', async () => {
    const u = await newUser();
    const code = await mailCode(u.email);
    expect((await signInByCode(u.email, code)).body.result).toBe('1');
    expect((await signInByCode(u.email, code)).body.scode).toBe(OtcCodes.CODE_INVALID);
  });

  it('an expired code is refused', async () => {
    const u = await newUser();
    const code = await mailCode(u.email);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`update one_time_codes set expires_at = now() - interval '1 second' where subject = ${u.email}`),
    );
    expect((await signInByCode(u.email, code)).body.scode).toBe(OtcCodes.CODE_INVALID);
  });

  it('five wrong tries kill the code, even the right one afterwards', async () => {
    const u = await newUser();
    const code = await mailCode(u.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const scodes = [];
    for (let i = 0; i < 5; i++) scodes.push((await signInByCode(u.email, wrong)).body.scode);
    expect(scodes.slice(0, 4)).toEqual(Array(4).fill(OtcCodes.CODE_INVALID));
    expect(scodes[4]).toBe(OtcCodes.CODE_TOO_MANY_TRIES);
    expect((await signInByCode(u.email, code)).body.scode).toBe(OtcCodes.CODE_INVALID);
  });

  it('a newer code supersedes the older one', async () => {
    const u = await newUser();
    const first = await mailCode(u.email);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
    const second = await mailCode(u.email);
    if (first !== second) expect((await signInByCode(u.email, first)).body.scode).toBe(OtcCodes.CODE_INVALID);
    expect((await signInByCode(u.email, second)).body.result).toBe('1');
  });

  it('admits like password sign-in: a disabled account is refused and the code stays unused', async () => {
    const u = await newUser({ status: 0 });
    const code = await mailCode(u.email);
    expect((await signInByCode(u.email, code)).body.scode).toBe(Codes.ACCOUNT_DISABLED);
    const [row] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`select used_at from one_time_codes where subject = ${u.email}`)).then(
      (x: any) => x.rows ?? x,
    );
    expect(row.used_at).toBeNull();
  });

  it('without a mail configuration nobody gets a code, known or not', async () => {
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    await admin.post(Paths.savemailconfiglist, []);
    try {
      expect((await c.post(`${Paths.sendemailcode}/ghost2@example.org`)).body.scode).toBe(OtcCodes.MAIL_NOT_CONFIGURED);
    } finally {
      await configureMail(admin, smtp.port);
    }
  });
});
