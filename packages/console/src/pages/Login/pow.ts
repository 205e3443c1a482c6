/**
 * Solves the login check's proof of work in the background (docs/login.md "Proof of work"): every
 * captcha of type '1' or '2' comes with an ALTCHA challenge, and the sign-in sends it back solved. The
 * search runs in a web worker from the moment the captcha arrives, so it is usually done before the
 * user has typed the password; where no worker starts it runs on the page (it awaits WebCrypto between
 * tries, so the page stays responsive).
 */
import { solveChallenge } from 'altcha-lib';
import type { PowAnswer, PowChallenge } from '@mp/protocol';
import { deriveKey } from './pow-derive';

/** Gives up after two minutes (a very slow device; the captcha lives five). */
const TIMEOUT_MS = 120_000;

function onPage(challenge: PowChallenge, signal: AbortSignal): Promise<PowAnswer | undefined> {
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort());
  return solveChallenge({ challenge, deriveKey, controller, timeout: TIMEOUT_MS }).then(
    (solution) => (solution ? { challenge, solution } : undefined),
    () => undefined,
  );
}

/**
 * The solved `challenge`, or undefined when it could not be solved or `signal` stopped the search (the
 * server then answers `signin.pow_required` and the form fetches a new captcha).
 */
export function solvePow(challenge: PowChallenge, signal: AbortSignal): Promise<PowAnswer | undefined> {
  let w: Worker;
  try {
    w = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return onPage(challenge, signal);
  }
  return new Promise((resolve) => {
    const finish = (v: PowAnswer | undefined): void => {
      w.terminate();
      resolve(v);
    };
    signal.addEventListener('abort', () => finish(undefined));
    w.onmessage = (e: MessageEvent<PowAnswer['solution'] | null>) => finish(e.data ? { challenge, solution: e.data } : undefined);
    // A worker that cannot load (old browser, strict policy): solve on the page instead.
    w.onerror = () => {
      w.terminate();
      void onPage(challenge, signal).then(resolve);
    };
    w.postMessage(challenge);
  });
}
