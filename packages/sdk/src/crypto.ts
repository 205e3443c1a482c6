/**
 * The protocol's hash and value encryption (PROTOCOL.md "Signature", "Encrypted values") on Node's own
 * OpenSSL, independent of the server's and the console's code: SM3 / SM4-ECB when `cryptoType` is '2',
 * SHA-512 / AES-128-ECB when it is '1'; PKCS#7 padding; base64.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/** `cryptoType` of the startup configuration: '2' SM3/SM4 (the default), '1' SHA-512/AES. */
export type CryptoType = '1' | '2';

/** Lowercase hex of H(text): SM3 (GB/T 32905) for cryptoType '2', else SHA-512; UTF-8 input. */
export function protocolHash(text: string, cryptoType: CryptoType): string {
  return createHash(cryptoType === '2' ? 'sm3' : 'sha512')
    .update(text, 'utf8')
    .digest('hex');
}

/**
 * Encrypts a UTF-8 value with the deployment key `mpkHex` (32 hex characters, 16 bytes): SM4-ECB for
 * cryptoType '2', AES-128-ECB for '1', PKCS#7 padding; returns base64. Throws on a malformed key.
 */
export function encryptValue(plain: string, mpkHex: string, cryptoType: CryptoType): string {
  if (!/^[0-9a-fA-F]{32}$/.test(mpkHex)) throw new Error('mpk must be 32 hex characters');
  const cipher = createCipheriv(cryptoType === '2' ? 'sm4-ecb' : 'aes-128-ecb', Buffer.from(mpkHex, 'hex'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** 32 random lowercase hex characters: a request nonce. */
export function nonce(): string {
  return randomBytes(16).toString('hex');
}
