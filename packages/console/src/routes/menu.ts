/**
 * Menu data of the side menu (SPEC §3 Menu node, Tenant menu row; §4 Routing). Pure functions, so the
 * conversions and lookups the guards rely on are unit-tested.
 */
import { DEFAULTS, type TenantMenuRow } from '@mp/protocol';

/** A node of the side menu. `target` is the absolute path of a page node; modules have children. */
export interface MenuNode {
  id: string;
  parentID: string;
  menuType: 'module' | 'page';
  /** Literal name (server menus). */
  name: string;
  /** i18n key in the `layout` namespace (fixed menus); wins over `name` when present. */
  titleKey?: string;
  /** Icon name of the icon registry, or an image path. */
  icon: string;
  target: string;
  level: number;
  /** Server menus: the caller's permission bits (1 read, 2 write = its controls); absent: both. */
  purview?: number;
  children?: MenuNode[];
}

/** Normalises a server menu URL to an absolute path under `root` ('appManagement' → '/tenancy/appManagement'). */
export function menuTargetPath(url: string, root: string): string {
  const u = (url ?? '').trim();
  if (!u) return '';
  if (/^https?:\/\//i.test(u)) return u;
  if (u.startsWith('/')) return u;
  return `${root}/${u.replace(/^\.?\//, '')}`;
}

/**
 * Converts the tenant menu tree of `listmymenu` (menuId, menuName, menuIcon, parentMenuId, menuUrl,
 * children) into menu nodes (id, name, icon, parentID, target) — SPEC §3 Tenant menu row.
 */
export function convertTenantMenu(rows: readonly TenantMenuRow[] | null | undefined, root: string, level = 1): MenuNode[] {
  return (rows ?? []).map((r) => {
    const children = r.children?.length ? convertTenantMenu(r.children, root, level + 1) : undefined;
    const node: MenuNode = {
      id: String(r.menuId),
      parentID: r.parentMenuId ? String(r.parentMenuId) : DEFAULTS.rootMenuId,
      menuType: children ? 'module' : 'page',
      name: r.menuName ?? '',
      icon: r.menuIcon ?? '',
      target: children ? '' : menuTargetPath(r.menuUrl, root),
      level,
    };
    if (r.purview !== undefined) node.purview = r.purview;
    if (children) node.children = children;
    return node;
  });
}

/** Every node of the tree, depth first (the stored `menuListData`). */
export function flattenMenu(tree: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (ns: readonly MenuNode[]): void =>
    ns.forEach((n) => {
      out.push(n);
      if (n.children) walk(n.children);
    });
  walk(tree);
  return out;
}

/** The first page node (depth first), or undefined for an empty menu. */
export function firstMenuPage(tree: readonly MenuNode[]): MenuNode | undefined {
  return flattenMenu(tree).find((n) => n.menuType === 'page' && n.target);
}

/** The page node whose target is `pathname` (trailing slash ignored). */
export function findMenuByPath(list: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const p = pathname.replace(/\/+$/, '');
  return list.find((n) => n.menuType === 'page' && n.target.replace(/\/+$/, '') === p);
}

/** Ids of the ancestors of node `id` (for opening the side menu's sub-menus). */
export function menuAncestors(list: readonly MenuNode[], id: string): string[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  const out: string[] = [];
  let cur = byId.get(id);
  while (cur && cur.parentID && cur.parentID !== DEFAULTS.rootMenuId && byId.has(cur.parentID)) {
    out.unshift(cur.parentID);
    cur = byId.get(cur.parentID);
  }
  return out;
}
