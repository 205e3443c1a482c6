/**
 * The console's i18next instance and the language switch (SPEC §1 Languages, §4 Language switch).
 * Texts come from @mp/i18n (`i18nOptions`). The language (ZH_CN default) is stored in localStorage,
 * sent as `X-Language`, and drives Ant Design's locale and dayjs' locale. Any other value than
 * ZH_CN / EN_US / JA_JP is rejected with a console error.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ja';
import 'dayjs/locale/en';
import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import { i18nOptions, localeOf } from '@mp/i18n';
import { SUPPORTED_LANGUAGES, type Language } from '@mp/protocol';
import { useUiStore } from './stores/ui';
import { registerTranslator } from './api/http/feedback';

const DAYJS: Record<Language, string> = { ZH_CN: 'zh-cn', EN_US: 'en', JA_JP: 'ja' };
const ANTD: Record<Language, AntdLocale> = { ZH_CN: zhCN, EN_US: enUS, JA_JP: jaJP };

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  ...i18nOptions,
  lng: localeOf(useUiStore.getState().language),
});
dayjs.locale(DAYJS[useUiStore.getState().language]);
document.documentElement.lang = localeOf(useUiStore.getState().language);
registerTranslator((key) => i18n.t(key));

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
  useUiStore.getState().setLanguageState(value);
  void i18n.changeLanguage(localeOf(value));
  dayjs.locale(DAYJS[value]);
  document.documentElement.lang = localeOf(value);
  return true;
}

/** Ant Design's locale for a language. */
export function antdLocaleOf(language: Language): AntdLocale {
  return ANTD[language];
}
