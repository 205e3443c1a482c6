/**
 * The console's i18next instance and the language switch (SPEC §1 Languages, §4 Language switch).
 * Texts come from @mp/i18n, one language at a time (`loadLanguage`, fetched on demand). The language (ZH_CN default) is stored in localStorage,
 * sent as `X-Language`, and drives Ant Design's locale and dayjs' locale (dayjs loads with the signed-in
 * screens' texts, dayjs-locale.ts). Any other value than ZH_CN / EN_US / JA_JP is rejected with a console error.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { baseI18nOptions, loadLocale, loadLocaleFirst, localeOf, type Locale } from '@mp/i18n/core';
import { SUPPORTED_LANGUAGES, type Language } from '@mp/protocol';
import { useUiStore } from './stores/ui';
import { registerTranslator } from './api/http/feedback';

// Ant Design's and our texts are fetched per language on demand (issue 17: the sign-in page loads one).
const ANTD_LOADERS: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  ZH_CN: () => import('antd/locale/zh_CN'),
  EN_US: () => import('antd/locale/en_US'),
  JA_JP: () => import('antd/locale/ja_JP'),
};
const antdLocales: Partial<Record<Language, AntdLocale>> = {};
const pendingFirst = new Map<Language, Promise<void>>();
const pendingAll = new Map<Language, Promise<void>>();

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  ...baseI18nOptions,
  supportedLngs: [...baseI18nOptions.supportedLngs],
  resources: {},
  partialBundledLanguages: true,
  lng: localeOf(useUiStore.getState().language),
});
registerTranslator((key) => i18n.t(key));

function addTexts(locale: Locale, messages: object): void {
  for (const [ns, texts] of Object.entries(messages)) i18n.addResourceBundle(locale, ns, texts, true, true);
}

/** Runs `load` once per language; a failed fetch may be retried. */
function once(cache: Map<Language, Promise<void>>, language: Language, load: () => Promise<void>): Promise<void> {
  let p = cache.get(language);
  if (!p) {
    p = load();
    p.catch(() => cache.delete(language));
    cache.set(language, p);
  }
  return p;
}

/**
 * Fetches a language's first texts (the public screens' namespaces, FIRST_NAMESPACES) and Ant Design's
 * locale once; later calls resolve at once. Rejects when a chunk cannot be fetched.
 */
export function loadLanguage(language: Language): Promise<void> {
  return once(pendingFirst, language, () =>
    Promise.all([loadLocaleFirst(localeOf(language)), ANTD_LOADERS[language]()]).then(([messages, antd]) => {
      addTexts(localeOf(language), messages);
      antdLocales[language] = antd.default;
    }),
  );
}

/** dayjs' locale switch, once dayjs-locale.ts has loaded (with the first signed-in screen's texts). */
let applyDayjs: ((language: Language) => void) | null = null;
let pendingDayjs: Promise<void> | null = null;

/** Loads dayjs with its locales once and applies the current language's. */
function loadDayjs(): Promise<void> {
  pendingDayjs ??= import('./dayjs-locale').then((m) => {
    applyDayjs = m.applyDayjsLocale;
    applyDayjs(useUiStore.getState().language);
  });
  pendingDayjs.catch(() => {
    pendingDayjs = null;
  });
  return pendingDayjs;
}

/** Fetches every namespace of a language once, and dayjs (before a signed-in screen or the frame renders). */
function loadAllTexts(language: Language): Promise<void> {
  return once(pendingAll, language, () =>
    Promise.all([loadLanguage(language), loadLocale(localeOf(language)), loadDayjs()]).then(([, messages]) => addTexts(localeOf(language), messages)),
  );
}

/**
 * Resolves when every text of the current language is there: the router awaits it with each screen's
 * code but the sign-in page's, so the signed-in screens never show a key (issue 17).
 */
export function ensureAllTexts(): Promise<void> {
  return loadAllTexts(useUiStore.getState().language);
}

function applyLanguage(value: Language): void {
  useUiStore.getState().setLanguageState(value);
  void i18n.changeLanguage(localeOf(value));
  applyDayjs?.(value);
  document.documentElement.lang = localeOf(value);
}

/**
 * Resolves when the stored language's texts are loaded and applied: the console renders after it, so the
 * first screen shows translated texts, never keys.
 */
export const i18nReady: Promise<void> = (() => {
  const language = useUiStore.getState().language;
  return loadLanguage(language).then(() => applyLanguage(language));
})();

/** True for a language the console can switch to. */
export function isSupportedLanguage(v: string): v is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(v);
}

/**
 * Switches the language: i18next, dayjs, the `<html lang>`, the stored value and `X-Language`.
 * Returns false (with a console error, SPEC §4) for anything but ZH_CN, EN_US or JA_JP.
 */
export function setLanguage(value: string): boolean {
  if (!isSupportedLanguage(value)) {
    console.error(`[i18n] unsupported language "${value}"; expected one of ${SUPPORTED_LANGUAGES.join(', ')}`);
    return false;
  }
  // the switch happens when the texts are there: the old language stays until then (no keys shown);
  // every namespace when the current language has them all (a signed-in screen may be showing)
  const current = useUiStore.getState().language;
  (pendingAll.has(current) ? loadAllTexts(value) : loadLanguage(value)).then(
    () => applyLanguage(value),
    (e: unknown) => console.error(`[i18n] cannot load "${value}"`, e),
  );
  return true;
}

/** Ant Design's locale for a language (undefined until `loadLanguage` fetched it: antd's default, English). */
export function antdLocaleOf(language: Language): AntdLocale | undefined {
  return antdLocales[language];
}
