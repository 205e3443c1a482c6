/**
 * Slider security check (SPEC §1 "a slider security check", verification code type '2' of SPEC §9;
 * PROTOCOL.md sign-in step 2; docs/login.md "Slider"). `validcode` answers a puzzle: a background with
 * a gap at a random x and the piece to drag there. The sign-in body (signed, sign range 2) carries the
 * piece's final x with the drag's duration and track; the server checks the position within
 * tolerance and a human-looking drag. Stored in `captchas` (shared by every instance): only the target
 * x, encrypted with the deployment key (obfuscation at rest), and the expiry; one try per puzzle.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decryptValue, encryptValue, SLIDER_RULES, sliderDragProblem, sliderPositionOk, type CaptchaRow, type SliderAnswer } from '@mp/protocol';
import type { Db, Tx } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';
import { CAPTCHA_TTL_MS } from './captcha.js';
import { drawSlider, PIECE_BOX } from './slider-image.js';
import { createPowChallenge } from './proof-of-work.js';

/** Marks a `captchas.answer_hash` as a slider's target rather than an image answer's hash. */
const PREFIX = 'slider:';

/** The deployment key and cipher the target x is kept under. */
export interface SliderKey {
  mpk: string;
  cryptoType: string;
}

/**
 * Makes and stores a puzzle; answers its id, the background with the gap, the piece, and the puzzle's
 * proof-of-work challenge (`powWork`: config `captchaPowWork`; proof-of-work.ts).
 */
export async function createSliderCaptcha(db: Db, key: SliderKey, powWork: number): Promise<CaptchaRow> {
  const { width, height } = SLIDER_RULES;
  // Leave the piece's own width free at the left, so a piece left where it starts never matches.
  const x = randomInt(PIECE_BOX + 20, width - PIECE_BOX - 4);
  const y = randomInt(4, height - PIECE_BOX - 4);
  const { background, piece } = drawSlider(x, y);
  const captchaId = randomUUID();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  await db.insert(captchas).values({
    id: captchaId,
    answerHash: PREFIX + encryptValue(`${x}:${captchaId}`, key.mpk, key.cryptoType),
    expiresAt,
  });
  await db.delete(captchas).where(sql`${captchas.expiresAt} < now()`);
  return {
    captchaId,
    image: `data:image/png;base64,${background.toString('base64')}`,
    piece: `data:image/png;base64,${piece.toString('base64')}`,
    pieceY: y,
    pieceSize: PIECE_BOX,
    width,
    height,
    pow: await createPowChallenge(db, captchaId, expiresAt, powWork),
  };
}

/** The stored target x of a slider puzzle row, or null when the row is not a slider's. */
export function sliderTarget(answerHash: string, captchaId: string, key: SliderKey): number | null {
  if (!answerHash.startsWith(PREFIX)) return null;
  try {
    const [x, id] = decryptValue(answerHash.slice(PREFIX.length), key.mpk, key.cryptoType).split(':');
    return id === captchaId && x ? Number(x) : null;
  } catch {
    return null;
  }
}

/**
 * True when puzzle `captchaId` exists, is unexpired, and `answer` puts the piece on the gap with a
 * human-looking drag (rules/signin.ts `sliderDragProblem`). Does not consume the puzzle.
 */
export async function checkSliderCaptcha(tx: Tx, captchaId: string, answer: SliderAnswer, key: SliderKey): Promise<boolean> {
  const [row] = await tx.select().from(captchas).where(eq(captchas.id, captchaId));
  if (!row || row.expiresAt.getTime() <= Date.now()) return false;
  const target = sliderTarget(row.answerHash, captchaId, key);
  if (target === null || !sliderPositionOk(answer.x, target)) return false;
  return sliderDragProblem(answer, CAPTCHA_TTL_MS) === null;
}
