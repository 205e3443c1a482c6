/**
 * dayjs with the console's three locales (SPEC §1 Languages), loaded with the signed-in screens' texts
 * (i18n.ts `ensureAllTexts`), not on the sign-in page, which shows no dates (issue 17).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ja';
import 'dayjs/locale/en';
import type { Language } from '@mp/protocol';

const DAYJS: Record<Language, string> = { ZH_CN: 'zh-cn', EN_US: 'en', JA_JP: 'ja' };

/** Sets dayjs' global locale to the console language's. */
export function applyDayjsLocale(language: Language): void {
  dayjs.locale(DAYJS[language]);
}
