/**
 * Image captchas (PROTOCOL.md Sign-in step 2; SPEC §1 "image verification code (click to change)"):
 * four digits drawn as SVG by svg-captcha, air-gapped. The answer is kept only as a hash, for five
 * minutes and one try, in the database so every instance can check it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db, Tx } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Hash of an answer bound to its captcha id, so equal answers of two captchas differ. */
export function answerHash(captchaId: string, answer: string): string {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toLowerCase()}`).digest('hex');
}

/** Makes and stores a captcha; returns its id and the image as a data URL. */
export async function createCaptcha(db: Db): Promise<{ captchaId: string; image: string }> {
  const c = svgCaptcha.create({ size: 4, charPreset: '0123456789', noise: 2, color: true, background: '#eef3fb', width: 120, height: 40, fontSize: 44 });
  const captchaId = randomUUID();
  await db.insert(captchas).values({ id: captchaId, answerHash: answerHash(captchaId, c.text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  await db.delete(captchas).where(sql`${captchas.expiresAt} < now()`);
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
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
