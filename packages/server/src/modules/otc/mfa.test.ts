import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OtcCodes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { onDevSms } from './sms/dev-provider.js';
import { codeIn, configureMail, startLocalSmtp, type LocalSmtp } from './otc.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let smtp: LocalSmtp;
let admin: GatewayClient;
const sms: { mobile: string; code: string }[] = [];

beforeAll(async () => {
  t = await testApp();
  smtp = await startLocalSmtp();
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtp.port);
  onDevSms((m) => sms.push(m));
  expect((await admin.post(Paths.saveloginconfig, { mfaEnabled: true })).body.result).toBe('1');
  await createUserRow(t.app, { username: 'mfa1', password: 'Passw0rd!x', email: 'mfa1@example.org', mobile: '13900000001' });
  await createUserRow(t.app, { username: 'mfa2', password: 'Passw0rd!x', email: 'mfa2@example.org' });
  await createUserRow(t.app, { username: 'mfa3', password: 'Passw0rd!x' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function passwordStep(username: string) {
  const c = await t.client();
  c.language = 'EN_US';
  const r = await c.post(Paths.signin, { username, password: c.encrypt('Passw0rd!x'), agree: true });
  expect(r.body.result).toBe('1');
  return { c, row: r.body.data.row };
}
const confirm = (c: GatewayClient, q: Record<string, string>) => c.get(`${Paths.loginconfirm}?${new URLSearchParams(q)}`);

describe('MFA after password sign-in', () => {
  it('a right password answers a pending ticket and masked channels, no session', async () => {
    const { row } = await passwordStep('mfa1');
    expect(row).toMatchObject({
      mfaRequired: true,
      username: 'mfa1',
      channels: [
        { type: 'email', masked: 'm***1@example.org' },
        { type: 'mobile', masked: '139****0001' },
      ],
    });
    expect(row.token).toBeUndefined();
    const [s] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = 'mfa1'`),
    ).then((x: any) => x.rows ?? x);
    expect(s.n).toBe(0);
  });

  it('the code by e-mail confirms the sign-in and answers { token, userId } like signin', async () => {
    const { c, row } = await passwordStep('mfa2');
    const before = smtp.received.length;
    expect((await c.post(`${Paths.mfasend}/email/mfa2?ticket=${encodeURIComponent(row.ticket)}`)).body.result).toBe('1');
    const code = codeIn(await smtp.waitFor('mfa2@example.org', before));
    const wrong = await confirm(c, { ticket: row.ticket, type: 'email', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.scode).toBe(OtcCodes.CODE_INVALID);
    const ok = await confirm(c, { ticket: row.ticket, type: 'email', code });
    expect(ok.body).toMatchObject({ result: '1', data: { row: { userId: expect.any(String), token: expect.any(String) } } });
    c.token = ok.body.data.row.token;
    c.userId = ok.body.data.row.userId;
    expect((await c.post(Paths.tokenlogin, { accountName: 'mfa2', token: c.token })).body.data.row.userName).toBe('mfa2');
    // the ticket and the code are used up
    expect((await confirm(c, { ticket: row.ticket, type: 'email', code })).body.scode).toBe(OtcCodes.MFA_TICKET_INVALID);
  });

  it('the code by SMS (development provider) confirms too; a code for another channel does not', async () => {
    const { c, row } = await passwordStep('mfa1');
    expect((await c.post(`${Paths.mfasend}/mobile/mfa1?ticket=${encodeURIComponent(row.ticket)}`)).body.result).toBe('1');
    const code = sms.filter((m) => m.mobile === '13900000001').at(-1)!.code;
    expect((await confirm(c, { ticket: row.ticket, type: 'email', code })).body.scode).toBe(OtcCodes.CODE_INVALID);
    expect((await confirm(c, { ticket: row.ticket, type: 'mobile', code })).body.result).toBe('1');
  });

  it('sending needs the live ticket of that very user; a forged ticket is refused', async () => {
    const { c, row } = await passwordStep('mfa1');
    expect((await c.post(`${Paths.mfasend}/email/mfa2?ticket=${encodeURIComponent(row.ticket)}`)).body.scode).toBe(OtcCodes.MFA_TICKET_INVALID);
    const forged = `${row.ticket.split('.')[0]}.AAAA`;
    expect((await c.post(`${Paths.mfasend}/email/mfa1?ticket=${encodeURIComponent(forged)}`)).body.scode).toBe(OtcCodes.MFA_TICKET_INVALID);
    expect((await confirm(c, { ticket: forged, type: 'email', code: '123456' })).body.scode).toBe(OtcCodes.MFA_TICKET_INVALID);
    expect((await confirm(c, { ticket: row.ticket, type: 'email', code: '' })).body.scode).toBe(OtcCodes.CODE_EMPTY);
  });

  it('an expired ticket is refused', async () => {
    const { c, row } = await passwordStep('mfa2');
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`update one_time_codes set expires_at = now() - interval '1 second' where id = ${row.ticket.split('.')[0]}`),
    );
    expect((await confirm(c, { ticket: row.ticket, type: 'email', code: '123456' })).body.scode).toBe(OtcCodes.MFA_TICKET_INVALID);
  });

  it('an account with no e-mail or mobile signs in with the password alone (MFA never locks it out)', async () => {
    const { row } = await passwordStep('mfa3');
    expect(row.token).toEqual(expect.any(String));
  });

  it('with MFA off, password sign-in opens the session at once', async () => {
    expect((await admin.post(Paths.saveloginconfig, { mfaEnabled: false })).body.result).toBe('1');
    const { row } = await passwordStep('mfa2');
    expect(row.token).toEqual(expect.any(String));
    await admin.post(Paths.saveloginconfig, { mfaEnabled: true });
  });
});
