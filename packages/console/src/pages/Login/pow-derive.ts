/**
 * Key derivation of the login check's proof of work (PBKDF2/SHA-256; docs/login.md "Proof of work"),
 * in altcha-lib's `deriveKey` shape: WebCrypto where the page has it (HTTPS or localhost), else
 * @noble/hashes — slower, so a console served over plain HTTP still signs in, only later.
 */
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { ChallengeParameters, DeriveKeyFunctionResult } from 'altcha-lib/types';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** The key of one try: PBKDF2 over `password` (nonce + counter) with `salt`, `parameters.cost` rounds. */
export async function deriveKey(parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array): Promise<DeriveKeyFunctionResult> {
  if (globalThis.crypto?.subtle) return webDeriveKey(parameters, salt, password);
  if (parameters.algorithm !== 'PBKDF2/SHA-256') throw new Error(`proof of work: unsupported ${parameters.algorithm}`);
  return { derivedKey: await pbkdf2Async(sha256, password, salt, { c: parameters.cost, dkLen: parameters.keyLength, asyncTick: 50 }) };
}
