import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, DEFAULT_PASSWORD_RULE, isImagePath, SCRIPT_TAG, TENANT_RULES } from './rules.js';
import { expandIdentities } from './enums.js';
import { pageInfo } from './envelope.js';

describe('validation rules of SPEC §5', () => {
  it('password strength: 1 when the rule matches, 0 when not, 2 when the rule is missing or broken', () => {
    expect(checkPasswordStrength('Passw0rd', DEFAULT_PASSWORD_RULE)).toBe(1);
    expect(checkPasswordStrength('password', DEFAULT_PASSWORD_RULE)).toBe(0);
    expect(checkPasswordStrength('Pa5s', DEFAULT_PASSWORD_RULE)).toBe(0);
    expect(checkPasswordStrength('Passw0rd', '')).toBe(2);
    expect(checkPasswordStrength('Passw0rd', '([unclosed')).toBe(2);
  });
  it('tenant code: letters and digits only', () => {
    expect(TENANT_RULES.code.pattern.test('acme01')).toBe(true);
    for (const bad of ['acme-01', 'acme 01', '租户', 'a_b']) expect(TENANT_RULES.code.pattern.test(bad)).toBe(false);
  });
  it('recognises image paths by extension, case-insensitively, ignoring a query', () => {
    expect(isImagePath('/a/logo.PNG')).toBe(true);
    expect(isImagePath('x.jfif?code=1')).toBe(true);
    expect(isImagePath('x.pdf')).toBe(false);
  });
  it('refuses script tags in submitted text', () => {
    expect(SCRIPT_TAG.test('<script>alert(1)</script>')).toBe(true);
    expect(SCRIPT_TAG.test('< SCRIPT src=x>')).toBe(true);
    expect(SCRIPT_TAG.test('description of scripts')).toBe(false);
  });
});

describe('identities and paging', () => {
  it('sorts identities descending and expands them into user types (SPEC §4)', () => {
    expect(expandIdentities([1, 4])).toEqual([1, 7]);
    expect(expandIdentities([2, 3])).toEqual([2, 3, 4, 5]);
    expect(expandIdentities([5])).toEqual([]);
  });
  it('computes total pages, records and last page', () => {
    expect(pageInfo(1, 10, 0)).toEqual({ page: 1, total: 1, records: 0, lastPage: true });
    expect(pageInfo(2, 10, 25)).toEqual({ page: 2, total: 3, records: 25, lastPage: false });
    expect(pageInfo(3, 10, 25)).toEqual({ page: 3, total: 3, records: 25, lastPage: true });
  });
});
