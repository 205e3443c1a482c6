/**
 * Web worker that solves a proof-of-work challenge off the page's thread (pow.ts): receives the
 * challenge, answers altcha-lib's solution (or null when none was found in time).
 */
import { solveChallenge } from 'altcha-lib';
import type { PowChallenge } from '@mp/protocol';
import { deriveKey } from './pow-derive';

const scope = self as unknown as { onmessage: ((e: MessageEvent<PowChallenge>) => void) | null; postMessage: (v: unknown) => void };

scope.onmessage = (e) => {
  solveChallenge({ challenge: e.data, deriveKey, timeout: 120_000 })
    .then((solution) => scope.postMessage(solution))
    .catch(() => scope.postMessage(null));
};
