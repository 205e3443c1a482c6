import { describe, expect, it } from 'vitest';
import { localeOf, resources, translate } from './index.js';

const flat = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));

describe('i18n', () => {
  it('every locale carries exactly the zh-CN keys, none empty', () => {
    const zh = flat(resources['zh-CN']).sort();
    for (const l of ['en-US', 'ja-JP'] as const) {
      expect(flat(resources[l]).sort()).toEqual(zh);
    }
    for (const l of Object.keys(resources) as (keyof typeof resources)[]) {
      const walk = (o: object): void => {
        for (const v of Object.values(o)) {
          if (typeof v === 'string') expect(v.trim()).not.toBe('');
          else walk(v);
        }
      };
      walk(resources[l]);
    }
  });
  it('translates a server message with parameters into the request language', () => {
    expect(translate('en-US', 'errors:validation.required', { field: 'name' })).toBe('Please enter name');
    expect(translate('zh-CN', 'errors:10009021002')).toContain('过期');
    expect(translate('ja-JP', 'errors:login.test_account')).toContain('テスト');
  });
  it('maps X-Language values to locales, unknown ones to the zh-CN fallback', () => {
    expect(localeOf('EN_US')).toBe('en-US');
    expect(localeOf('JA_JP')).toBe('ja-JP');
    expect(localeOf('RU_RU')).toBe('zh-CN');
    expect(localeOf(undefined)).toBe('zh-CN');
  });
});
