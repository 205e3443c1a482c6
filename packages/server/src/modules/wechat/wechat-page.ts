/**
 * The small page the phone shows after WeChat's redirect to the callback (docs/wechat-signin.md): a
 * title and one line — "scanned, continue on the computer", or why not — in the phone's language
 * (Accept-Language: Chinese, Japanese, else English). Plain HTML, no script, no external resource.
 */
import { translate, type Locale } from '@mp/i18n';

/** The locale for a phone's `Accept-Language` header. */
export function phoneLocale(acceptLanguage: string | undefined): Locale {
  for (const part of String(acceptLanguage ?? '')
    .toLowerCase()
    .split(',')) {
    const tag = part.trim().split(';')[0] ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('ja')) return 'ja-JP';
    if (tag.startsWith('en')) return 'en-US';
  }
  return 'zh-CN';
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: `key` (an `errors:` key) with `params` as its one line. */
export function scanPage(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const title = html(translate(locale, 'errors:wechat.page_title'));
  const line = html(translate(locale, `errors:${key}`, params));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1><p id="mp-wechat-result">${line}</p></body></html>`;
}
