/**
 * All user-type areas and the lookups over them (SPEC §2 root paths, §4 Routing): which area a path
 * belongs to, a user type's home path, and the fixed menus built from the area definitions.
 */
import { DEFAULTS, USER_TYPE_ROOTS, type LoginConfig, type UserTypeValue } from '@mp/protocol';
import { platformAdminArea } from './platform-admin';
import { tenancyAdminArea } from './tenancy-admin';
import { tenancyArea } from './tenancy';
import { appAdminArea } from './app-admin';
import { appArea } from './app';
import { userAdminArea } from './user-admin';
import type { AreaDef, AreaRoute } from './types';
import type { MenuNode } from './menu';

/** Every area, in user-type order. */
export const AREAS: readonly AreaDef[] = [platformAdminArea, tenancyAdminArea, tenancyArea, appAdminArea, appArea, userAdminArea];

/** The NoMenu screen every area can fall back to (SPEC §4: empty menu → that root's /nomenu). */
export const NOMENU_ROUTE: AreaRoute = { path: 'nomenu', titleKey: 'route.nomenu', icon: 'menu', free: true, load: () => import('../pages/NoMenu') };

/** The routes an area registers: its own, plus /nomenu when it does not define one; disabled ones dropped. */
export function areaRoutes(area: AreaDef): AreaRoute[] {
  const own = area.routes.filter((r) => !r.disabled);
  return own.some((r) => r.path === 'nomenu') ? own : [...own, NOMENU_ROUTE];
}

/** The area of a user type. */
export function areaOf(t: UserTypeValue): AreaDef {
  return AREAS.find((a) => a.userType === t)!;
}

/** The area whose root the pathname is under ('/tenancy' is not under '/tenancyAdmin'), or undefined. */
export function areaForPath(pathname: string): AreaDef | undefined {
  return AREAS.find((a) => pathname === a.root || pathname.startsWith(`${a.root}/`));
}

/** The area route a pathname points at, or undefined (the root itself, or an unknown child). */
export function routeForPath(pathname: string): { area: AreaDef; route: AreaRoute } | undefined {
  const area = areaForPath(pathname);
  if (!area) return undefined;
  const seg = pathname.slice(area.root.length + 1).split('/')[0] ?? '';
  const route = areaRoutes(area).find((r) => r.path === seg);
  return route ? { area, route } : undefined;
}

/** Where a user type lands (SPEC §2): its root's default child, e.g. '/userAdmin/bbcapp'. */
export function homeOf(t: UserTypeValue, config: LoginConfig): string {
  return `${USER_TYPE_ROOTS[t]}/${areaOf(t).defaultChild(config)}`;
}

/**
 * The fixed menu of an area (SPEC §2 Menus): routes flagged `menu`, inside their groups when the area
 * has groups (a route without a group after them); a group whose `when` is false is left out (`dev`: a development build). Ids are the route paths / group keys.
 */
export function buildFixedMenu(area: AreaDef, config: LoginConfig, dev: boolean = import.meta.env.DEV): MenuNode[] {
  const page = (r: AreaRoute, parentID: string, level: number): MenuNode => ({
    id: r.path,
    parentID,
    menuType: 'page',
    name: '',
    titleKey: r.menuTitleKey ?? r.titleKey,
    icon: r.icon,
    target: `${area.root}/${r.path}`,
    level,
  });
  const items = area.routes.filter((r) => r.menu && !r.disabled);
  const ungrouped = items.filter((r) => !r.group).map((r) => page(r, DEFAULTS.rootMenuId, 1));
  if (!area.groups?.length) return ungrouped;
  const grouped = area.groups
    .filter((g) => !g.when || g.when(config, dev))
    .map((g) => ({
      id: g.key,
      parentID: DEFAULTS.rootMenuId,
      menuType: 'module' as const,
      name: '',
      titleKey: g.titleKey,
      icon: g.icon,
      target: '',
      level: 1,
      children: items.filter((r) => r.group === g.key).map((r) => page(r, g.key, 2)),
    }))
    .filter((g) => g.children.length > 0);
  // a menu route outside every group (the app area's big-file demo, SPEC §2) follows the groups
  return [...grouped, ...ungrouped];
}
