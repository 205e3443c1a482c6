/**
 * @mp/i18n/core — the locale names and mappings without any text, for the console's first load
 * (issue 17 "Performance": the sign-in page loads one language, not three). `loadLocale` fetches one
 * locale's namespaces on demand (a separate chunk per locale in the console build).
 */
import type { Language } from '@mp/protocol';

/** Every locale, zh-CN (the source and fallback) first. */
export const LOCALES = ['zh-CN', 'en-US', 'ja-JP'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'zh-CN';
/** One locale's texts: namespace → messages (the compiler checks their shapes in `resources`). */
export type LocaleMessages = Record<string, object>;

/** Maps a protocol language (`X-Language`: ZH_CN, EN_US, JA_JP) to its locale; unknown → zh-CN. */
export function localeOf(language: string | undefined | null): Locale {
  switch ((language ?? '').toUpperCase().replace('-', '_')) {
    case 'EN_US':
      return 'en-US';
    case 'JA_JP':
      return 'ja-JP';
    default:
      return 'zh-CN';
  }
}

/** Maps a locale back to its protocol language. */
export function languageOf(locale: Locale): Language {
  return locale === 'en-US' ? 'EN_US' : locale === 'ja-JP' ? 'JA_JP' : 'ZH_CN';
}

/** Options every i18next instance of the project uses, without resources (add them per locale). */
export const baseI18nOptions = {
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} as const;

/** The namespaces of the public screens, loaded first (`loadLocaleFirst`). */
export const FIRST_NAMESPACES = ['common', 'login', 'otc', 'http', 'session', 'layout'] as const;
export type FirstMessages = Record<(typeof FIRST_NAMESPACES)[number], object>;

/** Loads one locale's first namespaces (FIRST_NAMESPACES; a small chunk of their own in a bundler build). */
export async function loadLocaleFirst(locale: Locale): Promise<FirstMessages> {
  switch (locale) {
    case 'en-US':
      return (await import('./locales/en-US/first.js')).default;
    case 'ja-JP':
      return (await import('./locales/ja-JP/first.js')).default;
    default:
      return (await import('./locales/zh-CN/first.js')).default;
  }
}

/** Loads one locale's namespaces (a dynamic import: its own chunk in a bundler build). */
export async function loadLocale(locale: Locale): Promise<LocaleMessages> {
  switch (locale) {
    case 'en-US':
      return (await import('./locales/en-US/index.js')).default;
    case 'ja-JP':
      return (await import('./locales/ja-JP/index.js')).default;
    default:
      return (await import('./locales/zh-CN/index.js')).default;
  }
}
