import { describe, expect, it } from 'vitest';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decryptValue, encryptValue, md5Hex, protocolHash, sha512Hex, sm3Hex } from './crypto.js';
import { computeSignature, signaturePayload, signRangeFor } from './signature.js';

const samples = ['', 'abc', 'admin', '密码Pa55word!', 'x'.repeat(1000), '{"reuestParas":"…"}', 'émoji 😀 パスワード', 'y'.repeat(16)];

describe('protocol hashes agree with Node OpenSSL', () => {
  it('SM3 matches the GB/T 32905 vector for "abc"', () => {
    expect(sm3Hex('abc')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  });
  it.each(samples)('SM3 and SHA-512 of %j equal node:crypto', (s) => {
    expect(sm3Hex(s)).toBe(createHash('sm3').update(s, 'utf8').digest('hex'));
    expect(sha512Hex(s)).toBe(createHash('sha512').update(s, 'utf8').digest('hex'));
    expect(md5Hex(s)).toBe(createHash('md5').update(s, 'utf8').digest('hex'));
  });
  it('protocolHash chooses SM3 for cryptoType 2 and SHA-512 otherwise', () => {
    expect(protocolHash('abc', '2')).toBe(sm3Hex('abc'));
    expect(protocolHash('abc', '1')).toBe(sha512Hex('abc'));
  });
});

describe('value encryption agrees with Node OpenSSL', () => {
  const key = randomBytes(16);
  const mpk = key.toString('hex');
  it.each(samples)('SM4-ECB/PKCS7 of %j equals node:crypto both ways', (s) => {
    const ours = encryptValue(s, mpk, '2');
    const c = createCipheriv('sm4-ecb', key, null);
    expect(ours).toBe(Buffer.concat([c.update(s, 'utf8'), c.final()]).toString('base64'));
    const d = createDecipheriv('sm4-ecb', key, null);
    expect(Buffer.concat([d.update(Buffer.from(ours, 'base64')), d.final()]).toString('utf8')).toBe(s);
    expect(decryptValue(ours, mpk, '2')).toBe(s);
  });
  it.each(samples)('AES-128-ECB/PKCS7 of %j equals node:crypto both ways', (s) => {
    const ours = encryptValue(s, mpk, '1');
    const c = createCipheriv('aes-128-ecb', key, null);
    expect(ours).toBe(Buffer.concat([c.update(s, 'utf8'), c.final()]).toString('base64'));
    expect(decryptValue(ours, mpk, '1')).toBe(s);
  });
  it('refuses ciphertext made with another key, a malformed key or broken base64', () => {
    const other = randomBytes(16).toString('hex');
    const ct = encryptValue('secret-password', mpk, '2');
    expect(() => decryptValue(ct, mpk, '1')).toThrow();
    expect(() => encryptValue('x', 'not-hex', '2')).toThrow(/mpk/);
    expect(() => decryptValue('%%%', mpk, '2')).toThrow();
    // A wrong key yields bad padding or non-UTF-8 almost surely; never the original text.
    let out: string | undefined;
    try {
      out = decryptValue(ct, other, '2');
    } catch {
      out = undefined;
    }
    expect(out).not.toBe('secret-password');
  });
  it('refuses SM4 blocks whose PKCS#7 padding is wrong (0, over 16, or uneven bytes)', () => {
    const raw = (last: number[]) => {
      const block = Buffer.alloc(16, 0x41);
      Buffer.from(last).copy(block, 16 - last.length);
      const c = createCipheriv('sm4-ecb', key, null).setAutoPadding(false);
      return Buffer.concat([c.update(block), c.final()]).toString('base64');
    };
    expect(() => decryptValue(raw([0]), mpk, '2')).toThrow(/padding/);
    expect(() => decryptValue(raw([17]), mpk, '2')).toThrow(/padding/);
    expect(() => decryptValue(raw([3, 2, 3]), mpk, '2')).toThrow(/padding/);
    expect(decryptValue(raw([2, 2]), mpk, '2')).toBe('A'.repeat(14));
  });
});

describe('request signature', () => {
  const base = { clientId: 'mp-console', timestamp: '1700000000000', token: 't0k', nonce: 'a'.repeat(32), userId: 'u1', body: '{"a":1}' };
  it('concatenates the fields without separators and adds the body only for sign range 2', () => {
    expect(signaturePayload({ ...base, signRange: '2' })).toBe(`mp-console1700000000000t0k${'a'.repeat(32)}2u1{"a":1}`);
    expect(signaturePayload({ ...base, signRange: '1' })).toBe(`mp-console1700000000000t0k${'a'.repeat(32)}1u1`);
  });
  it('hashes with SM3 or SHA-512 by cryptoType, matching node:crypto', () => {
    const p = signaturePayload({ ...base, signRange: '2' });
    expect(computeSignature({ ...base, signRange: '2' }, '2')).toBe(createHash('sm3').update(p).digest('hex'));
    expect(computeSignature({ ...base, signRange: '2' }, '1')).toBe(createHash('sha512').update(p).digest('hex'));
  });
  it('uses sign range 2 only for a POST with a JSON body', () => {
    expect(signRangeFor('POST', true)).toBe('2');
    expect(signRangeFor('post', false)).toBe('1');
    expect(signRangeFor('GET', true)).toBe('1');
  });
});
