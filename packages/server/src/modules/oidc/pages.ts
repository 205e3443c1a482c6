/**
 * The provider's own HTML pages (docs/oidc.md "Pages"): the error page (a request the provider cannot
 * send back to an application, e.g. an unregistered redirect URI), the sign-out confirmation of
 * RP-initiated logout and the signed-out page. Minimal, self-contained (no outside fonts or scripts),
 * in the language of `ui_locales` or the browser's Accept-Language (texts: @mp/i18n `oidc`).
 */
import { createHash } from 'node:crypto';
import { resources, translate, type Locale } from '@mp/i18n';

const LOCALES = Object.keys(resources) as Locale[];

/** Picks a locale from `ui_locales` (space-separated) then Accept-Language; zh-CN by default. */
export function pickLocale(uiLocales: string | undefined, acceptLanguage: string | undefined): Locale {
  const wanted = [...(uiLocales ?? '').split(' '), ...(acceptLanguage ?? '').split(',').map((p) => p.split(';')[0]!.trim())];
  for (const w of wanted) {
    const lower = w.toLowerCase();
    if (!lower) continue;
    const hit = LOCALES.find((l) => l.toLowerCase() === lower) ?? LOCALES.find((l) => l.slice(0, 2) === lower.slice(0, 2));
    if (hit) return hit;
  }
  return 'zh-CN';
}

/** Escapes text for HTML. */
export function esc(v: unknown): string {
  return String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Inline icons (no emoji: a server without emoji fonts would show empty boxes). */
const ICON_WARN =
  '<svg class="icon" width="32" height="32" viewBox="0 0 24 24" aria-hidden="true"><path fill="#faad14" d="M12 2 1 21h22L12 2zm1 15h-2v2h2v-2zm0-8h-2v6h2V9z"/></svg>';
const ICON_OK =
  '<svg class="icon" width="32" height="32" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="11" fill="#52c41a"/><path fill="none" stroke="#fff" stroke-width="2.4" d="m6.5 12.5 3.5 3.5 7.5-8"/></svg>';

const t = (locale: Locale, key: string, params?: Record<string, unknown>) => translate(locale, `oidc:${key}`, params);

const STYLE = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f0f2f5;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Hiragino Sans","Microsoft YaHei",sans-serif;color:#1f1f1f}
.card{width:400px;max-width:calc(100vw - 32px);background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08);padding:32px}
.brand{font-size:13px;color:#8c8c8c;margin-bottom:12px}h1{font-size:20px;font-weight:600;margin:0 0 12px}
p{line-height:1.6;margin:0 0 12px}.detail{font-size:12px;color:#8c8c8c;word-break:break-word}
.actions{display:flex;gap:8px;margin-top:20px}button,.btn{flex:1;height:36px;border-radius:6px;font-size:14px;cursor:pointer;
border:1px solid #d9d9d9;background:#fff;color:#1f1f1f;text-decoration:none;display:inline-flex;align-items:center;justify-content:center}
.primary{background:#1677ff;border-color:#1677ff;color:#fff}.icon{display:block;margin-bottom:8px}`;

/**
 * The CSP source that allows the pages' one inline style sheet and nothing else inline
 * (plugins/security-headers.ts): `'sha256-<base64 of the SHA-256 of STYLE>'`.
 */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

function layout(locale: Locale, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${esc(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main class="card" data-testid="oidc-page">
<div class="brand">${esc(t(locale, 'systemName'))}</div>${body}</main></body></html>`;
}

/** The error page: a localised explanation of `error`, the library's description as detail. */
export function errorPage(locale: Locale, error: string, description?: string, retryUrl?: string): string {
  const known = (resources[locale].oidc.error as Record<string, string>)[error];
  return layout(
    locale,
    t(locale, 'errorTitle'),
    `${ICON_WARN}<h1>${esc(t(locale, 'errorTitle'))}</h1>
<p data-testid="oidc-error" data-error="${esc(error)}">${esc(known ?? t(locale, 'error.other'))}</p><p>${esc(t(locale, 'errorHint'))}</p>
${description ? `<p class="detail">${esc(t(locale, 'errorDetail'))}: ${esc(error)} — ${esc(description)}</p>` : ''}
${retryUrl ? `<div class="actions"><a class="btn primary" href="${esc(retryUrl)}">${esc(t(locale, 'signInAgain'))}</a></div>` : ''}`,
  );
}

/** The sign-out confirmation; `form` is the provider's hidden form (id `op.logoutForm`). */
export function logoutPage(locale: Locale, form: string, clientName: string | undefined): string {
  return layout(
    locale,
    t(locale, 'logoutTitle'),
    `<h1>${esc(t(locale, 'logoutTitle'))}</h1>
<p>${esc(t(locale, 'logoutQuestion', { system: t(locale, 'systemName') }))}</p>${clientName ? `<p class="detail">${esc(t(locale, 'logoutFrom', { client: clientName }))}</p>` : ''}
${form}<div class="actions"><button type="submit" form="op.logoutForm">${esc(t(locale, 'logoutNo'))}</button>
<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout" data-testid="oidc-logout-yes">${esc(t(locale, 'logoutYes'))}</button></div>`,
  );
}

/** The page after a sign-out without a (registered) post-logout redirect URI. */
export function loggedOutPage(locale: Locale, clientName: string | undefined): string {
  return layout(
    locale,
    t(locale, 'logoutDoneTitle'),
    `${ICON_OK}<h1>${esc(t(locale, 'logoutDoneTitle'))}</h1>
<p data-testid="oidc-logged-out">${esc(clientName ? t(locale, 'logoutDoneFrom', { client: clientName }) : t(locale, 'logoutDone'))}</p>`,
  );
}
