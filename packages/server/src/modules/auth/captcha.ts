/**
 * Image captchas (PROTOCOL.md Sign-in step 2; SPEC §1 "image verification code (click to change)";
 * docs/login.md "Image digits"): four random digits drawn as a distorted, noisy PNG (captcha-image.ts),
 * with a proof-of-work challenge bound to the captcha (proof-of-work.ts). The answer is kept only as a
 * hash, for five minutes and one try, in the database so every instance can check it.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CaptchaRow } from '@mp/protocol';
import type { Db, Tx } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';
import { CAPTCHA_IMAGE, drawCaptcha } from './captcha-image.js';
import { createPowChallenge } from './proof-of-work.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Hash of an answer bound to its captcha id, so equal answers of two captchas differ. */
export function answerHash(captchaId: string, answer: string): string {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest('hex');
}

/**
 * Makes and stores a captcha; returns its id, the digits as a PNG data URL and its proof-of-work
 * challenge (`powWork`: config `captchaPowWork`).
 */
export async function createCaptcha(db: Db, powWork: number): Promise<CaptchaRow> {
  const text = Array.from({ length: CAPTCHA_IMAGE.length }, () => String(randomInt(0, 10))).join('');
  const png = drawCaptcha(text);
  const captchaId = randomUUID();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  await db.insert(captchas).values({ id: captchaId, answerHash: answerHash(captchaId, text), expiresAt });
  await db.delete(captchas).where(sql`${captchas.expiresAt} < now()`);
  return { captchaId, image: `data:image/png;base64,${png.toString('base64')}`, pow: await createPowChallenge(db, captchaId, expiresAt, powWork) };
}

/** True when the captcha exists, is unexpired and `answer` is right. Does not consume it. */
export async function checkCaptcha(tx: Tx, captchaId: string, answer: string): Promise<boolean> {
  const [row] = await tx.select().from(captchas).where(eq(captchas.id, captchaId));
  return !!row && row.expiresAt.getTime() > Date.now() && row.answerHash === answerHash(captchaId, answer);
}

/** Removes a captcha (each answers one sign-in try); false when another request consumed it first. */
export async function consumeCaptcha(tx: Tx, captchaId: string): Promise<boolean> {
  const gone = await tx.delete(captchas).where(eq(captchas.id, captchaId)).returning({ id: captchas.id });
  return gone.length === 1;
}
