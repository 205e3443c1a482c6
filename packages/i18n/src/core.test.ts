import { describe, expect, it } from 'vitest';
import { FIRST_NAMESPACES, LOCALES, loadLocale, loadLocaleFirst, localeOf, resources } from './index.js';

describe('@mp/i18n/core: texts loaded on demand (issue 17)', () => {
  it('loadLocale gives every namespace of a locale, the same as resources', async () => {
    for (const locale of LOCALES) expect(await loadLocale(locale)).toBe(resources[locale]);
  });

  it('loadLocaleFirst gives exactly FIRST_NAMESPACES, the same texts as the full locale', async () => {
    for (const locale of LOCALES) {
      const first = await loadLocaleFirst(locale);
      expect(Object.keys(first).sort()).toEqual([...FIRST_NAMESPACES].sort());
      for (const ns of FIRST_NAMESPACES) expect(first[ns]).toBe(resources[locale][ns]);
    }
  });

  it('localeOf maps protocol languages, anything else to zh-CN', () => {
    expect([localeOf('EN_US'), localeOf('ja-jp'), localeOf('xx'), localeOf(null)]).toEqual(['en-US', 'ja-JP', 'zh-CN', 'zh-CN']);
  });
});
