import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { answerHash } from './captcha.js';
import { solvePow } from '../../testing/pow.js';
import { captchas, sessions } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp({ lockoutThreshold: 3 });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in sequence (PROTOCOL.md)', () => {
  it('answers the startup configuration unsigned with mpk, cryptoType 2 and the login configuration', async () => {
    const c = await t.client();
    expect(c.config.cryptoType).toBe('2');
    expect(c.config.mpk).toMatch(/^[0-9a-f]{32}$/);
    expect(c.config.rows.verifyCodeType).toBe('0');
    expect(c.config.rows.passwordReg).toBeTruthy();
    expect(Math.abs(c.config.currentTime - Date.now())).toBeLessThan(10_000);
    expect(c.config.requestTimeoutMs).toBe(500_000); // SPEC §9 default; MP_REQUEST_TIMEOUT_MS sets it (e2e/loose-ends.spec.ts)
  });

  it('signs in, answers the session user info with identities expanded, and calls a protected API', async () => {
    const c = await t.client();
    const info = await c.signIn('admin', ADMIN_PASSWORD);
    expect(info.userName).toBe('admin');
    expect(info.userType).toEqual([4, 1]);
    expect(info.userTypes).toEqual(['1', '7']);
    expect(info.token).toBe(c.token);
    expect(info.accessToken).toBe(c.token);
    expect(info.tenantList.map((x: { objID: string }) => x.objID)).toContain('sys');
    const codes = await c.post(Paths.querycodetablelist, [1]);
    expect(codes.body.result).toBe('1');
    expect(codes.body.data.row[0].codeVal).toBe(c.config.rows.passwordReg);
  });

  it('refuses a wrong password with a localised message and no token', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    const r = await c.post(Paths.signin, { username: 'admin', password: c.encrypt('wrong-password1'), agree: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: '0', scode: Codes.BAD_CREDENTIALS, msg: 'Wrong user name or password' });
    expect(r.body.data).toEqual({});
  });

  it('signs in by mobile number or e-mail as well as by user name', async () => {
    await createUserRow(t.app, { username: 'mobby', password: 'Passw0rd!', mobile: '13800000001', email: 'Mobby@Example.com' });
    for (const login of ['mobby', '13800000001', 'mobby@example.com']) {
      const c = await t.client();
      const info = await c.signIn(login, 'Passw0rd!');
      expect(info.userName).toBe('mobby');
    }
  });

  it('asks for the privacy agreement (10001001920) until the user agrees, then remembers it', async () => {
    await createUserRow(t.app, { username: 'newbie', password: 'Passw0rd!', agreed: false });
    const c = await t.client();
    const first = await c.post(Paths.signin, { username: 'newbie', password: c.encrypt('Passw0rd!'), agree: false });
    expect(first.body.scode).toBe(Codes.AGREEMENT_REQUIRED);
    const second = await c.post(Paths.signin, { username: 'newbie', password: c.encrypt('Passw0rd!'), agree: true });
    expect(second.body.result).toBe('1');
    const third = await c.post(Paths.signin, { username: 'newbie', password: c.encrypt('Passw0rd!') });
    expect(third.body.result).toBe('1');
  });

  it('refuses the users of a disabled tenant', async () => {
    const tenantId = await createTenantRow(t.app, 'offline');
    await createUserRow(t.app, { tenantId, username: 'offuser', password: 'Passw0rd!' });
    const { tenants } = await import('../../db/schema/index.js');
    await t.app.database.db.update(tenants).set({ status: 0 }).where(eq(tenants.id, tenantId));
    const c = await t.client();
    c.language = 'EN_US';
    const r = await c.post(Paths.signin, { username: 'offuser', password: c.encrypt('Passw0rd!'), agree: true });
    expect(r.body).toMatchObject({ scode: Codes.TENANT_DISABLED, msg: 'Your tenant is disabled, please contact the platform administrator' });
  });

  it('refuses test accounts with the spec message', async () => {
    await createUserRow(t.app, { username: 'tester', password: 'Passw0rd!', identities: [5] });
    const c = await t.client();
    c.language = 'EN_US';
    const r = await c.post(Paths.signin, { username: 'tester', password: c.encrypt('Passw0rd!'), agree: true });
    expect(r.body).toMatchObject({ scode: Codes.TEST_ACCOUNT, msg: 'Test accounts are not supported for login yet' });
  });

  it('locks an account after repeated failures, even for the right password, with a clear message', async () => {
    await createUserRow(t.app, { username: 'victim', password: 'Passw0rd!' });
    const c = await t.client();
    c.language = 'EN_US';
    const fail = () => c.post(Paths.signin, { username: 'victim', password: c.encrypt('Wrong0000'), agree: true });
    expect((await fail()).body.scode).toBe(Codes.BAD_CREDENTIALS);
    expect((await fail()).body.scode).toBe(Codes.BAD_CREDENTIALS);
    const third = await fail();
    expect(third.body.scode).toBe(Codes.ACCOUNT_LOCKED);
    expect(third.body.msg).toMatch(/locked/);
    const right = await c.post(Paths.signin, { username: 'victim', password: c.encrypt('Passw0rd!'), agree: true });
    expect(right.body.scode).toBe(Codes.ACCOUNT_LOCKED);
  });

  it('never locks the super manager through failed sign-ins by others', async () => {
    const c = await t.client();
    for (let i = 0; i < 4; i++) {
      const r = await c.post(Paths.signin, { username: 'admin', password: c.encrypt('Wrong0000'), agree: true });
      expect(r.body.scode).toBe(Codes.BAD_CREDENTIALS);
    }
    await expect(c.signIn('admin', ADMIN_PASSWORD)).resolves.toMatchObject({ userName: 'admin' });
  });

  it('replaces the older session on a new sign-in (10025000350) and ends it on logout (10009021001)', async () => {
    await createUserRow(t.app, { username: 'twice', password: 'Passw0rd!' });
    const a = await t.client();
    await a.signIn('twice', 'Passw0rd!');
    const b = await t.client();
    await b.signIn('twice', 'Passw0rd!');
    const old = await a.post(Paths.querycodetablelist, [1]);
    expect(old.body.scode).toBe(Codes.TOKEN_REPLACED);
    const out = await b.post(Paths.tokenlogout, { accountName: 'twice', token: b.token });
    expect(out.body.result).toBe('1');
    expect((await b.post(Paths.querycodetablelist, [1])).body.scode).toBe(Codes.TOKEN_INVALID);
  });

  it('answers 10009021002 for an expired token and renews a live one', async () => {
    await createUserRow(t.app, { username: 'expiring', password: 'Passw0rd!' });
    const c = await t.client();
    await c.signIn('expiring', 'Passw0rd!');
    const renewed = await c.post(Paths.renewaltoken, { token: c.token });
    expect(renewed.body.data.row.expiresAt).toBeGreaterThan(Date.now());
    // Let the session's time run out (a write to a session is always followed by forgetSessions).
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, c.userId));
    t.app.guardStore.forgetSessions({ userId: c.userId });
    expect((await c.post(Paths.querycodetablelist, [1])).body.scode).toBe(Codes.TOKEN_EXPIRED);
  });

  it('accepts tokenlogin signed without the user id (arrival with an ssotoken), and no other call', async () => {
    const a = await t.client();
    await a.signIn('admin', ADMIN_PASSWORD);
    const sso = await t.client();
    sso.token = a.token; // the console knows only the token from the ssotoken link
    const info = await sso.post(Paths.tokenlogin, { accountName: '', token: sso.token });
    expect(info.body.result).toBe('1');
    expect(info.body.data.row.userId).toBe(a.userId);
    const other = await sso.post(Paths.querycodetablelist, [1]);
    expect(other.status).toBe(401);
    expect(other.body.scode).toBe(Codes.SIGNATURE_INVALID);
  });

  it('answers 10009021001 for a forged token', async () => {
    const c = await t.client();
    c.token = 'f'.repeat(64);
    c.userId = 'someone';
    const r = await c.post(Paths.querycodetablelist, [1]);
    expect(r.body.scode).toBe(Codes.TOKEN_INVALID);
  });

  it('modifies the password: checks the original, the confirmation and the password rule', async () => {
    await createUserRow(t.app, { username: 'changer', password: 'Passw0rd!' });
    const c = await t.client();
    await c.signIn('changer', 'Passw0rd!');
    const body = (o: string, n: string, k = n) => ({ oldPassword: c.encrypt(o), newPassword: c.encrypt(n), confirmPassword: c.encrypt(k) });
    expect((await c.post(Paths.modifyPassword, body('Passw0rd!', 'Newpass123', 'Other123'))).body.scode).toBe(Codes.PASSWORD_MISMATCH);
    expect((await c.post(Paths.modifyPassword, body('Passw0rd!', 'short'))).body.scode).toBe(Codes.PASSWORD_WEAK);
    expect((await c.post(Paths.modifyPassword, body('Wrong0000', 'Newpass123'))).body.scode).toBe(Codes.PASSWORD_ORIGINAL_WRONG);
    expect((await c.post(Paths.modifyPassword, body('Passw0rd!', 'Newpass123'))).body.result).toBe('1');
    await expect((await t.client()).signIn('changer', 'Newpass123')).resolves.toBeTruthy();
  });
});

describe('image captcha', () => {
  it('requires a right, unexpired captcha once when the login check is the image', async () => {
    const s = await testApp({ loginCaptcha: '1' });
    try {
      const c = await s.client();
      expect(c.config.rows.verifyCodeType).toBe('1');
      const img = await c.post(Paths.validcode, undefined, { unsigned: true });
      expect(img.body.data.row.image).toMatch(/^data:image\/png;base64,/);
      const none = await c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), agree: true });
      expect(none.body.scode).toBe(Codes.CAPTCHA_REQUIRED);
      // The answer is stored only as a hash: plant a known one for this captcha id.
      const id = img.body.data.row.captchaId as string;
      const pow = await solvePow(img.body.data.row.pow);
      await s.app.database.db
        .update(captchas)
        .set({ answerHash: answerHash(id, '1234') })
        .where(eq(captchas.id, id));
      const wrong = await c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), captchaId: id, verifyCode: '9999', agree: true, pow });
      expect(wrong.body.scode).toBe(Codes.CAPTCHA_WRONG);
      const reused = await c.post(Paths.signin, {
        username: 'admin',
        password: c.encrypt(ADMIN_PASSWORD),
        captchaId: id,
        verifyCode: '1234',
        agree: true,
        pow,
      });
      expect(reused.body.scode).toBe(Codes.CAPTCHA_WRONG);
      const fresh = await c.post(Paths.validcode, undefined, { unsigned: true });
      const id2 = fresh.body.data.row.captchaId as string;
      await s.app.database.db
        .update(captchas)
        .set({ answerHash: answerHash(id2, '4321') })
        .where(eq(captchas.id, id2));
      const good = await c.post(Paths.signin, {
        username: 'admin',
        password: c.encrypt(ADMIN_PASSWORD),
        captchaId: id2,
        verifyCode: '4321',
        agree: true,
        pow: await solvePow(fresh.body.data.row.pow),
      });
      expect(good.body.result).toBe('1');
    } finally {
      await s.close();
    }
  });
});

describe('GatewayClient over real HTTP', () => {
  it('signs in against a listening server', async () => {
    const s = await testApp();
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = s.app.server.address() as { port: number };
      const c = await new GatewayClient(`http://127.0.0.1:${addr.port}`).init();
      const info = await c.signIn('admin', ADMIN_PASSWORD);
      expect(info.userTypes).toContain('1');
    } finally {
      await s.close();
    }
  });
});
