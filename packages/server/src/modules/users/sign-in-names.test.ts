/**
 * One account per sign-in name (docs/login.md "One account per sign-in name"; issue 12 "One tenant cannot
 * lock another's users out"): tenant acme's administrator tries to take the user name, mobile and e-mail
 * of tenant beta's user bella — by the form, by editing, by import and by a plain insert — and is refused
 * with a message that names no tenant; bella still signs in from the default console (TENANTID 'sys')
 * on every path that finds an account by what a person types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { Codes, Paths, UserCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { rowsOf } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createUserRow } from '../../testing/test-app.js';
import { testAppWithMail } from '../../testing/mail-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { onDevSms } from '../otc/sms/dev-provider.js';
import { codeIn, type LocalSmtp } from '../otc/otc.testing.js';
import { uploadTo, validUser } from './users.testing.js';
import { buildWorld, PASSWORD, pollJob, tenantUser, type TenantUserWorld } from './users.tenant.testing.js';

let t: Awaited<ReturnType<typeof testAppWithMail>>;
let w: TenantUserWorld;
let nora: GatewayClient;
let smtp: LocalSmtp;
let bella = '';
const sms: { mobile: string; code: string }[] = [];
const BELLA = { username: 'bella', mobile: '13700000001', email: 'bella@beta.example' };

const usersOfAcme = () =>
  inScope(
    t.app.database.db,
    PLATFORM_SCOPE,
    async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users where tenant_id = ${w.acme.tenantId}`))[0]!.n,
  );

/** A new client; the send limits per client address start afresh (every call here comes from one address). */
async function client(tenant?: string): Promise<GatewayClient> {
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
  const c = await t.client();
  c.language = 'EN_US';
  if (tenant) c.tenantId = tenant;
  return c;
}

const signIn = async (login: string, password = PASSWORD, tenant?: string) => {
  const c = await client(tenant);
  return c.post(Paths.signin, { username: login, password: c.encrypt(password), agree: true });
};

beforeAll(async () => {
  t = await testAppWithMail();
  ({ smtp } = t);
  w = await buildWorld(t, 'sn');
  bella = await createUserRow(t.app, { tenantId: w.beta.tenantId, username: BELLA.username, password: PASSWORD, mobile: BELLA.mobile, email: BELLA.email });
  nora = await w.as('snnora', w.acme.tenantId);
  nora.language = 'EN_US';
  onDevSms((m) => sms.push(m));
});
afterAll(async () => {
  await t.close();
});

describe('another tenant cannot take a sign-in name', () => {
  it("refuses a new user with beta's user name, mobile or e-mail (any case, or as another field), naming no tenant", async () => {
    const before = await usersOfAcme();
    const cases: [Record<string, string>, string, string][] = [
      [{ username: 'BELLA' }, UserCodes.USERNAME_IN_USE, 'The user name "BELLA" is already in use'],
      [{ username: 'alex', mobile: BELLA.mobile }, UserCodes.MOBILE_IN_USE, `The mobile number "${BELLA.mobile}" is already in use`],
      [{ username: 'alex', email: 'Bella@Beta.example' }, UserCodes.EMAIL_IN_USE, 'The e-mail "Bella@Beta.example" is already in use'],
      // beta's mobile as acme's user name: typed at sign-in it would name two accounts
      [{ username: BELLA.mobile }, UserCodes.USERNAME_IN_USE, `The user name "${BELLA.mobile}" is already in use`],
    ];
    for (const [fields, code, msg] of cases) {
      const r = await nora.post(Paths.addtenantuser, tenantUser(nora, fields.username!, `${w.acme.tenantId}-east`, fields));
      expect(r.body, JSON.stringify(fields)).toMatchObject({ result: '0', scode: code, msg });
      expect(r.body.msg).not.toMatch(/snbeta|tenant/i);
    }
    // the platform administrator's user form is held to the same rule
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    admin.language = 'EN_US';
    const platform = await admin.post(Paths.adduser, {
      ...validUser(w.acme.tenantId, w.acme.deptId, 'alex'),
      email: BELLA.email,
      password: admin.encrypt(PASSWORD),
    });
    expect(platform.body).toMatchObject({ result: '0', scode: UserCodes.EMAIL_IN_USE });
    expect(await usersOfAcme()).toBe(before);
  });

  it("refuses an edit that takes beta's e-mail", async () => {
    const added = await nora.post(Paths.addtenantuser, tenantUser(nora, 'alex', `${w.acme.tenantId}-east`, { mobile: '13700000002' }));
    expect(added.body.result).toBe('1');
    const id = added.body.data.row.id as string;
    const r = await nora.post(Paths.edittenantuser, {
      id,
      ...tenantUser(nora, 'alex', `${w.acme.tenantId}-east`, { mobile: '13700000002', email: BELLA.email, password: '' }),
    });
    expect(r.body).toMatchObject({ result: '0', scode: UserCodes.EMAIL_IN_USE });
    const [row] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select({ email: users.email }).from(users).where(sql`${users.id} = ${id}`));
    expect(row!.email).toBeNull();
    // a user's own names stay theirs: an edit keeping them passes
    const same = await nora.post(Paths.edittenantuser, { id, ...tenantUser(nora, 'alex', `${w.acme.tenantId}-east`, { mobile: '13700000002', password: '' }) });
    expect(same.body.result).toBe('1');
  });

  it("refuses an import row with beta's names, and rows of one file sharing a name", async () => {
    const before = await usersOfAcme();
    const head = ['User name', 'Employee name', 'Affiliated organisation code', 'Effective date', 'Expiry date', 'Password', 'Mobile', 'E-mail'];
    const row = (username: string, mobile = '', email = '') => [username, 'Imported', 'east', '2026-01-01', '2030-12-31', 'Passw0rd!x', mobile, email];
    const rows = [head, row('imp1', BELLA.mobile), row('imp2', '', BELLA.email.toUpperCase()), row('bella'), row('imp4', '13700000009'), row('13700000009')];
    const data = (await writeExcelFile(rows.map((r) => r.map((value) => ({ value }))) as never).toBuffer()) as Buffer;
    const r = await uploadTo(t.app, nora, Paths.importtenantuser, 'users.xlsx', data);
    const job = await pollJob(nora, r.data.row.jobId);
    expect(job.state).toBe('failed');
    expect(job.report!.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [2, 'Mobile', `The mobile number "${BELLA.mobile}" is already in use`],
      [3, 'E-mail', `The e-mail "${BELLA.email.toUpperCase()}" is already in use`],
      [4, 'User name', 'The user name "bella" is already in use'],
      [6, 'User name', expect.stringContaining('5')],
    ]);
    expect(await usersOfAcme()).toBe(before);
  });

  it("refuses it at the root too: a plain insert or update in acme's scope meets the database", async () => {
    const db = t.app.database.db;
    const a = w.acme.tenantId;
    const insert = inScope(db, { scope: 'tenant', tenantId: a }, (tx) =>
      tx.insert(users).values({ id: 'sn-raw', tenantId: a, username: 'raw', email: 'BELLA@beta.example', passwordHash: 'x' }),
    );
    await expect(insert).rejects.toMatchObject({ cause: { code: '23505', constraint: 'sign_in_names_email_uq' } });
    const update = inScope(db, { scope: 'tenant', tenantId: a }, (tx) => tx.update(users).set({ mobile: BELLA.mobile }).where(sql`${users.username} = 'alex'`));
    await expect(update).rejects.toMatchObject({ cause: { code: '23505', constraint: 'sign_in_names_mobile_uq' } });
  });
});

describe("beta's user still signs in from the default console on every path", () => {
  it('password sign-in by user name, mobile and e-mail finds bella', async () => {
    for (const login of ['bella', 'BELLA', BELLA.mobile, 'Bella@Beta.Example']) {
      const r = await signIn(login);
      expect(r.body, login).toMatchObject({ result: '1', data: { row: { userId: bella } } });
    }
  });

  it('a TENANTID naming another tenant never falls back: bella is not found from acme, found from beta', async () => {
    const acmeCode = 'snacme';
    expect((await signIn('bella', PASSWORD, acmeCode)).body.scode).toBe(Codes.BAD_CREDENTIALS);
    expect((await signIn('bella', PASSWORD, 'snbeta')).body).toMatchObject({ result: '1', data: { row: { userId: bella } } });
  });

  it('a dynamic code by e-mail and by SMS goes to bella and signs her in', async () => {
    const c = await client();
    const before = smtp.received.length;
    expect((await c.post(`${Paths.sendemailcode}/${encodeURIComponent(BELLA.email)}`)).body.result).toBe('1');
    const code = codeIn(await smtp.waitFor(BELLA.email, before));
    expect((await c.post(Paths.signinbycode, { loginType: 'email', address: BELLA.email, dynamicCode: code, agree: true })).body).toMatchObject({
      result: '1',
      data: { row: { userId: bella } },
    });
    const sent = sms.length;
    const d = await client(); // a fresh send window (sends per account are limited)
    expect((await d.post(`${Paths.sendmobilecode}/${BELLA.mobile}`)).body.result).toBe('1');
    for (let i = 0; i < 100 && sms.length === sent; i++) await new Promise((res) => setTimeout(res, 20));
    const text = sms.slice(sent).find((m) => m.mobile === BELLA.mobile)!;
    expect((await d.post(Paths.signinbycode, { loginType: 'mobile', address: BELLA.mobile, dynamicCode: text.code, agree: true })).body).toMatchObject({
      result: '1',
      data: { row: { userId: bella } },
    });
  });

  it('password recovery (findpwd) mails bella', async () => {
    const c = await client();
    const before = smtp.received.length;
    expect((await c.post(`${Paths.findpwd}?username=bella`)).body.result).toBe('1');
    expect(await smtp.waitFor(BELLA.email, before)).toContain('resetpw?p=bella');
  });

  it("with MFA the pending sign-in and its code are bella's", async () => {
    const admin = await t.client(); // buildWorld's sign-in replaced the first session of admin
    await admin.signIn('admin', ADMIN_PASSWORD);
    expect((await admin.post(Paths.saveloginconfig, { mfaEnabled: true })).body.result).toBe('1');
    try {
      const r = await signIn(BELLA.mobile);
      expect(r.body.data.row).toMatchObject({ mfaRequired: true, username: 'bella' });
    } finally {
      expect((await admin.post(Paths.saveloginconfig, { mfaEnabled: false })).body.result).toBe('1');
    }
  });
});
