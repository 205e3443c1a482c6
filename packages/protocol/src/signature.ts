/**
 * Request signing of PROTOCOL.md "Signature":
 * `hex(H(clientId + timestamp + token + nonce + signRange + userId + body))`, with body only when
 * signRange is '2'. Used by the console's HTTP client, the server's signature check, scripts and tests.
 */
import { protocolHash, type CryptoType } from './crypto.js';

/** Header names of PROTOCOL.md "Request headers" (lowercase as Node sees them). */
export const Headers = {
  clientId: 'x-client-id',
  authorization: 'authorization',
  refererHash: 'x-referer-hash',
  language: 'x-language',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signRange: 'x-sign-range',
  signature: 'x-signature',
  tenantId: 'tenantid',
  appId: 'appid',
  appCode: 'appcode',
} as const;

export interface SignInput {
  clientId: string;
  timestamp: string;
  /** Session token, '' before sign-in. */
  token: string;
  nonce: string;
  signRange: '1' | '2';
  /** Signed-in user's id, '' before sign-in. */
  userId: string;
  /** Exact body text as sent; ignored unless signRange is '2'. */
  body: string;
}

/** The string that is hashed. */
export function signaturePayload(i: SignInput): string {
  return i.clientId + i.timestamp + i.token + i.nonce + i.signRange + i.userId + (i.signRange === '2' ? i.body : '');
}

/** Lowercase hex signature for the request. */
export function computeSignature(i: SignInput, cryptoType: CryptoType | string): string {
  return protocolHash(signaturePayload(i), cryptoType);
}

/** Sign range for a request: '2' for a POST with a JSON body, else '1'. */
export function signRangeFor(method: string, hasJsonBody: boolean): '1' | '2' {
  return method.toUpperCase() === 'POST' && hasJsonBody ? '2' : '1';
}
