/**
 * Proof of work of the login check (SPEC §1 image verification code and slider security check,
 * verification code types '1' and '2' of SPEC §9; docs/login.md "Proof of work"). Every captcha
 * `validcode` issues carries an ALTCHA challenge (altcha-lib v2, PBKDF2/SHA-256): the browser searches
 * the counter whose derived key starts with the challenge's prefix, and the sign-in sends the challenge
 * back with that counter and key. Each sign-in attempt thereby costs its sender CPU time, whoever reads
 * the digits or drags the slider.
 *
 * - The challenge is HMAC-signed with two secrets kept in the `settings` table (setting `captcha.pow`,
 *   created once; every instance reads the same), so the server stores no challenge and checks a
 *   solution with two HMACs, without redoing the work.
 * - It is bound to its captcha (`parameters.data.captchaId`) and expires with it; the captcha row is the
 *   single-use state (consumed by the first sign-in that names it), so one solution answers one try.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PowAnswer, PowChallenge } from '@mp/protocol';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** Key derivation of the challenges: PBKDF2 runs natively in browsers (WebCrypto), so a bot gains little. */
export const POW_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per try. */
export const POW_COST = 2000;

const SECRETS_KEY = 'captcha.pow';

interface PowSecrets {
  signature: string;
  keySignature: string;
}

/** The secrets by database: they never change once written, so reading them once per process is enough. */
const loaded = new WeakMap<Db, PowSecrets>();

/** Reads the signing secrets, creating them on first use (the first writer wins; all instances agree). */
async function powSecrets(db: Db): Promise<PowSecrets> {
  const hit = loaded.get(db);
  if (hit) return hit;
  const fresh: PowSecrets = { signature: randomBytes(32).toString('base64url'), keySignature: randomBytes(32).toString('base64url') };
  await db.insert(settings).values({ key: SECRETS_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRETS_KEY));
  const secrets = row!.value as PowSecrets;
  loaded.set(db, secrets);
  return secrets;
}

/**
 * A new challenge bound to captcha `captchaId`, expiring at `expiresAt`. `work` is the most tries a
 * solver may need (config `captchaPowWork`); the answer is drawn between a third of it and all of it,
 * so every solve costs real work and none costs more than `work` tries.
 */
export async function createPowChallenge(db: Db, captchaId: string, expiresAt: Date, work: number): Promise<PowChallenge> {
  const secrets = await powSecrets(db);
  const max = Math.max(2, Math.floor(work));
  const challenge = await createChallenge({
    algorithm: POW_ALGORITHM,
    cost: POW_COST,
    counter: randomInt(Math.max(1, Math.floor(max / 3)), max + 1),
    deriveKey,
    data: { captchaId },
    expiresAt,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  return challenge as PowChallenge;
}

/** Outcome of a proof-of-work check. */
export type PowCheck = 'ok' | 'expired' | 'failed';

/**
 * Checks a solved challenge for captcha `captchaId`: issued by this deployment (signature), for this
 * captcha, unexpired, and solved (the derived key's signature). Never throws on bad input; does not
 * consume anything (the captcha row is the single-use state, signin.service.ts).
 */
export async function checkPow(db: Db, captchaId: string, answer: PowAnswer): Promise<PowCheck> {
  const secrets = await powSecrets(db);
  const { challenge, solution } = answer;
  if (challenge.parameters.data?.captchaId !== captchaId || challenge.parameters.algorithm !== POW_ALGORITHM) return 'failed';
  try {
    const r = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    if (r.expired) return 'expired';
    // Ours always carry a key signature (checked by HMAC); never let the library redo the work instead.
    return r.verified && challenge.parameters.keySignature ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}
