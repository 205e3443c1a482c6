/**
 * The routing guard of SPEC §4 "Routing" as a pure decision over the session and the address. The
 * AreaGuard component feeds it and carries the decision out (navigate, wait, re-initialise the menu).
 */
import type { UserTypeValue } from '@mp/protocol';
import { areaForPath, areaRoutes } from './areas';
import { findMenuByPath, firstMenuPage, type MenuNode } from './menu';

export interface GuardInput {
  pathname: string;
  /** The query string including '?', or ''. */
  search: string;
  signedIn: boolean;
  /** The user types the session holds, in order (first = home). */
  userTypes: readonly UserTypeValue[];
  /** The section the stored menu belongs to. */
  currentUserType: UserTypeValue | null;
  /** True until the section has been initialised once in this page load. */
  firstLoad: boolean;
  menuTree: readonly MenuNode[];
  menuList: readonly MenuNode[];
  /** The home path of a user type (its root's default child, SPEC §2). */
  homeOf: (t: UserTypeValue) => string;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'login-later' }
  | { action: 'redirect'; to: string }
  | { action: 'init-section'; userType: UserTypeValue };

function withQuery(search: string, key: string, value: string): string {
  const p = new URLSearchParams(search);
  p.set(key, value);
  return `?${p.toString()}`;
}

/**
 * Decides what happens on a protected path (SPEC §4 Routing), in this order:
 * unauthenticated → login after a delay; a root the user may not enter → their first type's root
 * (query kept); first load or another section → initialise that section's menu; the root itself →
 * its default child; a path not in the menu (and not a free route) → the first menu item, or /nomenu
 * when the menu is empty; a menu path without `menuid` → the same path with it; else allow.
 */
export function decideRoute(i: GuardInput): GuardDecision {
  if (!i.signedIn) return { action: 'login-later' };
  const area = areaForPath(i.pathname);
  const first = i.userTypes[0];
  if (first === undefined) return { action: 'login-later' };
  if (!area) return { action: 'redirect', to: i.homeOf(first) };
  if (!i.userTypes.includes(area.userType)) {
    const to = i.homeOf(first);
    return { action: 'redirect', to: to.split('/').slice(0, 2).join('/') + i.search };
  }
  if (i.firstLoad || i.currentUserType !== area.userType) return { action: 'init-section', userType: area.userType };

  const rest = i.pathname.slice(area.root.length).replace(/^\/+|\/+$/g, '');
  const seg = rest.split('/')[0] ?? '';
  const firstItem = firstMenuPage(i.menuTree);
  const emptyMenu = !firstItem;
  const noMenuPath = `${area.root}/nomenu`;
  if (!seg) {
    const home = i.homeOf(area.userType);
    return { action: 'redirect', to: home + i.search };
  }
  const route = areaRoutes(area).find((r) => r.path === seg);
  const item = findMenuByPath(i.menuList, `${area.root}/${seg}`);
  if (!item && !route?.free) {
    if (emptyMenu) return i.pathname === noMenuPath ? { action: 'allow' } : { action: 'redirect', to: noMenuPath };
    return { action: 'redirect', to: firstItem.target };
  }
  if (item && !new URLSearchParams(i.search).has('menuid')) {
    return { action: 'redirect', to: i.pathname + withQuery(i.search, 'menuid', item.id) };
  }
  return { action: 'allow' };
}
