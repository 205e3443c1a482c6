import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Codes, OtcCodes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { configureMail, startLocalSmtp, type LocalSmtp } from './otc.testing.js';
import { publicUrl } from './otc.config.js';

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: LocalSmtp;
let c: GatewayClient;
let n = 0;

beforeAll(async () => {
  t = await testApp();
  smtp = await startLocalSmtp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  c = await t.client();
  c.language = 'EN_US';
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
});

async function newUser() {
  n += 1;
  const username = `Rec${n}`;
  const email = `rec${n}@example.org`;
  const id = await createUserRow(t.app, { username, password: 'OldPassw0rd', email });
  return { id, username, email };
}

/** findpwd, then the link from the mail: answers p and resetpsw. */
async function recover(username: string, email: string) {
  const before = smtp.received.length;
  const r = await c.post(`${Paths.findpwd}?username=${encodeURIComponent(username)}`);
  expect(r.body).toMatchObject({ result: '1' });
  const text = await smtp.waitFor(email, before);
  const link = /(https?:\/\/\S+\/resetpw\?p=[^\s"<&]+&(?:amp;)?resetpsw=[A-Za-z0-9_-]+)/.exec(text)![1]!.replace('&amp;', '&');
  const url = new URL(link);
  return { link, p: url.searchParams.get('p')!, flag: url.searchParams.get('resetpsw')!, text };
}
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe('password recovery', () => {
  it('findpwd mails a link; checkresetpwd accepts it; resetpwd sets the password, ends sessions, and the link dies', async () => {
    const u = await newUser();
    const victim = await t.client();
    await victim.signIn(u.username, 'OldPassw0rd');
    const { link, p, flag, text } = await recover(u.username.toLowerCase(), u.email);
    expect(text).toContain('password recovery');
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/resetpw\?p=Rec\d+&resetpsw=[A-Za-z0-9_-]{43}$/);
    expect(p).toBe(u.username);
    expect((await c.post(`${Paths.checkresetpwd}?${q({ username: p, pwdflag: flag })}`)).body.result).toBe('1');
    const r = await c.post(`${Paths.resetpwd}?${q({ username: p, pwdflag: flag, pwd: c.encrypt('NewPassw0rd') })}`);
    expect(r.body.result).toBe('1');
    // the old session ended, the new password works, the old one does not
    expect((await victim.post(Paths.tokenlogin, { accountName: u.username, token: victim.token })).body.scode).toBe(Codes.TOKEN_INVALID);
    const again = await t.client();
    await again.signIn(u.username, 'NewPassw0rd');
    expect((await (await t.client()).post(Paths.signin, { username: u.username, password: c.encrypt('OldPassw0rd'), agree: true })).body.scode).toBe(
      Codes.BAD_CREDENTIALS,
    );
    // single use
    expect((await c.post(`${Paths.checkresetpwd}?${q({ username: p, pwdflag: flag })}`)).body).toMatchObject({
      scode: OtcCodes.RESET_LINK_INVALID,
      msg: 'the password-recovery link has expired, please use the latest link or recover again',
    });
    expect((await c.post(`${Paths.resetpwd}?${q({ username: p, pwdflag: flag, pwd: c.encrypt('Other0Passw') })}`)).body.scode).toBe(
      OtcCodes.RESET_LINK_INVALID,
    );
    const [audit] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`select action from audit_log where entity_id = ${u.id} and action = 'password.reset'`),
    ).then((x: any) => x.rows ?? x);
    expect(audit).toBeTruthy();
  });

  it('an unknown user name answers the same success and sends nothing', async () => {
    const before = smtp.received.length;
    const r = await c.post(`${Paths.findpwd}?username=nobody-at-all`);
    expect(r.body).toEqual({ result: '1', msg: '', message: '', scode: '', data: {} });
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('an expired link is refused', async () => {
    const u = await newUser();
    const { p, flag } = await recover(u.username, u.email);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`update one_time_codes set expires_at = now() - interval '1 second' where user_id = ${u.id} and purpose = 'reset'`),
    );
    expect((await c.post(`${Paths.checkresetpwd}?${q({ username: p, pwdflag: flag })}`)).body.scode).toBe(OtcCodes.RESET_LINK_INVALID);
  });

  it('a newer link supersedes the older one', async () => {
    const u = await newUser();
    const first = await recover(u.username, u.email);
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
    const second = await recover(u.username, u.email);
    expect((await c.post(`${Paths.checkresetpwd}?${q({ username: u.username, pwdflag: first.flag })}`)).body.scode).toBe(OtcCodes.RESET_LINK_INVALID);
    expect((await c.post(`${Paths.checkresetpwd}?${q({ username: u.username, pwdflag: second.flag })}`)).body.result).toBe('1');
  });

  it('the password rule (code table type 1) is enforced and the link stays usable', async () => {
    const u = await newUser();
    const { p, flag } = await recover(u.username, u.email);
    const weak = await c.post(`${Paths.resetpwd}?${q({ username: p, pwdflag: flag, pwd: c.encrypt('short') })}`);
    expect(weak.body).toMatchObject({ scode: Codes.PASSWORD_WEAK, msg: 'password strength validation failed' });
    expect((await c.post(`${Paths.checkresetpwd}?${q({ username: p, pwdflag: flag })}`)).body.result).toBe('1');
  });

  it('findpwd is rate-limited per user name (429 with the seconds to wait)', async () => {
    const u = await newUser();
    await recover(u.username, u.email);
    const again = await c.post(`${Paths.findpwd}?username=${u.username}`);
    expect(again.status).toBe(429);
    expect(again.body.scode).toBe(Codes.RATE_LIMITED);
  });

  it('unsigned calls are refused', async () => {
    const r = await c.send('POST', `${Paths.findpwd}?username=x`, {}, { unsigned: true });
    expect(r.status).toBe(401);
  });

  it('the link uses MP_PUBLIC_URL; in production without it no link is built', () => {
    expect(publicUrl({ protocol: 'http', host: 'evil.example' }, { MP_PUBLIC_URL: 'https://iam.example.org/' })).toBe('https://iam.example.org');
    expect(publicUrl({ protocol: 'http', host: 'evil.example' }, { NODE_ENV: 'production' })).toBeUndefined();
  });
});
