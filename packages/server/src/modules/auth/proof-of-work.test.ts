/**
 * The login check's proof of work and raster digits (issue 12 §3; docs/login.md "Proof of work",
 * "Image digits"): every sign-in with captcha type '1' or '2' must carry the solved challenge of its own
 * captcha; a missing, wrong, forged, reused or expired one is refused with a localised message, and the
 * digits come as a PNG, not as SVG paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resources } from '@mp/i18n';
import { Codes, Paths, SigninCodes, type PowAnswer, type PowChallenge } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { solvePow } from '../../testing/pow.js';
import { decodePng } from '../../testing/png.js';
import { captchas } from '../../db/schema/index.js';
import { answerHash } from './captcha.js';
import { CAPTCHA_IMAGE, drawCaptcha } from './captcha-image.js';
import { createPowChallenge, POW_ALGORITHM } from './proof-of-work.js';

type T = Awaited<ReturnType<typeof testApp>>;
const en = resources['en-US'].errors.signin;

describe('image digits (verification code type 1)', () => {
  it('draws the digits as a distorted PNG: never the same picture twice, nothing but pixels', () => {
    const a = drawCaptcha('1234');
    const b = drawCaptcha('1234');
    expect([...a.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const pa = decodePng(a);
    expect([pa.w, pa.h]).toEqual([CAPTCHA_IMAGE.width, CAPTCHA_IMAGE.height]);
    expect(a.equals(b)).toBe(false);
    expect(a.toString('latin1')).not.toMatch(/<svg|<path|1234/);
    // Ink covers a real share of the picture (digits and crossing curves), not a blank image.
    let dark = 0;
    for (let i = 0; i < pa.px.length; i += 4) if (pa.px[i]! + pa.px[i + 1]! + pa.px[i + 2]! < 300) dark++;
    expect(dark / (pa.w * pa.h)).toBeGreaterThan(0.05);
    expect(() => drawCaptcha('12a4')).toThrow();
  });
});

describe('proof of work with the image digits', () => {
  let t: T;
  let c: GatewayClient;
  // Many sign-ins of one account within a minute here; the rate limits have their own tests.
  const saved = { account: process.env.MP_SIGNIN_RATE_ACCOUNT, all: process.env.MP_SIGNIN_RATE_ACCOUNT_ALL };
  beforeAll(async () => {
    process.env.MP_SIGNIN_RATE_ACCOUNT = '0';
    process.env.MP_SIGNIN_RATE_ACCOUNT_ALL = '0';
    t = await testApp({ loginCaptcha: '1' });
    c = await t.client();
    c.language = 'EN_US';
  });
  afterAll(async () => {
    await t.close();
    for (const [k, v] of [
      ['MP_SIGNIN_RATE_ACCOUNT', saved.account],
      ['MP_SIGNIN_RATE_ACCOUNT_ALL', saved.all],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  /** A new captcha whose answer is planted as `digits` (only its hash is stored). */
  async function captcha(digits = '2468'): Promise<{ id: string; pow: PowChallenge; image: string }> {
    const r = await c.post(Paths.validcode, undefined, { unsigned: true });
    const { captchaId: id, pow, image } = r.body.data.row;
    await t.app.database.db
      .update(captchas)
      .set({ answerHash: answerHash(id, digits) })
      .where(eq(captchas.id, id));
    return { id, pow, image };
  }
  const signIn = (captchaId: string, pow: PowAnswer | undefined, verifyCode = '2468') =>
    c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), agree: true, captchaId, verifyCode, pow });

  it('answers a PNG and a signed challenge bound to the captcha, and stores no plain answer', async () => {
    const r = await c.post(Paths.validcode, undefined, { unsigned: true });
    const row = r.body.data.row;
    expect(row.image).toMatch(/^data:image\/png;base64,/);
    expect(decodePng(row.image as string).w).toBe(CAPTCHA_IMAGE.width);
    expect(row.pow.parameters).toMatchObject({ algorithm: POW_ALGORITHM, data: { captchaId: row.captchaId } });
    expect(row.pow.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
    expect(row.pow.signature).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await t.app.database.db.select().from(captchas).where(eq(captchas.id, row.captchaId));
    expect(stored!.answerHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs in with the right digits and the solved challenge', async () => {
    const k = await captcha();
    const r = await signIn(k.id, await solvePow(k.pow));
    expect(r.body.result).toBe('1');
    expect(r.body.data.row.token).toBeTruthy();
  });

  it("refuses a sign-in without the proof of work, in the caller's language", async () => {
    const k = await captcha();
    expect((await signIn(k.id, undefined)).body).toMatchObject({ result: '0', scode: SigninCodes.POW_REQUIRED, msg: en.pow_required });
    for (const [language, locale] of [
      ['ZH_CN', 'zh-CN'],
      ['JA_JP', 'ja-JP'],
    ] as const) {
      c.language = language;
      expect((await signIn(k.id, undefined)).body.msg).toBe(resources[locale].errors.signin.pow_required);
    }
    c.language = 'EN_US';
  });

  it('refuses a wrong solution, and the captcha is used up by it', async () => {
    const k = await captcha();
    const good = await solvePow(k.pow);
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: good.solution.derivedKey.replace(/^./, (d) => (d === '0' ? '1' : '0')) } };
    expect((await signIn(k.id, wrongKey)).body).toMatchObject({ scode: SigninCodes.POW_FAILED, msg: en.pow_failed });
    // One try per captcha: the right solution now meets a consumed captcha.
    expect((await signIn(k.id, good)).body.scode).toBe(Codes.CAPTCHA_WRONG);
    // A key that merely starts with the visible prefix is no solution.
    const k2 = await captcha();
    const guess = { challenge: k2.pow, solution: { counter: 1, derivedKey: k2.pow.parameters.keyPrefix.padEnd(64, '0') } };
    expect((await signIn(k2.id, guess)).body.scode).toBe(SigninCodes.POW_FAILED);
  });

  it('refuses a forged challenge (easier parameters, no signature of ours)', async () => {
    const k = await captcha();
    const easy: PowChallenge = { ...k.pow, parameters: { ...k.pow.parameters, keyPrefix: '00', keySignature: undefined } };
    const solved = await solvePow(easy);
    expect((await signIn(k.id, solved)).body).toMatchObject({ scode: SigninCodes.POW_FAILED, msg: en.pow_failed });
  });

  it('refuses a reused solution: on another captcha, and on its own captcha once used', async () => {
    const a = await captcha();
    const pow = await solvePow(a.pow);
    expect((await signIn(a.id, pow)).body.result).toBe('1');
    expect((await signIn(a.id, pow)).body).toMatchObject({ scode: Codes.CAPTCHA_WRONG, msg: resources['en-US'].errors.login.captcha_wrong });
    const b = await captcha();
    expect((await signIn(b.id, pow)).body).toMatchObject({ scode: SigninCodes.POW_FAILED, msg: en.pow_failed });
  });

  it('refuses an expired challenge', async () => {
    const k = await captcha();
    const old = await createPowChallenge(t.app.database.db, k.id, new Date(Date.now() - 1000), 6);
    expect((await signIn(k.id, await solvePow(old))).body).toMatchObject({ scode: SigninCodes.POW_EXPIRED, msg: en.pow_expired });
  });

  it('answers malformed proof-of-work input with HTTP 400 and the envelope', async () => {
    const k = await captcha();
    const pow = await solvePow(k.pow);
    for (const bad of [
      { ...pow, solution: { ...pow.solution, counter: 2 ** 53 } },
      { ...pow, solution: { ...pow.solution, derivedKey: 'zz\u0000' } },
      { ...pow, challenge: { ...pow.challenge, parameters: { ...pow.challenge.parameters, cost: -1 } } },
      'not an object',
    ]) {
      const r = await signIn(k.id, bad as unknown as PowAnswer);
      expect(r.status).toBe(400);
      expect(r.body.result).toBe('0');
      expect(r.body.msg).toBeTruthy();
    }
  });
});

describe('proof of work with the slider', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp({ loginCaptcha: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the puzzle with its challenge and refuses a slider answer without the proof of work', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    const row = (await c.post(Paths.validcode, undefined, { unsigned: true })).body.data.row;
    expect(row.pow.parameters.data.captchaId).toBe(row.captchaId);
    const slider = {
      x: 100,
      durationMs: 600,
      track: [
        [0, 0],
        [200, 30],
        [400, 70],
        [600, 100],
      ],
    };
    const r = await c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), agree: true, captchaId: row.captchaId, slider });
    expect(r.body).toMatchObject({ scode: SigninCodes.POW_REQUIRED, msg: en.pow_required });
  });
});
