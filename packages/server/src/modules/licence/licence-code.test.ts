import { describe, expect, it } from 'vitest';
import { LicenceCodes } from '@mp/protocol';
import { encodeLicence, generateLicenceKeys, parsePrivateKey, parsePublicKey, verifyLicence, type LicencePayload } from './licence-code.js';

const DAY = 86_400_000;
const keys = generateLicenceKeys();
const priv = parsePrivateKey(keys.privatePem);
const pub = parsePublicKey(keys.publicPem);
const payload = (over: Partial<LicencePayload> = {}): LicencePayload => ({
  v: 1,
  id: 'L-0001',
  customer: 'Acme Corp',
  issued: new Date(Date.now() - DAY).toISOString(),
  expires: new Date(Date.now() + 90 * DAY).toISOString(),
  limits: { maxTenants: 5, maxUsers: 100 },
  ...over,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('activation code encoding and offline verification', () => {
  it('round-trips a payload signed with the private key and verified with the public key', () => {
    const p = payload();
    const code = encodeLicence(p, priv);
    expect(code).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLicence(code, pub)).toEqual(p);
    // Line breaks and spaces from a pasted code are ignored.
    expect(verifyLicence(`  ${code.slice(0, 20)}\n${code.slice(20)}  `, pub)).toEqual(p);
  });

  it('reads the public key as PEM, as base64 SPKI DER and as the raw 32 bytes', () => {
    const code = encodeLicence(payload(), priv);
    const raw = parsePublicKey(keys.publicLine).export({ format: 'der', type: 'spki' }).subarray(-32);
    for (const form of [keys.publicPem, keys.publicLine, raw.toString('base64'), raw.toString('base64url')]) {
      expect(verifyLicence(code, parsePublicKey(form)).customer).toBe('Acme Corp');
    }
  });

  it('refuses a tampered payload, a forged signature and a code signed with another key', () => {
    const code = encodeLicence(payload(), priv);
    const [body, sig] = code.split('.') as [string, string];
    const tampered = Buffer.from(JSON.stringify({ ...payload(), limits: { maxTenants: 5000 } })).toString('base64url');
    expect(codeOf(() => verifyLicence(`${tampered}.${sig}`, pub))).toBe(LicenceCodes.LICENCE_SIGNATURE_INVALID);
    const forged = Buffer.from(sig, 'base64url');
    forged[0] = forged[0]! ^ 0xff;
    expect(codeOf(() => verifyLicence(`${body}.${forged.toString('base64url')}`, pub))).toBe(LicenceCodes.LICENCE_SIGNATURE_INVALID);
    const other = generateLicenceKeys();
    expect(codeOf(() => verifyLicence(encodeLicence(payload(), parsePrivateKey(other.privatePem)), pub))).toBe(LicenceCodes.LICENCE_SIGNATURE_INVALID);
  });

  it('refuses texts that are not codes, and signed payloads that are not licences', () => {
    for (const text of ['', 'hello', 'a.b.c', 'abc.def', `${encodeLicence(payload(), priv)}x!`]) {
      expect(codeOf(() => verifyLicence(text, pub))).toBe(LicenceCodes.LICENCE_MALFORMED);
    }
    const noCustomer = encodeLicence(payload({ customer: ' ' }), priv);
    expect(codeOf(() => verifyLicence(noCustomer, pub))).toBe(LicenceCodes.LICENCE_MALFORMED);
    const negative = encodeLicence(payload({ limits: { maxUsers: -1 } }), priv);
    expect(codeOf(() => verifyLicence(negative, pub))).toBe(LicenceCodes.LICENCE_MALFORMED);
  });

  it('refuses an expired code and one dated more than a day ahead', () => {
    const expired = encodeLicence(payload({ issued: new Date(Date.now() - 10 * DAY).toISOString(), expires: new Date(Date.now() - DAY).toISOString() }), priv);
    expect(codeOf(() => verifyLicence(expired, pub))).toBe(LicenceCodes.LICENCE_CODE_EXPIRED);
    const future = encodeLicence(payload({ issued: new Date(Date.now() + 3 * DAY).toISOString() }), priv);
    expect(codeOf(() => verifyLicence(future, pub))).toBe(LicenceCodes.LICENCE_NOT_YET_VALID);
    // The same code verifies at a time inside its validity.
    expect(verifyLicence(future, pub, Date.now() + 4 * DAY).customer).toBe('Acme Corp');
  });
});
