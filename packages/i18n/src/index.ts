/**
 * @mp/i18n — every text of console and server, typed (CONVENTIONS "i18n"). zh-CN is the source and
 * fallback; en-US and ja-JP carry every key (the compiler checks it through `Messages`).
 * Namespaces are areas: `errors` (server messages by code), `common`, `login`, `layout`, `http`, …
 */
import i18next, { type i18n } from 'i18next';
import zhCN from './locales/zh-CN/index.js';
import enUS from './locales/en-US/index.js';
import jaJP from './locales/ja-JP/index.js';
import { baseI18nOptions, type Locale } from './core.js';

export type { Messages } from './types.js';

export {
  LOCALES,
  FALLBACK_LOCALE,
  FIRST_NAMESPACES,
  localeOf,
  languageOf,
  loadLocale,
  loadLocaleFirst,
  baseI18nOptions,
  type Locale,
  type LocaleMessages,
  type FirstMessages,
} from './core.js';

/** i18next resources: locale → namespace → messages. */
export const resources = { 'zh-CN': zhCN, 'en-US': enUS, 'ja-JP': jaJP } as const satisfies Record<Locale, unknown>;
export const NAMESPACES = Object.keys(zhCN) as (keyof typeof zhCN)[];

/** Options every i18next instance of the project uses (server and tests: every locale bundled). */
export const i18nOptions = {
  ...baseI18nOptions,
  resources,
  ns: NAMESPACES,
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
