/**
 * Grants of application roles and permission templates over the application's permission trees (issue 15;
 * SPEC §2 role authorisation, API authorisation, viewer, "permission configuration from a template tree";
 * §3 Grant item; §4 write keeps read; docs/applications.md "Application roles and permission templates").
 *
 * The trees are issue 14's (modules/apppermissions: `permissionTree` menus → forms → controls, `apiTree`
 * menus → pages → APIs) with the owner's bits. A save checks every item before writing (unknown ids,
 * another application's, forms, duplicates, bad bits refuse the whole save: `appgrant.item_unknown`,
 * `role.grant_duplicate`, `role.grant_purview`), replaces the owner's set of that tree and is audited
 * (`approle.grant.<kind>` / `apptemplate.grant.<kind>`, before/after).
 */
import type { FastifyRequest } from 'fastify';
import {
  AppGrantCodes,
  AppGrantKind,
  appGrantKindOf,
  appUniqueId,
  parseAppUniqueId,
  Purview,
  type AppGrantItem,
  type AppGrantKindValue,
  type AppGrantViewItem,
  type AppItemKind,
  type AppPermissionNode,
  type AppTreeKind,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as perm from '../apppermissions/apppermissions.repository.js';
import { apiTree, permissionTree } from '../apppermissions/apppermissions.tree.js';
import { checkItems } from '../roles/roles.grants.service.js';
import * as repo from './approles.grants.repository.js';

/** The grant kinds each tree holds. */
export const KINDS_OF: Record<AppTreeKind, readonly AppGrantKindValue[]> = {
  menu: [AppGrantKind.MENU, AppGrantKind.CONTROL],
  api: [AppGrantKind.API],
};

const itemKindOf = (kind: string): AppItemKind => (kind === AppGrantKind.MENU ? 'menu' : kind === AppGrantKind.CONTROL ? 'control' : 'api');
const bitsOf = (grants: repo.OwnerGrant[]) => new Map(grants.map((g) => [appUniqueId(itemKindOf(g.kind), g.dataId), g.purview]));

/** The application's tree `tree` with `grants`' bits (a few statements whatever its size). */
export async function treeOf(tx: Tx, request: FastifyRequest, productId: string, tree: AppTreeKind, grants: repo.OwnerGrant[]): Promise<AppPermissionNode[]> {
  const menus = await perm.listMenus(tx, productId);
  if (tree === 'menu') return permissionTree(request.locale, menus, await perm.listLinkedControls(tx, productId), bitsOf(grants));
  return apiTree(request.locale, menus, await perm.listPageApis(tx, productId), await perm.listApis(tx, productId), bitsOf(grants));
}

/** The owner's tree with its bits (`approlepurview`, `apptemplatepurview`). */
export async function ownerTree(tx: Tx, request: FastifyRequest, app: AppContext, owner: repo.GrantOwner, tree: AppTreeKind): Promise<AppPermissionNode[]> {
  return treeOf(tx, request, app.id, tree, await repo.listOwnerGrants(tx, app.id, owner, KINDS_OF[tree]));
}

/** The grantable item ids of the tree, by item kind. */
async function knownIds(tx: Tx, productId: string, tree: AppTreeKind): Promise<Partial<Record<AppItemKind, Set<string>>>> {
  if (tree === 'api') return { api: new Set((await perm.listApis(tx, productId)).map((a) => a.id)) };
  const controls = (await perm.listLinkedControls(tx, productId)).filter((c) => c.nodeType !== 'form');
  return { menu: new Set((await perm.listMenus(tx, productId)).map((m) => m.id)), control: new Set(controls.map((c) => c.id)) };
}

/**
 * Checks `items` (uniqueIds of the tree's grantable nodes; APIs: any bit = granted, stored as read) and
 * replaces the owner's grants of the tree, audited per kind. Returns `{ count }`.
 * @throws appgrant.item_unknown, role.grant_duplicate, role.grant_purview.
 */
export async function saveOwnerGrants(
  tx: Tx,
  request: FastifyRequest,
  app: AppContext,
  owner: repo.GrantOwner & { code: string },
  tree: AppTreeKind,
  items: AppGrantItem[],
): Promise<{ count: number }> {
  const known = await knownIds(tx, app.id, tree);
  const isKnown = (uniqueId: string) => {
    const p = parseAppUniqueId(uniqueId);
    return Boolean(p && known[p.kind]?.has(p.id));
  };
  const input = tree === 'api' ? items.map((i) => ({ ...i, dpPurview: i.dpPurview ? Purview.READ : 0 })) : items;
  const after: repo.OwnerGrant[] = checkItems(input, isKnown, AppGrantCodes.ITEM_UNKNOWN).map((g) => {
    const p = parseAppUniqueId(g.dataId)!;
    return { kind: appGrantKindOf(p.kind), dataId: p.id, purview: g.purview };
  });
  const kinds = KINDS_OF[tree];
  const before = await repo.listOwnerGrants(tx, app.id, owner, kinds);
  await repo.replaceOwnerGrants(tx, app.id, owner, kinds, after);
  const strip = (gs: repo.OwnerGrant[], k: string) => gs.filter((g) => g.kind === k).map((g) => ({ dataId: g.dataId, purview: g.purview }));
  for (const kind of kinds) {
    await insertAuditEntry(tx, request, {
      tenantId: 'sys',
      action: `app${owner.type}.grant.${kind}`,
      entity: `app${owner.type}`,
      entityId: owner.id,
      before: { name: owner.code, productId: app.id, grants: strip(before, kind) },
      after: { name: owner.code, productId: app.id, grants: strip(after, kind) },
    });
  }
  return { count: after.length };
}

/** The viewer: the granted nodes of both trees (each item once), in tree order. */
export async function grantView(tx: Tx, request: FastifyRequest, app: AppContext, owner: repo.GrantOwner): Promise<AppGrantViewItem[]> {
  const out: AppGrantViewItem[] = [];
  const seen = new Set<string>();
  const walk = (nodes: AppPermissionNode[]) => {
    for (const n of nodes) {
      if (n.grantable && n.purview > 0 && !seen.has(n.uniqueId)) {
        seen.add(n.uniqueId);
        out.push({ uniqueId: n.uniqueId, nodeType: n.nodeType, showName: n.showName, menuName: n.menuName, purview: n.purview });
      }
      walk(n.children);
    }
  };
  for (const tree of ['menu', 'api'] as const) walk(await ownerTree(tx, request, app, owner, tree));
  return out;
}
