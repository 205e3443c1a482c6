/**
 * The menu tree of a policy answer (issue 14; SPEC §3 Menu node; docs/applications.md "Policy service"):
 * from the application's menus and the user's menu purviews, the tree under the root '0' holding every
 * granted (read) menu and its ancestors. A menu is shown only when it and all its ancestors are enabled
 * and, with a platform type asked for, it is of that platform or of both (1 PC → 1 or 3, 2 Phone → 2 or
 * 3, 3 or none → all). Siblings in sequence order, then by code.
 */
import { APP_MENU_ROOT, Purview, type MenuTypeValue, type OpenTypeValue, type PlatformTypeValue, type PolicyMenuNode } from '@mp/protocol';
import type { MenuRow } from './policy.repository.js';

/**
 * Builds the tree. `purviews`: menu id → the user's bits (1 read, 2 write, normalised). Shapes: the
 * contract's MenuNode (`parentId` '0' at the top, `purview` 0 for a node present only as an ancestor).
 */
export function buildMenuTree(rows: MenuRow[], purviews: ReadonlyMap<string, number>, platformType?: number): PolicyMenuNode[] {
  const children = new Map<string, MenuRow[]>();
  for (const r of rows) {
    const parent = r.parent_id ?? APP_MENU_ROOT;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const fits = (r: MenuRow) =>
    Number(r.enabled) === 1 && (platformType === undefined || platformType === 3 || Number(r.platform_type) === platformType || Number(r.platform_type) === 3);
  const visit = (parent: string, depth: number): PolicyMenuNode[] => {
    if (depth > 64) return []; // a tree is never this deep; stops a (corrupt) cycle
    const out: PolicyMenuNode[] = [];
    const list = [...(children.get(parent) ?? [])].sort((a, b) => Number(a.sort) - Number(b.sort) || a.code.localeCompare(b.code));
    for (const r of list) {
      if (!fits(r)) continue;
      const kids = visit(r.id, depth + 1);
      const purview = purviews.get(r.id) ?? 0;
      if (!(purview & Purview.READ) && !kids.length) continue;
      out.push({
        id: r.id,
        parentId: parent,
        code: r.code,
        name: r.name,
        menuType: r.menu_type as MenuTypeValue,
        target: r.target,
        pageId: r.page_id,
        icon: r.icon,
        sort: Number(r.sort),
        platformType: Number(r.platform_type) as PlatformTypeValue,
        openType: Number(r.open_type) as OpenTypeValue,
        refresh: Number(r.refresh) === 1 ? 1 : 0,
        purview,
        children: kids,
      });
    }
    return out;
  };
  return visit(APP_MENU_ROOT, 0);
}
