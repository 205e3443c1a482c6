/**
 * Sign-in journeys of issue 4 owned by the sign-in page (docs/login.md): the slider security check,
 * the first sign-in forced password change, and the sign-in rate limits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, Paths, SigninCodes, SLIDER_RULES, type PowAnswer } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { captchas, users } from '../../db/schema/index.js';
import { sliderTarget } from './slider-captcha.js';
import { solvePow } from '../../testing/pow.js';

type T = Awaited<ReturnType<typeof testApp>>;

/** A human-looking drag to `x`: three steps over `ms` milliseconds. */
function drag(x: number, ms = 600) {
  return {
    x,
    durationMs: ms,
    track: [
      [0, 0],
      [Math.round(ms / 3), Math.round(x / 3)],
      [Math.round((2 * ms) / 3), Math.round((2 * x) / 3)],
      [ms, x],
    ] as [number, number][],
  };
}

describe('slider security check (verification code type 2)', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp({ loginCaptcha: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new puzzle and its true x, read from the stored (encrypted) target as only the server can. */
  async function puzzle(c: GatewayClient): Promise<{ id: string; target: number; row: Record<string, unknown> }> {
    const r = await c.post(Paths.validcode, undefined, { unsigned: true });
    const row = r.body.data.row;
    const [stored] = await t.app.database.db.select().from(captchas).where(eq(captchas.id, row.captchaId));
    const target = sliderTarget(stored!.answerHash, row.captchaId, await t.app.settings.crypto());
    expect(target).not.toBeNull();
    pows.set(row.captchaId, await solvePow(row.pow));
    return { id: row.captchaId, target: target!, row };
  }
  /** Each puzzle's solved proof of work, sent with every answer to it. */
  const pows = new Map<string, PowAnswer>();
  const body = (c: GatewayClient, captchaId: string | undefined, slider: unknown) => ({
    username: 'admin',
    password: c.encrypt(ADMIN_PASSWORD),
    agree: true,
    captchaId,
    slider,
    pow: captchaId ? pows.get(captchaId) : undefined,
  });

  it('answers a PNG puzzle (background with the gap, the piece, its y) and stores no plain answer', async () => {
    const c = await t.client();
    expect(c.config.rows.verifyCodeType).toBe('2');
    const { row, target, id } = await puzzle(c);
    expect(row.image).toMatch(/^data:image\/png;base64,/);
    expect(row.piece).toMatch(/^data:image\/png;base64,/);
    expect(row).toMatchObject({ width: SLIDER_RULES.width, height: SLIDER_RULES.height });
    expect(Number(row.pieceY)).toBeGreaterThanOrEqual(0);
    expect(target).toBeGreaterThan(Number(row.pieceSize));
    const [stored] = await t.app.database.db.select().from(captchas).where(eq(captchas.id, id));
    expect(stored!.answerHash).not.toContain(String(target));
  });

  it('signs in with the piece on the gap (within tolerance) and a human drag', async () => {
    const c = await t.client();
    const p = await puzzle(c);
    const r = await c.post(Paths.signin, body(c, p.id, drag(p.target + SLIDER_RULES.tolerance - 1)));
    expect(r.body.result).toBe('1');
    expect(r.body.data.row.token).toBeTruthy();
  });

  it('refuses a missing answer, a wrong position, and the replay of a used puzzle (one try each)', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    const none = await c.post(Paths.signin, body(c, undefined, undefined));
    expect(none.body).toMatchObject({ scode: SigninCodes.SLIDER_REQUIRED, msg: 'Please complete the security check: drag the slider to fit the piece' });
    const p = await puzzle(c);
    const wrong = await c.post(Paths.signin, body(c, p.id, drag(p.target + 30)));
    expect(wrong.body).toMatchObject({ scode: SigninCodes.SLIDER_FAILED, msg: 'The security check failed, please drag the slider again' });
    // The same puzzle with the right answer now: it was consumed by the wrong try.
    const retry = await c.post(Paths.signin, body(c, p.id, drag(p.target)));
    expect(retry.body.scode).toBe(SigninCodes.SLIDER_FAILED);
    // A right answer is good for one sign-in only.
    const q = await puzzle(c);
    expect((await c.post(Paths.signin, body(c, q.id, drag(q.target)))).body.result).toBe('1');
    expect((await c.post(Paths.signin, body(c, q.id, drag(q.target)))).body.scode).toBe(SigninCodes.SLIDER_FAILED);
  });

  it('refuses a drag that is too fast, a jump without a track, and an expired puzzle', async () => {
    const c = await t.client();
    const fast = await puzzle(c);
    expect((await c.post(Paths.signin, body(c, fast.id, drag(fast.target, SLIDER_RULES.minDurationMs - 50)))).body.scode).toBe(SigninCodes.SLIDER_FAILED);
    const jump = await puzzle(c);
    expect((await c.post(Paths.signin, body(c, jump.id, { x: jump.target, durationMs: 800, track: [[800, jump.target]] }))).body.scode).toBe(
      SigninCodes.SLIDER_FAILED,
    );
    const old = await puzzle(c);
    await t.app.database.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, old.id));
    expect((await c.post(Paths.signin, body(c, old.id, drag(old.target)))).body.scode).toBe(SigninCodes.SLIDER_FAILED);
  });

  it('refuses an image-captcha answer in place of the slider', async () => {
    const c = await t.client();
    const p = await puzzle(c);
    const r = await c.post(Paths.signin, {
      username: 'admin',
      password: c.encrypt(ADMIN_PASSWORD),
      agree: true,
      captchaId: p.id,
      verifyCode: '1234',
      pow: pows.get(p.id),
    });
    expect(r.body.scode).toBe(SigninCodes.SLIDER_REQUIRED);
  });
});

describe('first sign-in forced password change (forcePasswordChange)', () => {
  let t: T;
  let admin: GatewayClient;
  beforeAll(async () => {
    t = await testApp();
    admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });
  const setFlag = async (on: boolean) => {
    const r = await admin.post(Paths.saveloginconfig, { forcePasswordChange: on });
    expect(r.body.result).toBe('1');
    t.app.settings.invalidate();
  };

  it('restricts a never-changed password to the password change until it succeeds', async () => {
    const id = await createUserRow(t.app, { username: 'firsttimer', password: 'Passw0rd!' });
    await setFlag(true);
    try {
      const c = await t.client();
      c.language = 'EN_US';
      const r = await c.post(Paths.signin, { username: 'firsttimer', password: c.encrypt('Passw0rd!'), agree: true });
      expect(r.body.data.row.mustChangePassword).toBe(true);
      c.token = r.body.data.row.token;
      c.userId = r.body.data.row.userId;
      const info = await c.post(Paths.tokenlogin, { accountName: 'firsttimer', token: c.token });
      expect(info.body.data.row).toMatchObject({ mustChangePassword: true, userName: 'firsttimer' });
      // Every other protected call is refused with a clear code; the password rule stays readable.
      const menu = await c.get(Paths.listmymenu);
      expect(menu.body).toMatchObject({
        result: '0',
        scode: SigninCodes.PASSWORD_CHANGE_REQUIRED,
        msg: 'Please change your password before continuing (first sign-in)',
      });
      expect((await c.post(Paths.listuser, { page: 1, pageSize: 10 })).body.scode).toBe(SigninCodes.PASSWORD_CHANGE_REQUIRED);
      expect((await c.post(Paths.querycodetablelist, [1])).body.result).toBe('1');
      // A second tokenlogin keeps the restriction.
      expect((await c.post(Paths.tokenlogin, { accountName: 'firsttimer', token: c.token })).body.data.row.mustChangePassword).toBe(true);
      expect((await c.get(Paths.listmymenu)).body.scode).toBe(SigninCodes.PASSWORD_CHANGE_REQUIRED);
      // An administrator changing the user's identities meanwhile does not lift it either.
      const tenant = await createTenantRow(t.app, 'firstco');
      expect((await admin.post(Paths.savetenantadmin, { tenantId: tenant, userIds: [id] })).body.result).toBe('1');
      expect((await c.get(Paths.listmymenu)).body.scode).toBe(SigninCodes.PASSWORD_CHANGE_REQUIRED);
      // The same password again is refused; a new one lifts the restriction for this session.
      const same = await c.post(Paths.modifyPassword, {
        oldPassword: c.encrypt('Passw0rd!'),
        newPassword: c.encrypt('Passw0rd!'),
        confirmPassword: c.encrypt('Passw0rd!'),
      });
      expect(same.body.scode).toBe(SigninCodes.PASSWORD_UNCHANGED);
      const changed = await c.post(Paths.modifyPassword, {
        oldPassword: c.encrypt('Passw0rd!'),
        newPassword: c.encrypt('Newpass123'),
        confirmPassword: c.encrypt('Newpass123'),
      });
      expect(changed.body.result).toBe('1');
      expect((await c.get(Paths.listmymenu)).body.result).toBe('1');
      const after = await c.post(Paths.tokenlogin, { accountName: 'firsttimer', token: c.token });
      expect(after.body.data.row.mustChangePassword).toBeUndefined();
      expect([...after.body.data.row.userTypes].sort()).toEqual(['2', '3', '7']); // with the identity granted meanwhile
      // The next sign-in is not restricted.
      const again = await t.client();
      const r2 = await again.post(Paths.signin, { username: 'firsttimer', password: again.encrypt('Newpass123'), agree: true });
      expect(r2.body.data.row.mustChangePassword).toBeUndefined();
      const [u] = await t.app.database.db.select().from(users).where(eq(users.id, id));
      expect(u!.passwordChangedAt).not.toBeNull();
    } finally {
      await setFlag(false);
    }
  });

  it('does not restrict when the flag is off, and restricts again after an administrator resets the password', async () => {
    const id = await createUserRow(t.app, { username: 'resetme', password: 'Passw0rd!' });
    const c = await t.client();
    const r = await c.post(Paths.signin, { username: 'resetme', password: c.encrypt('Passw0rd!'), agree: true });
    expect(r.body.data.row.mustChangePassword).toBeUndefined();
    await t.app.database.db.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, id));
    const reset = await admin.post(Paths.resetuserpassword, { id, password: admin.encrypt('Reset1234') });
    expect(reset.body.result).toBe('1');
    const [u] = await t.app.database.db.select().from(users).where(eq(users.id, id));
    expect(u!.passwordChangedAt).toBeNull();
    await setFlag(true);
    try {
      const d = await t.client();
      const r2 = await d.post(Paths.signin, { username: 'resetme', password: d.encrypt('Reset1234'), agree: true });
      expect(r2.body.data.row.mustChangePassword).toBe(true);
    } finally {
      await setFlag(false);
    }
  });
});

describe('sign-in rate limits', () => {
  let t: T;
  const saved = { ...process.env };
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    for (const k of ['MP_SIGNIN_RATE_ACCOUNT', 'MP_SIGNIN_RATE_IP', 'MP_SIGNIN_RATE_ACCOUNT_ALL']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('answers 429 with Retry-After past the per-account limit, even for the right password', async () => {
    process.env.MP_SIGNIN_RATE_ACCOUNT = '3';
    await createUserRow(t.app, { username: 'hammered', password: 'Passw0rd!' });
    const c = await t.client();
    c.language = 'EN_US';
    for (let i = 0; i < 3; i++) expect((await c.post(Paths.signin, { username: 'hammered', password: c.encrypt('Wrong0000'), agree: true })).status).toBe(200);
    const r = await c.post(Paths.signin, { username: 'Hammered', password: c.encrypt('Passw0rd!'), agree: true });
    expect(r.status).toBe(429);
    expect(r.body.scode).toBe(Codes.RATE_LIMITED);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not affected by this account's limit.
    expect((await c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), agree: true })).body.result).toBe('1');
  });

  it('answers 429 past the per-address limit across accounts', async () => {
    process.env.MP_SIGNIN_RATE_IP = '4';
    const c = await t.client();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await c.post(Paths.signin, { username: `nobody${i}`, password: c.encrypt('Wrong0000'), agree: true })).status;
    expect(last).toBe(429);
  });

  it('answers 429 past the per-account limit from all addresses together (a client varying its address)', async () => {
    process.env.MP_SIGNIN_RATE_ACCOUNT_ALL = '3';
    await createUserRow(t.app, { username: 'roamer', password: 'Passw0rd!' });
    const c = await t.client();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await c.post(
            Paths.signin,
            { username: 'roamer', password: c.encrypt('Wrong0000'), agree: true },
            { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
          )
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
