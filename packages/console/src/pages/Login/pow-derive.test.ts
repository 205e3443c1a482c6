/**
 * The console's proof-of-work key derivation (docs/login.md "Proof of work"): WebCrypto where the page
 * has it, @noble/hashes where it does not (a console served over plain HTTP) — both find the same key,
 * so a challenge made by altcha-lib on the server is solved either way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, solveChallenge, type ChallengeParameters } from 'altcha-lib';
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey } from './pow-derive';

const params: ChallengeParameters = { algorithm: 'PBKDF2/SHA-256', nonce: '00', salt: '00', cost: 50, keyLength: 32, keyPrefix: '00' };
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('proof-of-work key derivation in the console', () => {
  it('gives the same key with WebCrypto and without it', async () => {
    const salt = new Uint8Array([1, 2, 3, 4]);
    const password = new Uint8Array([9, 8, 7, 6, 0, 0, 0, 5]);
    const web = await deriveKey(params, salt, password);
    vi.stubGlobal('crypto', {});
    const fallback = await deriveKey(params, salt, password);
    expect(hex(fallback.derivedKey)).toBe(hex(web.derivedKey));
    expect(hex(web.derivedKey)).toBe(hex((await nodeDeriveKey(params, salt, password)).derivedKey));
  });

  it('solves a server challenge without WebCrypto', async () => {
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 50, counter: 7, deriveKey: nodeDeriveKey, hmacSignatureSecret: 'test' });
    vi.stubGlobal('crypto', {});
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
    expect(solution?.counter).toBe(7);
  });
});
