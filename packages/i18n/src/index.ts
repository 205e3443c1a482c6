/**
 * @mp/i18n — every text of console and server, typed (CONVENTIONS "i18n"). zh-CN is the source and
 * fallback; en-US and ja-JP carry every key (the compiler checks it through `Messages`).
 * Namespaces are areas: `errors` (server messages by code), `common`, `login`, `layout`, `http`, …
 */
import i18next, { type i18n } from 'i18next';
import zhCN from './locales/zh-CN/index.js';
import enUS from './locales/en-US/index.js';
import jaJP from './locales/ja-JP/index.js';
import type { Language } from '@mp/protocol';

export type { Messages } from './types.js';

/** i18next resources: locale → namespace → messages. */
export const resources = { 'zh-CN': zhCN, 'en-US': enUS, 'ja-JP': jaJP } as const;
export type Locale = keyof typeof resources;
export const NAMESPACES = Object.keys(zhCN) as (keyof typeof zhCN)[];
export const FALLBACK_LOCALE: Locale = 'zh-CN';

/** Maps a protocol language (`X-Language`: ZH_CN, EN_US, JA_JP) to its locale; unknown → zh-CN. */
export function localeOf(language: string | undefined | null): Locale {
  switch ((language ?? '').toUpperCase().replace('-', '_')) {
    case 'EN_US': return 'en-US';
    case 'JA_JP': return 'ja-JP';
    default: return 'zh-CN';
  }
}

/** Maps a locale back to its protocol language. */
export function languageOf(locale: Locale): Language {
  return locale === 'en-US' ? 'EN_US' : locale === 'ja-JP' ? 'JA_JP' : 'ZH_CN';
}

/** Options every i18next instance of the project uses (console and server alike). */
export const i18nOptions = {
  resources,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: Object.keys(resources),
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} as const;

let serverInstance: i18n | undefined;

/**
 * A translator for the server: `t(locale, key, params)` with `key` as `ns:path`, e.g.
 * `errors:login.bad_credentials`. Keys missing in a locale fall back to zh-CN.
 */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  if (!serverInstance) {
    serverInstance = i18next.createInstance();
    void serverInstance.init({ ...i18nOptions });
  }
  return serverInstance.t(key, { ...params, lng: locale }) as string;
}
