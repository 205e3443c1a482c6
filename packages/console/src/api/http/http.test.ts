import { describe, expect, it } from 'vitest';
import { computeSignature } from '@mp/protocol';
import { decideFailure, parseMessageList } from './error-rules';
import { fileNameFromDisposition } from './download';
import { buildRequestHeaders, encodeQuery } from './request-headers';

const input = {
  method: 'POST' as const,
  jsonBody: '{"a":1}',
  token: 'tok',
  userId: 'u1',
  cryptoType: '2',
  language: 'EN_US',
  offset: 1000,
  now: 1_700_000_000_000,
  nonce: 'n'.repeat(32),
  refererHash: '#x',
  tenantId: 'sys',
  appId: 'sys',
  appCode: 'sys',
};

describe('request headers (PROTOCOL.md Request headers, Signature)', () => {
  it('signs a JSON POST over the exact body with range 2 and the corrected timestamp', () => {
    const h = buildRequestHeaders(input);
    expect(h['X-Timestamp']).toBe('1700000001000');
    expect(h['X-Sign-Range']).toBe('2');
    expect(h.Authorization).toBe('Bearer tok');
    expect(h['X-Signature']).toBe(
      computeSignature(
        { clientId: 'mp-console', timestamp: '1700000001000', token: 'tok', nonce: input.nonce, signRange: '2', userId: 'u1', body: '{"a":1}' },
        '2',
      ),
    );
    expect(h).toMatchObject({
      'X-Client-Id': 'mp-console',
      'X-Language': 'EN_US',
      TENANTID: 'sys',
      APPID: 'sys',
      APPCODE: 'sys',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'X-Referer-Hash': '#x',
    });
  });
  it('uses range 1 without a body and no Authorization before sign-in', () => {
    const h = buildRequestHeaders({ ...input, method: 'GET', jsonBody: null, token: '', userId: '' });
    expect(h['X-Sign-Range']).toBe('1');
    expect(h.Authorization).toBeUndefined();
  });
  it('encodes GET parameters with null and undefined as empty', () => {
    expect(encodeQuery({ a: 'x y', b: null, c: undefined, d: 3 })).toBe('?a=x%20y&b=&c=&d=3');
    expect(encodeQuery({})).toBe('');
  });
});

describe('error rules (SPEC §8)', () => {
  it('token codes toast, clear the session and go to login after 3 s', () => {
    expect(decideFailure({ kind: 'result', scode: '10009021002', msg: 'expired' }, {})).toEqual({
      toast: { level: 'error', text: { raw: 'expired' } },
      clearSession: true,
      redirectToLoginMs: 3000,
    });
    expect(decideFailure({ kind: 'result', scode: '10009021001', msg: '' }, {}).toast?.text).toEqual({ key: 'unknownError' });
  });
  it('a failed result toasts unless noToast; "-" becomes the network text; a JSON array becomes a tip modal', () => {
    expect(decideFailure({ kind: 'result', scode: 'x', msg: 'bad' }, {}).toast?.text).toEqual({ raw: 'bad' });
    expect(decideFailure({ kind: 'result', scode: 'x', msg: 'bad' }, { noToast: true })).toEqual({});
    expect(decideFailure({ kind: 'result', scode: 'x', msg: '-' }, {}).toast?.text).toEqual({ key: 'networkError' });
    expect(decideFailure({ kind: 'result', scode: 'x', msg: '["a","b"]' }, {}).modal).toEqual({
      level: 'warning',
      title: { key: 'tipInformation' },
      items: ['a', 'b'],
    });
  });
  it('HTTP 400 is left to the caller, 401 goes to login now, others and timeouts open a modal, silent only logs', () => {
    expect(decideFailure({ kind: 'http', status: 400, msg: 'x' }, {})).toEqual({});
    expect(decideFailure({ kind: 'http', status: 401, msg: 'x' }, {})).toMatchObject({
      toast: { text: { key: 'authExpired' } },
      clearSession: true,
      redirectToLoginMs: 0,
    });
    expect(decideFailure({ kind: 'http', status: 500, msg: '' }, {}).modal?.text).toEqual({ key: 'unknownError' });
    expect(decideFailure({ kind: 'timeout' }, {}).modal?.text).toEqual({ key: 'requestTimeout' });
    expect(decideFailure({ kind: 'http', status: 500, msg: 'x' }, { silent: true })).toEqual({});
  });
  it('parses only JSON arrays as message lists', () => {
    expect(parseMessageList('[{"message":"m"}]')).toEqual(['m']);
    expect(parseMessageList('plain')).toBeNull();
  });
});

describe('download file names', () => {
  it('prefers filename* and decodes it', () => {
    expect(fileNameFromDisposition('attachment; filename="a.xlsx"; filename*=UTF-8\'\'%E7%A7%9F%E6%88%B7.xlsx')).toBe('租户.xlsx');
    expect(fileNameFromDisposition('attachment; filename="tenants.xlsx"')).toBe('tenants.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
