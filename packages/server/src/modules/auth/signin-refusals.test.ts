/**
 * Refusals reveal nothing about the credential (issue 12 "A disabled or locked account must not reveal
 * whether the password was right"; docs/login.md "Refusals reveal nothing"): an account that may not sign
 * in — disabled, locked by an administrator, locked after failed sign-ins, outside its validity dates, a
 * test account, or of a disabled tenant — answers the very same envelope (status, code, message) for the
 * right and a wrong password, and a wrong password is not counted against it. The same holds for a
 * dynamic code and an MFA code. (The timing class is the code's structure: signin.service verifies the password hash
 * — a dummy one for an unknown account — before any refusal is decided.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { tenants, users } from '../../db/schema/index.js';
import { createTenantRow, createUserRow } from '../../testing/test-app.js';
import { testAppWithMail } from '../../testing/mail-app.js';
import { codeIn } from '../otc/otc.testing.js';

const PASSWORD = 'Passw0rd!x';
let t: Awaited<ReturnType<typeof testAppWithMail>>;
const set = (id: string, patch: Partial<typeof users.$inferInsert>) =>
  inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(users).set(patch).where(eq(users.id, id)));

/** Each kind of account that may not sign in, with the code it answers. */
const REFUSED: [string, string][] = [
  ['rf-disabled', Codes.ACCOUNT_DISABLED],
  ['rf-locked', Codes.ACCOUNT_LOCKED],
  ['rf-lockout', Codes.ACCOUNT_LOCKED],
  ['rf-expired', Codes.ACCOUNT_EXPIRED],
  ['rf-tester', Codes.TEST_ACCOUNT],
  ['rf-offtenant', Codes.TENANT_DISABLED],
];

beforeAll(async () => {
  t = await testAppWithMail();
  const id = async (username: string, o: { tenantId?: string; identities?: number[] } = {}) =>
    createUserRow(t.app, { username, password: PASSWORD, email: `${username}@example.org`, ...o });
  await set(await id('rf-disabled'), { status: 0 });
  await set(await id('rf-locked'), { locked: true });
  await set(await id('rf-lockout'), { lockedUntil: new Date(Date.now() + 10 * 60_000) });
  await set(await id('rf-expired'), { effectiveDate: '2020-01-01', expiryDate: '2020-12-31' });
  await id('rf-tester', { identities: [5] });
  const off = await createTenantRow(t.app, 'rf-off');
  await id('rf-offtenant', { tenantId: off });
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.update(tenants).set({ status: 0 }).where(eq(tenants.id, off)));
});
afterAll(async () => {
  await t.close();
});

async function attempt(username: string, password: string) {
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
  const c = await t.client();
  c.language = 'EN_US';
  const r = await c.post(Paths.signin, { username, password: c.encrypt(password), agree: true });
  return { status: r.status, body: r.body };
}

const failedCount = async (username: string) =>
  (await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select({ n: users.failedCount }).from(users).where(eq(users.username, username))))[0]!.n;

describe('a refused account answers alike for right and wrong passwords', () => {
  it.each(REFUSED)('%s: same status, code and message; the wrong password is not counted', async (username, code) => {
    const right = await attempt(username, PASSWORD);
    const wrong = await attempt(username, 'Wrong-passw0rd');
    expect(right.body).toMatchObject({ result: '0', scode: code });
    expect(wrong).toEqual(right);
    expect(await failedCount(username)).toBe(0);
  });

  it('an unknown account and a wrong password of a usable one answer the same', async () => {
    await createUserRow(t.app, { username: 'rf-ok', password: PASSWORD });
    const unknown = await attempt('rf-nobody', PASSWORD);
    const wrong = await attempt('rf-ok', 'Wrong-passw0rd');
    expect(unknown.body).toMatchObject({ result: '0', scode: Codes.BAD_CREDENTIALS });
    expect(wrong).toEqual(unknown);
  });

  it('a dynamic code to a disabled account: the right and a wrong code answer alike', async () => {
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
    const c = await t.client();
    c.language = 'EN_US';
    const email = 'rf-disabled@example.org';
    const before = t.smtp.received.length;
    await c.post(`${Paths.sendemailcode}/${encodeURIComponent(email)}`);
    const code = codeIn(await t.smtp.waitFor(email, before));
    const other = code === '000000' ? '000001' : '000000';
    const right = await c.post(Paths.signinbycode, { loginType: 'email', address: email, dynamicCode: code, agree: true });
    const wrong = await c.post(Paths.signinbycode, { loginType: 'email', address: email, dynamicCode: other, agree: true });
    expect(right.body).toMatchObject({ result: '0', scode: Codes.ACCOUNT_DISABLED });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: right.status, body: right.body });
  });

  it('an MFA confirmation for an account disabled meanwhile: the right and a wrong code answer alike', async () => {
    expect((await t.admin.post(Paths.saveloginconfig, { mfaEnabled: true })).body.result).toBe('1');
    try {
      const id = await createUserRow(t.app, { username: 'rf-mfa', password: PASSWORD, email: 'rf-mfa@example.org' });
      await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.execute(sql`delete from rate_limits`));
      const c = await t.client();
      c.language = 'EN_US';
      const { ticket } = (await c.post(Paths.signin, { username: 'rf-mfa', password: c.encrypt(PASSWORD), agree: true })).body.data.row;
      const before = t.smtp.received.length;
      expect((await c.post(`${Paths.mfasend}/email/rf-mfa?ticket=${encodeURIComponent(ticket)}`)).body.result).toBe('1');
      const code = codeIn(await t.smtp.waitFor('rf-mfa@example.org', before));
      await set(id, { status: 0 });
      const confirm = (value: string) => c.get(`${Paths.loginconfirm}?${new URLSearchParams({ ticket, type: 'email', code: value })}`);
      const right = await confirm(code);
      const wrong = await confirm(code === '000000' ? '000001' : '000000');
      expect(right.body).toMatchObject({ result: '0', scode: Codes.ACCOUNT_DISABLED });
      expect({ status: wrong.status, body: wrong.body }).toEqual({ status: right.status, body: right.body });
    } finally {
      expect((await t.admin.post(Paths.saveloginconfig, { mfaEnabled: false })).body.result).toBe('1');
    }
  });
});
