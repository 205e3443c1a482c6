/**
 * Hashes and value encryption of PROTOCOL.md ("Signature", "Encrypted values"), in code that runs
 * in both the browser and Node: SM3 / SM4 from sm-crypto (its SM3 and SM4 modules by path, so SM2 and its
 * big-integer library stay out of the console's bundle, issue 17), SHA-512 and AES from the noble
 * libraries. Tests check every function against Node's own OpenSSL.
 */
/// <reference path="./sm-crypto.d.ts" />
import sm3 from 'sm-crypto/src/sm3/index.js';
import sm4 from 'sm-crypto/src/sm4/index.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { ecb } from '@noble/ciphers/aes.js';

/** `cryptoType` of the startup configuration: '2' SM3/SM4 (default), '1' SHA-512/AES. */
export type CryptoType = '1' | '2';

/** Lowercase hex SM3 digest of a UTF-8 string (GB/T 32905). */
export function sm3Hex(text: string): string {
  return sm3(text);
}

/** Lowercase hex SHA-512 digest of a UTF-8 string. */
export function sha512Hex(text: string): string {
  return bytesToHex(sha512(utf8ToBytes(text)));
}

/** The protocol hash H: SM3 when cryptoType is '2', else SHA-512. */
export function protocolHash(text: string, cryptoType: CryptoType | string): string {
  return cryptoType === '2' ? sm3Hex(text) : sha512Hex(text);
}

/** Base64 of bytes (standard alphabet, padded). */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Bytes of a base64 string; throws on malformed input. */
export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function checkKey(mpkHex: string): Uint8Array {
  if (!/^[0-9a-fA-F]{32}$/.test(mpkHex)) throw new Error('mpk must be 32 hex characters');
  return hexToBytes(mpkHex.toLowerCase());
}

/**
 * Encrypts a UTF-8 value with the deployment key `mpk` (32 hex chars): SM4-ECB when cryptoType is
 * '2', AES-128-ECB otherwise; PKCS#7 padding; returns base64 (PROTOCOL.md "Encrypted values").
 */
export function encryptValue(plain: string, mpkHex: string, cryptoType: CryptoType | string): string {
  const key = checkKey(mpkHex);
  const data = utf8ToBytes(plain);
  const out = cryptoType === '2' ? Uint8Array.from(sm4.encrypt(data, key, { mode: 'ecb', padding: 'pkcs#7', output: 'array' })) : ecb(key).encrypt(data);
  return bytesToBase64(out);
}

/** The bytes without their PKCS#7 padding; throws unless the last 1–16 bytes are a valid padding. */
function unpad(block: number[]): Uint8Array {
  const n = block[block.length - 1] ?? 0;
  if (n < 1 || n > 16 || n > block.length || block.slice(-n).some((b) => b !== n)) throw new Error('padding is invalid');
  return Uint8Array.from(block.slice(0, -n));
}

/**
 * Decrypts a base64 value made by `encryptValue`. Throws when the text is not base64, the padding
 * is wrong or the result is not UTF-8 — callers turn that into `protocol.decrypt_failed`.
 */
export function decryptValue(cipherB64: string, mpkHex: string, cryptoType: CryptoType | string): string {
  const key = checkKey(mpkHex);
  const data = base64ToBytes(cipherB64);
  if (data.length === 0 || data.length % 16 !== 0) throw new Error('ciphertext length is not a multiple of 16');
  const plain = cryptoType === '2' ? unpad(sm4.decrypt(data, key, { mode: 'ecb', padding: 'none', output: 'array' })) : ecb(key).decrypt(data);
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

/** 32 random lowercase hex characters (a nonce) from the platform's CSPRNG. */
export function randomHex(bytes = 16): string {
  const b = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(b);
  return bytesToHex(b);
}

/**
 * Lowercase hex MD5 of a UTF-8 string. Only for the image `code` query (SPEC §7: the MD5 of the
 * token), never for anything secret on its own.
 */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
