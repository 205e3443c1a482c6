/**
 * Solves a captcha's proof-of-work challenge for tests, as the console does (docs/login.md "Proof of
 * work"): altcha-lib's solver with Node's PBKDF2.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PowAnswer, PowChallenge } from '@mp/protocol';

/** The `pow` a sign-in sends for `challenge` (a `validcode` row's `pow`); throws when it finds none. */
export async function solvePow(challenge: PowChallenge): Promise<PowAnswer> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('proof of work: no solution found');
  return { challenge, solution };
}
