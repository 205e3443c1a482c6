/**
 * Activation codes (SPEC §1 "system activation by a code with an expiry"): a licence signed with Ed25519,
 * verified offline. A code is `base64url(JSON payload) + '.' + base64url(signature)`, the signature made
 * over the ASCII text of the first part (as JWS does), so the payload is checked exactly as it was signed.
 * Whitespace inside a pasted code (line breaks from e-mail) is ignored.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { LicenceCodes, type LicenceLimits } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { SHIPPED_LICENCE_PUBLIC_KEY } from './licence-public-key.js';

/** What a code carries. Times are ISO strings; a missing limit means no limit. */
export interface LicencePayload {
  /** Format version, 1. */
  v: 1;
  /** Serial number of the licence (unique per issue). */
  id: string;
  customer: string;
  issued: string;
  expires: string;
  limits: LicenceLimits;
}

/** Clock difference tolerated for a code dated slightly in the future (issuer's clock ahead). */
const ISSUE_SKEW_MS = 24 * 3600 * 1000;
/** DER prefix of an Ed25519 SPKI public key; a raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Reads an Ed25519 public key given as PEM, as base64 of its SPKI DER, or as the raw 32 bytes in base64 or
 * base64url (the forms `npm run licence:issue -- --generate-keys` prints). Throws on anything else.
 */
export function parsePublicKey(text: string): KeyObject {
  const t = text.trim();
  if (t.includes('BEGIN')) return checkEd25519(createPublicKey(t));
  const der = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const spki = der.length === 32 ? Buffer.concat([ED25519_SPKI_PREFIX, der]) : der;
  return checkEd25519(createPublicKey({ key: spki, format: 'der', type: 'spki' }));
}

/** Reads an Ed25519 private key given as PEM or as base64 of its PKCS#8 DER. */
export function parsePrivateKey(text: string): KeyObject {
  const t = text.trim();
  if (t.includes('BEGIN')) return checkEd25519(createPrivateKey(t));
  return checkEd25519(createPrivateKey({ key: Buffer.from(t, 'base64'), format: 'der', type: 'pkcs8' }));
}

function checkEd25519(k: KeyObject): KeyObject {
  if (k.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 key: ${k.asymmetricKeyType}`);
  return k;
}

/** A new Ed25519 key pair as PEM texts, plus the public key as one base64 line (for MP_LICENCE_PUBLIC_KEY). */
export function generateLicenceKeys(): { privatePem: string; publicPem: string; publicLine: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicLine: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

let cached: { text: string; key: KeyObject } | undefined;

/**
 * The key codes are verified with: `MP_LICENCE_PUBLIC_KEY` when set, else the shipped one. Read on every
 * call (cached by text), so a test may set the variable before it activates.
 */
export function licencePublicKey(): KeyObject {
  const text = process.env.MP_LICENCE_PUBLIC_KEY?.trim() || SHIPPED_LICENCE_PUBLIC_KEY;
  if (cached?.text !== text) cached = { text, key: parsePublicKey(text) };
  return cached.key;
}

/** Signs `payload` with `privateKey` into an activation code. */
export function encodeLicence(payload: LicencePayload, privateKey: KeyObject): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signature = sign(null, Buffer.from(body, 'ascii'), privateKey).toString('base64url');
  return `${body}.${signature}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function isLimit(v: unknown): boolean {
  return v === undefined || v === null || (Number.isSafeInteger(v) && (v as number) >= 0);
}

/** The payload's shape, or undefined when it is not a licence payload. */
function readPayload(json: unknown): LicencePayload | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const p = json as Record<string, unknown>;
  const limits = (p.limits ?? {}) as Record<string, unknown>;
  if (p.v !== 1 || typeof p.id !== 'string' || !p.id || typeof p.customer !== 'string' || !p.customer.trim()) return undefined;
  if (typeof p.issued !== 'string' || typeof p.expires !== 'string') return undefined;
  const issued = Date.parse(p.issued);
  const expires = Date.parse(p.expires);
  if (!Number.isFinite(issued) || !Number.isFinite(expires) || expires <= issued) return undefined;
  if (typeof limits !== 'object' || !isLimit(limits.maxTenants) || !isLimit(limits.maxUsers)) return undefined;
  return {
    v: 1,
    id: p.id,
    customer: p.customer.trim(),
    issued: p.issued,
    expires: p.expires,
    limits: { maxTenants: (limits.maxTenants as number | undefined) ?? undefined, maxUsers: (limits.maxUsers as number | undefined) ?? undefined },
  };
}

/** Strips whitespace a pasted code may carry. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/**
 * Verifies an activation code offline and returns its payload.
 * Errors (AppError, `errors:licence.*`): `licence.malformed` (not a code), `licence.signature_invalid`
 * (forged, tampered or signed with another key), `licence.not_yet_valid`, `licence.code_expired`.
 * @param now the current time (ms), for tests.
 */
export function verifyLicence(code: string, publicKey: KeyObject = licencePublicKey(), now = Date.now()): LicencePayload {
  const parts = normaliseCode(code).split('.');
  if (parts.length !== 2 || !BASE64URL.test(parts[0]!) || !BASE64URL.test(parts[1]!)) throw new AppError(LicenceCodes.LICENCE_MALFORMED);
  const [body, sig] = parts as [string, string];
  const signature = Buffer.from(sig, 'base64url');
  if (signature.length !== 64) throw new AppError(LicenceCodes.LICENCE_MALFORMED);
  if (!verify(null, Buffer.from(body, 'ascii'), publicKey, signature)) throw new AppError(LicenceCodes.LICENCE_SIGNATURE_INVALID);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(LicenceCodes.LICENCE_MALFORMED);
  }
  const payload = readPayload(json);
  if (!payload) throw new AppError(LicenceCodes.LICENCE_MALFORMED);
  if (Date.parse(payload.issued) > now + ISSUE_SKEW_MS) throw new AppError(LicenceCodes.LICENCE_NOT_YET_VALID, { date: payload.issued.slice(0, 10) });
  if (Date.parse(payload.expires) <= now) throw new AppError(LicenceCodes.LICENCE_CODE_EXPIRED, { date: payload.expires.slice(0, 10) });
  return payload;
}
