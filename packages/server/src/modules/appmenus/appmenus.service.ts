/**
 * The menu designer of an application (issue 14; SPEC §2 Menu manager, §3 Menu node, §4 Editing, §5 Menu,
 * §8 Menu messages; docs/applications.md "Menu designer"). The tree lives under the root '0' (not stored;
 * named after the application). Rules come from @mp/protocol (`checkAppMenuFields`, `checkAppMenuPlace`),
 * so the console says the same. Every write runs in the caller's one transaction, takes the
 * application's menu lock when it changes the tree's shape, and is audited (`appmenu.add|edit|delete|
 * move|enable|disable`, tenant 'sys'). Deleting a menu deletes its subtree by cascade; their grants in
 * every tenant go by the triggers of migration 0018.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  APP_MENU_ICON_MIME_TYPES,
  APP_MENU_ROOT,
  APP_MENU_RULES,
  AppMenuCodes,
  checkAppMenuFields,
  checkAppMenuPlace,
  MenuType,
  Paths,
  type AppMenuAddBody,
  type AppMenuEditBody,
  type AppMenuFields,
  type AppMenuMoveBody,
  type AppMenuNode,
  type AppMenuPageOption,
  type AppMenuRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findFileById } from '../files/files.repository.js';
import * as repo from './appmenus.repository.js';

const AUDIT_TENANT = 'sys';
const FILE_ICON = 'file:';

/** The address of a `file:<id>` icon's image ('' for a named icon). */
export function iconUrlOf(icon: string): string {
  return icon.startsWith(FILE_ICON) ? `${Paths.getfile}/${icon.slice(FILE_ICON.length)}` : '';
}

/** The API shape of a stored menu (`parentId` '0' under the root). */
export function toMenuRow(m: repo.MenuRecord): AppMenuRow {
  return {
    id: m.id,
    parentId: m.parentId ?? APP_MENU_ROOT,
    code: m.code,
    name: m.name,
    menuType: m.menuType === MenuType.PAGE ? 'page' : 'module',
    pageId: m.pageId,
    target: m.target,
    enabled: m.enabled === 0 ? 0 : 1,
    sequence: m.sort,
    icon: m.icon,
    iconUrl: iconUrlOf(m.icon),
    description: m.description,
    platformType: m.platformType === 1 || m.platformType === 2 ? m.platformType : 3,
    openType: m.openType === 2 || m.openType === 3 ? m.openType : 1,
    refresh: m.refresh === 1 ? 1 : 0,
    updatedAt: m.updatedAt.toISOString(),
  };
}

/**
 * The tree of `records` (one application's menus, in sibling order) under the root '0' named `rootName`.
 * Children keep the order of `records`; a node whose parent is missing is not reachable (cannot happen
 * with the foreign key).
 */
export function buildMenuTree(rootName: string, records: repo.MenuRecord[]): AppMenuNode {
  const root: AppMenuNode = {
    id: APP_MENU_ROOT,
    parentId: '',
    code: '',
    name: rootName,
    menuType: 'root',
    pageId: null,
    target: '',
    enabled: 1,
    sequence: 0,
    icon: '',
    iconUrl: '',
    description: '',
    platformType: 3,
    openType: 1,
    refresh: 0,
    updatedAt: '',
    level: 0,
    children: [],
  };
  const byParent = new Map<string, repo.MenuRecord[]>();
  for (const r of records) {
    const key = r.parentId ?? APP_MENU_ROOT;
    const list = byParent.get(key);
    if (list) list.push(r);
    else byParent.set(key, [r]);
  }
  const fill = (node: AppMenuNode) => {
    node.children = (byParent.get(node.id) ?? []).map((r) => ({ ...toMenuRow(r), level: node.level + 1, children: [] }));
    node.children.forEach(fill);
  };
  fill(root);
  return root;
}

/** The application's whole menu tree (SPEC §2 Menu manager: one call; hundreds of menus). */
export async function menuTree(tx: Tx, app: AppContext): Promise<AppMenuNode> {
  return buildMenuTree(app.name, await repo.listMenus(tx, app.id));
}

async function menuOf(tx: Tx, app: AppContext, id: string): Promise<repo.MenuRecord> {
  const m = id === APP_MENU_ROOT ? undefined : await repo.findMenu(tx, app.id, id);
  if (!m) throw new AppError(AppMenuCodes.NOT_FOUND);
  return m;
}

/** One menu of the application. @throws appmenu.not_found (also for another application's id). */
export async function getMenu(tx: Tx, app: AppContext, id: string): Promise<AppMenuRow> {
  return toMenuRow(await menuOf(tx, app, id));
}

/** The application's pages for the target-page chooser. */
export async function pageOptions(tx: Tx, app: AppContext): Promise<AppMenuPageOption[]> {
  return repo.listPages(tx, app.id);
}

/**
 * Checks a custom icon `file:<id>`: an uploaded png/jpeg/gif of at most 10M (SPEC §5 Icon).
 * @throws appmenu.icon_invalid (no such file), appmenu.icon_type, appmenu.icon_too_large.
 */
async function checkIconFile(tx: Tx, icon: string): Promise<void> {
  if (!icon.startsWith(FILE_ICON)) return;
  const file = await findFileById(tx, icon.slice(FILE_ICON.length));
  if (!file) throw new AppError(AppMenuCodes.ICON_INVALID);
  if (!(APP_MENU_ICON_MIME_TYPES as readonly string[]).includes(file.mime)) throw new AppError(AppMenuCodes.ICON_TYPE);
  if (file.size > APP_MENU_RULES.icon.maxBytes) throw new AppError(AppMenuCodes.ICON_TOO_LARGE);
}

/** Validates and normalises the editable fields (SPEC §5 Menu) into stored columns. */
async function checkedFields(tx: Tx, app: AppContext, b: AppMenuFields) {
  const problem = checkAppMenuFields(b);
  if (problem) throw new AppError(problem.code, problem.params);
  const pageId = b.pageId?.trim() || null;
  let target = (b.target ?? '').trim();
  if (pageId) {
    const page = await repo.findPage(tx, app.id, pageId);
    if (!page) throw new AppError(AppMenuCodes.PAGE_NOT_FOUND);
    if (!target) target = page.path;
  }
  if (b.menuType === MenuType.PAGE && !target) throw new AppError(AppMenuCodes.TARGET_REQUIRED);
  const icon = (b.icon ?? '').trim();
  await checkIconFile(tx, icon);
  return {
    code: b.code.trim(),
    name: b.name.trim(),
    menuType: b.menuType,
    pageId,
    target,
    icon,
    description: (b.description ?? '').trim(),
    ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
    ...(b.platformType === undefined ? {} : { platformType: b.platformType }),
    ...(b.openType === undefined ? {} : { openType: b.openType }),
    ...(b.refresh === undefined ? {} : { refresh: b.refresh }),
  };
}

/** The unique-code error of `code`, also raised when a simultaneous write wins the race. */
const codeInUse = (code: string) => new AppError(AppMenuCodes.CODE_IN_USE, { code });

/**
 * Adds a menu under `parentId` ('0' the root): not under a page (SPEC §8 'You can not add a menu to the
 * web page'), code unique in the application, at most APP_MENU_RULES.maxMenus menus; `sequence`
 * defaults to after the last sibling.
 */
export async function addMenu(tx: Tx, request: FastifyRequest, app: AppContext, b: AppMenuAddBody): Promise<AppMenuRow> {
  const f = await checkedFields(tx, app, b);
  await repo.lockAppMenus(tx, app.id);
  if ((await repo.countMenus(tx, app.id)) >= APP_MENU_RULES.maxMenus) throw new AppError(AppMenuCodes.TOO_MANY, { max: APP_MENU_RULES.maxMenus });
  const parentId = b.parentId === APP_MENU_ROOT ? null : b.parentId;
  if (parentId !== null) {
    const parent = await repo.findMenu(tx, app.id, parentId);
    if (!parent) throw new AppError(AppMenuCodes.PARENT_NOT_FOUND);
    if (parent.menuType === MenuType.PAGE) throw new AppError(AppMenuCodes.UNDER_PAGE);
  }
  if (await repo.findByCode(tx, app.id, f.code)) throw codeInUse(f.code);
  const sort = b.sequence ?? (await repo.maxSiblingSort(tx, app.id, parentId)) + 1;
  const m = await withUniqueErrors({ app_menus_code_uq: codeInUse(f.code) }, () =>
    repo.insertMenu(tx, { id: randomUUID(), productId: app.id, parentId, sort, ...f }),
  );
  const row = toMenuRow(m);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'appmenu.add',
    entity: 'appmenu',
    entityId: m.id,
    after: { productId: app.id, ...row },
  });
  return row;
}

/**
 * Replaces a menu's fields (its place changes only by `moveMenu`). A module with sub-menus cannot become
 * a page. `sequence` omitted keeps the current one.
 */
export async function editMenu(tx: Tx, request: FastifyRequest, app: AppContext, b: AppMenuEditBody): Promise<AppMenuRow> {
  if (b.id === APP_MENU_ROOT) throw new AppError(AppMenuCodes.ROOT_READONLY);
  const f = await checkedFields(tx, app, b);
  await repo.lockAppMenus(tx, app.id);
  const before = await menuOf(tx, app, b.id);
  if (f.menuType === MenuType.PAGE && before.menuType !== MenuType.PAGE && (await repo.listChildren(tx, app.id, before.id)).length) {
    throw new AppError(AppMenuCodes.UNDER_PAGE);
  }
  if (await repo.findByCode(tx, app.id, f.code, before.id)) throw codeInUse(f.code);
  const m = await withUniqueErrors({ app_menus_code_uq: codeInUse(f.code) }, () =>
    repo.updateMenu(tx, app.id, before.id, { ...f, ...(b.sequence === undefined ? {} : { sort: b.sequence }) }),
  );
  const row = toMenuRow(m!);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'appmenu.edit',
    entity: 'appmenu',
    entityId: before.id,
    before: toMenuRow(before),
    after: row,
  });
  return row;
}

/** The ids of every descendant of `id` in `records`. */
function descendantsOf(records: repo.MenuRecord[], id: string): string[] {
  const out: string[] = [];
  const walk = (pid: string) => {
    for (const r of records)
      if (r.parentId === pid) {
        out.push(r.id);
        walk(r.id);
      }
  };
  walk(id);
  return out;
}

/**
 * Deletes a menu and, confirmed by `withChildren`, its subtree (SPEC §4: the root '0' cannot be deleted,
 * 'Root node can not be deleted'). Their grants in every tenant are withdrawn by trigger. Answers the
 * number of menus deleted.
 * @throws appmenu.root_delete, appmenu.not_found, appmenu.has_children (sub-menus, not confirmed).
 */
export async function deleteMenu(tx: Tx, request: FastifyRequest, app: AppContext, id: string, withChildren: boolean): Promise<{ count: number }> {
  if (id === APP_MENU_ROOT) throw new AppError(AppMenuCodes.ROOT_DELETE);
  await repo.lockAppMenus(tx, app.id);
  const m = await menuOf(tx, app, id);
  const all = await repo.listMenus(tx, app.id);
  const below = descendantsOf(all, m.id);
  if (below.length && !withChildren) throw new AppError(AppMenuCodes.HAS_CHILDREN, { name: m.name, count: below.length });
  await repo.deleteMenus(tx, app.id, [m.id]);
  const siblings = all.filter((r) => r.parentId === m.parentId && r.id !== m.id).map((r) => r.id);
  await repo.renumberSiblings(tx, app.id, m.parentId, siblings);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'appmenu.delete',
    entity: 'appmenu',
    entityId: m.id,
    before: { productId: app.id, ...toMenuRow(m), descendants: below },
  });
  return { count: 1 + below.length };
}

/**
 * Drag and drop (SPEC §4): puts the menu under `parentId` ('0' the root) at position `index` among the
 * other children (past the end = last) and renumbers the sequences of the new siblings (and of the old
 * ones when the parent changes) 0, 1, 2, … in the same transaction. Refused: the root, under a page,
 * under itself or a descendant, a parent of another application.
 */
export async function moveMenu(tx: Tx, request: FastifyRequest, app: AppContext, b: AppMenuMoveBody): Promise<AppMenuRow> {
  if (b.id === APP_MENU_ROOT) throw new AppError(AppMenuCodes.ROOT_READONLY);
  await repo.lockAppMenus(tx, app.id);
  const m = await menuOf(tx, app, b.id);
  const all = await repo.listMenus(tx, app.id);
  const problem = checkAppMenuPlace(buildMenuTree(app.name, all), b.parentId, m.id);
  if (problem) throw new AppError(problem.code, problem.params);
  const parentId = b.parentId === APP_MENU_ROOT ? null : b.parentId;
  const siblings = all.filter((r) => r.parentId === parentId && r.id !== m.id).map((r) => r.id);
  siblings.splice(Math.min(b.index, siblings.length), 0, m.id);
  await repo.renumberSiblings(tx, app.id, parentId, siblings);
  if (m.parentId !== parentId) {
    await repo.renumberSiblings(
      tx,
      app.id,
      m.parentId,
      all.filter((r) => r.parentId === m.parentId && r.id !== m.id).map((r) => r.id),
    );
  }
  const moved = (await repo.findMenu(tx, app.id, m.id))!;
  const row = toMenuRow(moved);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'appmenu.move',
    entity: 'appmenu',
    entityId: m.id,
    before: { parentId: m.parentId ?? APP_MENU_ROOT, sequence: m.sort },
    after: { parentId: row.parentId, sequence: row.sequence },
  });
  return row;
}

/** Enables (1) or disables (0) menus of the application, all or none. Answers how many changed. */
export async function setMenusEnabled(tx: Tx, request: FastifyRequest, app: AppContext, ids: string[], enabled: 0 | 1): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  if (unique.includes(APP_MENU_ROOT)) throw new AppError(AppMenuCodes.ROOT_READONLY);
  const found = await repo.findMenus(tx, app.id, unique);
  if (found.length !== unique.length) throw new AppError(AppMenuCodes.NOT_FOUND);
  const count = await repo.setEnabled(tx, app.id, unique, enabled);
  for (const m of found) {
    if (m.enabled === enabled) continue;
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: enabled ? 'appmenu.enable' : 'appmenu.disable',
      entity: 'appmenu',
      entityId: m.id,
      before: { enabled: m.enabled },
      after: { enabled },
    });
  }
  return { count };
}
