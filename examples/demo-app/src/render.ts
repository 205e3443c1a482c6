/**
 * HTML of the demo application's pages (no script; forms post back). The menu comes from the policy
 * service (module → pages); a page lists the buttons of that page the user may WRITE (decided locally by
 * the policy client).
 */
import type { MenuNode, UserPermissions } from '@mp/policy-client';

/** Escapes text for HTML content and attribute values. */
export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A whole page around `body`. */
export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:52rem}ul{list-style:none;padding-left:1.2rem}
.module{font-weight:600}.page{margin:.3rem 0}.btn{margin:.2rem .4rem .2rem 0}.muted{color:#666}header{display:flex;gap:1rem;align-items:center}</style>
</head><body>${body}</body></html>`;
}

export interface SignedInView {
  username: string;
  tenantCode: string;
  permissions: UserPermissions;
  /** Ids of the controls the user may write (buttons shown). */
  writable: ReadonlySet<string>;
  cursor: string | undefined;
  lastSync: string | undefined;
}

function menuItem(n: MenuNode, v: SignedInView): string {
  if (n.menuType === 'module') {
    return `<li class="module" data-testid="menu-${esc(n.code)}" data-menu-type="module">${esc(n.name)}<ul>${n.children.map((c) => menuItem(c, v)).join('')}</ul></li>`;
  }
  const buttons = v.permissions.controls
    .filter((c) => c.pageId === n.pageId && c.nodeType === 'button' && v.writable.has(c.id))
    .map((c) => `<button class="btn" type="button" data-testid="control-${esc(c.alias || c.id)}">${esc(c.name)}</button>`)
    .join('');
  return `<li class="page" data-testid="menu-${esc(n.code)}" data-menu-type="page">${esc(n.name)} <span class="muted">${esc(n.target)}</span>
<div data-testid="buttons-${esc(n.code)}">${buttons}</div>${n.children.length ? `<ul>${n.children.map((c) => menuItem(c, v)).join('')}</ul>` : ''}</li>`;
}

/** The signed-in home page: who, the menu tree with buttons, the APIs, and the sync action. */
export function homePage(v: SignedInView): string {
  const p = v.permissions;
  const menu = p.active
    ? `<ul data-testid="menu">${p.menus.map((n) => menuItem(n, v)).join('')}</ul>`
    : '<p data-testid="inactive">Your account is not active: no menu.</p>';
  return layout(
    'Demo application',
    `<header><h1>Demo application</h1>
<span data-testid="who">${esc(v.username)} @ ${esc(v.tenantCode)}</span>
<form method="post" action="/sync"><button data-testid="sync" type="submit">Sync now</button></form>
<a href="/logout" data-testid="logout">Sign out</a></header>
<p class="muted">Roles: <span data-testid="roles">${esc(p.roles.map((r) => r.code).join(', ') || '—')}</span>
· cursor <code data-testid="cursor">${esc(v.cursor ?? '—')}</code> · last sync <span data-testid="last-sync">${esc(v.lastSync ?? 'never')}</span></p>
<h2>Menu</h2>${menu}
<h2>APIs</h2><ul data-testid="apis">${p.apis.map((a) => `<li>${esc(a.name)} <code>${esc(a.url)}</code></li>`).join('')}</ul>`,
  );
}

/** The signed-out page. */
export function startPage(error?: string): string {
  return layout(
    'Demo application',
    `<h1>Demo application</h1>${error ? `<p data-testid="error">${esc(error)}</p>` : ''}
<p><a href="/login" data-testid="signin">Sign in with MP3.0</a></p>`,
  );
}
