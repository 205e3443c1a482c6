/**
 * The forms, controls and grid columns of a page (SPEC §2 Page manager "tree of forms and controls",
 * "control settings", "grid columns", "function definition"; §4 nesting rules; §8 'Control already
 * exists in the list', 'The field already exists in the list', 'please select a form or control node').
 * Every write runs in the caller's transaction, locks the page row first (so two writers of one tree
 * take turns and the sibling duplicate check holds), touches the page's "last update time" and is
 * audited (`apppage.node_add|node_edit|node_delete|node_move`, tenant 'sys').
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  AppPageCodes,
  nestingProblem,
  type AppNodeAddBody,
  type AppNodeDeleteBody,
  type AppNodeEditBody,
  type AppNodeMoveBody,
  type AppPageDetail,
  type AppPageRow,
  type ConfirmOutcome,
  type PageNodeTypeValue,
  type PlatformTypeValue,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './apppages.repository.js';
import { assertNoDuplicate, buildTree, checkNodeValues, subtreeIds } from './apppages.tree.js';

export const AUDIT_TENANT = 'sys';

/** The API shape of a page row. */
export function toPageRow(p: repo.PageRecord): AppPageRow {
  return {
    id: p.id,
    formId: p.formId,
    name: p.name,
    path: p.path,
    platformType: p.platformType as PlatformTypeValue,
    settingFile: p.settingFile,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** A page with its nested tree (the nodes' chosen APIs resolved in the page's application). */
export async function pageDetail(tx: Tx, productId: string, page: repo.PageRecord): Promise<AppPageDetail> {
  const rows = await repo.listNodesOfPage(tx, productId, page.id);
  const apis = await repo.findApisByIds(tx, productId, [...new Set(rows.flatMap((r) => [...r.loadApiIds, ...r.saveApiIds]))]);
  return { row: toPageRow(page), tree: buildTree(rows, new Map(apis.map((a) => [a.id, a]))) };
}

/** The application's page, locked for the write. @throws apppage.not_found */
export async function lockPage(tx: Tx, productId: string, pageId: string): Promise<repo.PageRecord> {
  const page = await repo.findPageById(tx, productId, pageId, true);
  if (!page) throw new AppError(AppPageCodes.NOT_FOUND);
  return page;
}

/** The application's node and its page, the page locked. @throws apppage.node_not_found */
async function lockNode(tx: Tx, productId: string, id: string): Promise<{ node: repo.NodeRecord; page: repo.PageRecord }> {
  const found = await repo.findNodeById(tx, productId, id);
  if (!found) throw new AppError(AppPageCodes.NODE_NOT_FOUND);
  const page = await lockPage(tx, productId, found.pageId);
  const node = await repo.findNodeById(tx, productId, id);
  if (!node) throw new AppError(AppPageCodes.NODE_NOT_FOUND);
  return { node, page };
}

/** Checks every id names an API of the application's registry. @throws apppage.api_unknown (param `id`) */
export async function assertApisOfApp(tx: Tx, productId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = new Set((await repo.findApisByIds(tx, productId, unique)).map((a) => a.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError(AppPageCodes.API_UNKNOWN, { id: missing });
}

async function touch(tx: Tx, productId: string, pageId: string): Promise<repo.PageRecord> {
  return (await repo.updatePageById(tx, productId, pageId, {}))!;
}

function assertNesting(parent: PageNodeTypeValue | null, child: PageNodeTypeValue): void {
  const problem = nestingProblem(parent, child);
  if (problem) throw new AppError(problem, { type: parent ?? '' });
}

/**
 * Adds a form (no parent), a control (under a form or composite) or a column (under a grid) at the end
 * of its siblings. Answers the new node's id and the page with its tree.
 * @throws apppage.not_found, apppage.node_not_found (parent not on this page), the nesting and
 *   duplicate codes, apppage.api_unknown, field validation codes
 */
export async function addNode(tx: Tx, request: FastifyRequest, productId: string, b: AppNodeAddBody): Promise<AppPageDetail & { id: string }> {
  await lockPage(tx, productId, b.pageId);
  const parentId = b.parentId?.trim() || null;
  const parent = parentId ? await repo.findNodeById(tx, productId, parentId) : undefined;
  if (parentId && (!parent || parent.pageId !== b.pageId)) throw new AppError(AppPageCodes.NODE_NOT_FOUND);
  assertNesting((parent?.nodeType as PageNodeTypeValue | undefined) ?? null, b.nodeType);
  const values = checkNodeValues(b.nodeType, b);
  await assertApisOfApp(tx, productId, [...values.loadApiIds, ...values.saveApiIds]);
  const siblings = await repo.listSiblings(tx, b.pageId, parentId);
  assertNoDuplicate({ nodeType: b.nodeType, name: values.name, fieldName: values.fieldName }, siblings);
  const id = randomUUID();
  const sort = siblings.reduce((m, s) => Math.max(m, s.sort + 1), 0);
  await repo.insertNodes(tx, [{ id, productId, pageId: b.pageId, parentId, nodeType: b.nodeType, sort, ...values }]);
  const page = await touch(tx, productId, b.pageId);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.node_add',
    entity: 'apppage',
    entityId: page.id,
    after: { id, parentId, nodeType: b.nodeType, ...values },
  });
  return { id, ...(await pageDetail(tx, productId, page)) };
}

/**
 * Saves a node's settings (control settings form, grid column, function definitions); `nodeType` changes
 * a control's type while it has no children and the nesting rules still hold.
 * @throws apppage.node_not_found, apppage.type_fixed, nesting/duplicate codes, apppage.api_unknown
 */
export async function editNode(tx: Tx, request: FastifyRequest, productId: string, b: AppNodeEditBody): Promise<AppPageDetail> {
  const { node, page } = await lockNode(tx, productId, b.id);
  const current = node.nodeType as PageNodeTypeValue;
  const nodeType = b.nodeType ?? current;
  const rows = await repo.listNodesOfPage(tx, productId, page.id);
  if (nodeType !== current) {
    if (current === 'form' || current === 'column' || rows.some((r) => r.parentId === node.id)) throw new AppError(AppPageCodes.TYPE_FIXED);
    const parent = rows.find((r) => r.id === node.parentId);
    assertNesting((parent?.nodeType as PageNodeTypeValue | undefined) ?? null, nodeType);
  }
  const values = checkNodeValues(nodeType, b);
  await assertApisOfApp(tx, productId, [...values.loadApiIds, ...values.saveApiIds]);
  assertNoDuplicate(
    { id: node.id, nodeType, name: values.name, fieldName: values.fieldName },
    rows.filter((r) => r.parentId === node.parentId),
  );
  await repo.updateNodeById(tx, productId, node.id, { nodeType, ...values });
  const touched = await touch(tx, productId, page.id);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.node_edit',
    entity: 'apppage',
    entityId: page.id,
    before: { id: node.id, nodeType: current, name: node.name },
    after: { id: node.id, nodeType, ...values },
  });
  return pageDetail(tx, productId, touched);
}

/**
 * Deletes a node with its descendants. When roles (any tenant) hold grants on them and `confirm` is not
 * true, nothing changes and the answer says how many roles (SPEC §4 "deleting a control with permission
 * configuration asks confirmation"); confirmed, the grants go by trigger.
 */
export async function deleteNode(tx: Tx, request: FastifyRequest, productId: string, b: AppNodeDeleteBody): Promise<ConfirmOutcome> {
  const { node, page } = await lockNode(tx, productId, b.id);
  const rows = await repo.listNodesOfPage(tx, productId, page.id);
  const ids = subtreeIds(rows, node.id);
  const roles = await repo.countRolesGranted(tx, ids);
  if (roles > 0 && b.confirm !== true) return { confirmRequired: true, roles, count: 0 };
  await repo.deleteNodesByIds(tx, productId, [node.id]);
  await touch(tx, productId, page.id);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.node_delete',
    entity: 'apppage',
    entityId: page.id,
    before: { id: node.id, nodeType: node.nodeType, name: node.name, descendants: ids.length - 1, roles },
  });
  return { confirmRequired: false, roles, count: ids.length };
}

/**
 * Moves a node under `parentId` ('' = the top level) of the same page, at `index` among its new siblings
 * (renumbering their `sort`). The nesting and duplicate rules hold as for a new node.
 * @throws apppage.move_invalid (under itself or a descendant, or another page's node)
 */
export async function moveNode(tx: Tx, request: FastifyRequest, productId: string, b: AppNodeMoveBody): Promise<AppPageDetail> {
  const { node, page } = await lockNode(tx, productId, b.id);
  const rows = await repo.listNodesOfPage(tx, productId, page.id);
  const parentId = b.parentId.trim() || null;
  const parent = parentId ? rows.find((r) => r.id === parentId) : undefined;
  if (parentId && !parent) throw new AppError(AppPageCodes.MOVE_INVALID);
  if (parentId && subtreeIds(rows, node.id).includes(parentId)) throw new AppError(AppPageCodes.MOVE_INVALID);
  assertNesting((parent?.nodeType as PageNodeTypeValue | undefined) ?? null, node.nodeType as PageNodeTypeValue);
  const siblings = rows.filter((r) => r.parentId === parentId && r.id !== node.id).sort((x, y) => x.sort - y.sort);
  assertNoDuplicate({ id: node.id, nodeType: node.nodeType, name: node.name, fieldName: node.fieldName }, siblings);
  siblings.splice(Math.min(b.index, siblings.length), 0, node);
  for (const [i, s] of siblings.entries()) {
    if (s.id === node.id) await repo.updateNodeById(tx, productId, s.id, { parentId, sort: i });
    else if (s.sort !== i) await repo.updateNodeById(tx, productId, s.id, { sort: i });
  }
  const touched = await touch(tx, productId, page.id);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.node_move',
    entity: 'apppage',
    entityId: page.id,
    before: { id: node.id, parentId: node.parentId, sort: node.sort },
    after: { id: node.id, parentId, index: b.index },
  });
  return pageDetail(tx, productId, touched);
}
