/**
 * Organisation management and the element library (SPEC §2 orgManagement, baseOrgManagement, §3
 * Organisation, §5 Organisation; docs/organisations.md): list, add, edit, enable/disable, delete, move
 * a subtree (choose parent) and take a leaf out of the tree. Every write is checked by ORG_RULES, runs in
 * the caller's one transaction, is audited (before/after) and stays inside the caller's data scope
 * (`assertOrgsInScope`, 10009029001); a refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  Codes,
  ORG_RULES,
  OrganisationCodes,
  pageInfo,
  type OrgAddBody,
  type OrgEditBody,
  type OrgListBody,
  type OrgMoveBody,
  type Paged,
  type TenantOrgRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { assertOrgsInScope, type DataScope } from '../tenancy/data-scope.js';
import * as repo from './organisations.manage.repository.js';
import { getOrgNode, toOrgRow } from './organisations.tree.service.js';
import type { OrganisationRecord } from './organisations.tree.repository.js';

/** The caller's tenant and scope, and the request (for the audit). */
export interface OrgCaller {
  tenantId: string;
  scope: DataScope;
  request: FastifyRequest;
}

/** The checked fields of an organisation form. */
export interface OrgFields {
  code: string;
  name: string;
  description: string;
  type: number;
  sort: number;
  status: 0 | 1;
}

/**
 * Checks a form's (or an imported row's) fields by SPEC §5 Organisation: name, code, status, type
 * required; name ≤ 50 without single quotes or angle brackets; code ≤ 50 of letters, digits, `_`, `-`;
 * description ≤ 200; type 0–6; sort an integer 0–999999 (0 when absent). No database access.
 * @throws validation.required / too_long / script_tag, organisation.name_pattern, code_pattern, type_invalid, sort_invalid
 */
export function checkOrgFields(b: {
  code?: string | null;
  name?: string | null;
  description?: string | null;
  type?: number | null;
  sort?: number | null;
  status?: number | null;
}): OrgFields {
  const name = checkText('name', b.name, {
    required: true,
    max: ORG_RULES.name.max,
    pattern: ORG_RULES.name.pattern,
    patternCode: OrganisationCodes.NAME_PATTERN,
  });
  const code = checkText('code', b.code, {
    required: true,
    max: ORG_RULES.code.max,
    pattern: ORG_RULES.code.pattern,
    patternCode: OrganisationCodes.CODE_PATTERN,
  });
  const description = checkText('description', b.description, { max: ORG_RULES.description.max });
  if (b.type === undefined || b.type === null || !Number.isInteger(b.type) || b.type < ORG_RULES.type.min || b.type > ORG_RULES.type.max)
    throw new AppError(OrganisationCodes.TYPE_INVALID);
  const sort = b.sort ?? 0;
  if (!Number.isInteger(sort) || sort < ORG_RULES.sort.min || sort > ORG_RULES.sort.max) throw new AppError(OrganisationCodes.SORT_INVALID);
  if (b.status !== 0 && b.status !== 1) throw new AppError(Codes.REQUIRED, { fieldKey: 'status' });
  return { code, name, description, type: b.type, sort, status: b.status };
}

/** The audited fields of an organisation. */
export function audited(r: Partial<OrganisationRecord>) {
  return { code: r.code, name: r.name, description: r.description, type: r.type, sort: r.sort, status: r.status, parentId: r.parentId, category: r.category };
}

/** True when `r` is placed in the tenant's tree (the root or below it). */
export function inTree(r: OrganisationRecord, tenantId: string): boolean {
  return r.path.startsWith(`/${tenantId}/`);
}

/** The organisation `id` of the tenant inside the caller's scope. @throws organisation.not_found, 10009029001 */
async function getForWrite(tx: Tx, c: OrgCaller, id: string): Promise<OrganisationRecord> {
  const r = await repo.findOrgById(tx, c.tenantId, id);
  if (!r) throw new AppError(OrganisationCodes.NOT_FOUND);
  await assertOrgsInScope(tx, c.scope, [r.id]);
  return r;
}

/** A parent for `addorg` / `moveorg`: an organisation of the tenant's tree. @throws organisation.parent_not_found */
async function getParent(tx: Tx, tenantId: string, parentId: string): Promise<OrganisationRecord> {
  const p = await repo.findOrgById(tx, tenantId, parentId);
  if (!p || !inTree(p, tenantId)) throw new AppError(OrganisationCodes.PARENT_NOT_FOUND);
  return p;
}

/** `listorg`: one page of the grid in the caller's scope. @throws organisation.not_found for an invisible `parentId`. */
export async function listOrgPage(tx: Tx, c: Omit<OrgCaller, 'request'>, q: OrgListBody): Promise<Paged<TenantOrgRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const under = q.parentId?.trim() ? await getOrgNode(tx, c.tenantId, c.scope, q.parentId.trim()) : undefined;
  const { rows, records } = await repo.listOrgRows(tx, { ...q, tenantId: c.tenantId, scope: c.scope, under, page, pageSize });
  return { rows: rows.map((r) => toOrgRow(r, c.tenantId)), ...pageInfo(page, pageSize, records) };
}

/**
 * `addorg`: a new organisation under `parentId` (it takes the parent's category), or a single one.
 * @throws the field checks, organisation.parent_not_found, organisation.code_in_use, 10009029001 (parent or the new organisation outside the scope)
 */
export async function addOrg(tx: Tx, c: OrgCaller, b: OrgAddBody): Promise<{ id: string }> {
  const v = checkOrgFields(b);
  const parentId = b.parentId?.trim() || null;
  const parent = parentId ? await getParent(tx, c.tenantId, parentId) : undefined;
  const category = parent && parent.id !== c.tenantId ? parent.category : (b.category ?? 0);
  const inUse = new AppError(OrganisationCodes.CODE_IN_USE, { code: v.code });
  if (await repo.findOrgByCode(tx, c.tenantId, category, v.code)) throw inUse;
  const id = randomUUID();
  const creator = c.request.auth?.username ?? '';
  await withUniqueErrors({ organisations_tenant_code_uq: inUse }, () => repo.insertOrg(tx, { id, tenantId: c.tenantId, parentId, category, creator, ...v }));
  await assertOrgsInScope(tx, c.scope, [parentId, id]);
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.add',
    entity: 'organisation',
    entityId: id,
    after: audited({ ...v, parentId, category }),
  });
  return { id };
}

/**
 * `editorg`: changes the fields (not the place in the tree). The root cannot be disabled.
 * @throws organisation.not_found, the field checks, code_in_use, root_fixed, 10009029001 (before or after the change outside the scope)
 */
export async function editOrg(tx: Tx, c: OrgCaller, b: OrgEditBody): Promise<{ id: string }> {
  const before = await getForWrite(tx, c, b.id);
  const v = checkOrgFields(b);
  if (before.id === c.tenantId && v.status !== 1) throw new AppError(OrganisationCodes.ROOT_FIXED);
  const inUse = new AppError(OrganisationCodes.CODE_IN_USE, { code: v.code });
  if (await repo.findOrgByCode(tx, c.tenantId, before.category, v.code, before.id)) throw inUse;
  await withUniqueErrors({ organisations_tenant_code_uq: inUse }, () => repo.updateOrgById(tx, c.tenantId, before.id, v));
  await assertOrgsInScope(tx, c.scope, [before.id]);
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.edit',
    entity: 'organisation',
    entityId: before.id,
    before: audited(before),
    after: audited({ ...before, ...v }),
  });
  return { id: before.id };
}

/** Every id of `ids` in the tenant and the caller's scope. @throws organisation.not_found, 10009029001 */
async function getManyForWrite(tx: Tx, c: OrgCaller, ids: string[]): Promise<OrganisationRecord[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findOrgsByIds(tx, c.tenantId, unique);
  if (found.length !== unique.length) throw new AppError(OrganisationCodes.NOT_FOUND);
  await assertOrgsInScope(tx, c.scope, unique);
  return found;
}

/** `statusorg`: enables (1) or disables (0) organisations, all or none; the root stays enabled. */
export async function setOrgsStatus(tx: Tx, c: OrgCaller, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const found = await getManyForWrite(tx, c, ids);
  if (status === 0 && found.some((r) => r.id === c.tenantId)) throw new AppError(OrganisationCodes.ROOT_FIXED);
  await repo.updateOrgsStatus(
    tx,
    c.tenantId,
    found.map((r) => r.id),
    status,
  );
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.status',
    entity: 'organisation',
    entityId: found.map((r) => r.id).join(','),
    before: found.map((r) => ({ id: r.id, status: r.status })),
    after: { status },
  });
  return { count: found.length };
}

/**
 * `deleteorg`: deletes organisations, all or none. Refused for the root, and while one still has
 * sub-organisations (not deleted with it), users, positions or roles — the message says which.
 * @throws organisation.not_found, root_fixed, has_children, has_users, has_stations, has_roles (params: name), 10009029001
 */
export async function deleteOrgs(tx: Tx, c: OrgCaller, ids: string[]): Promise<{ count: number }> {
  const found = await getManyForWrite(tx, c, ids);
  if (found.some((r) => r.id === c.tenantId)) throw new AppError(OrganisationCodes.ROOT_FIXED);
  const all = found.map((r) => r.id);
  const nameOf = (id: string) => found.find((r) => r.id === id)?.name ?? '';
  const withChildren = await repo.findOrgWithChildren(tx, c.tenantId, all);
  if (withChildren) throw new AppError(OrganisationCodes.HAS_CHILDREN, { name: nameOf(withChildren) });
  const inUse = await repo.findOrgInUse(tx, c.tenantId, all);
  if (inUse) {
    const code = { users: OrganisationCodes.HAS_USERS, stations: OrganisationCodes.HAS_STATIONS, roles: OrganisationCodes.HAS_ROLES }[inUse.what];
    throw new AppError(code, { name: nameOf(inUse.id) });
  }
  const count = await repo.deleteOrgsByIds(tx, c.tenantId, all);
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.delete',
    entity: 'organisation',
    entityId: all.join(','),
    before: found.map((r) => ({ id: r.id, ...audited(r) })),
  });
  return { count };
}

/**
 * `moveorg` (choose-parent dialog, SPEC §5 Relation): places the organisation with its subtree under
 * `parentId` — required, in the tree, of the same category (or the root), never the organisation itself
 * or a descendant; the root has no parent and cannot move. A single organisation joins the tree this
 * way. The database trigger rewrites the subtree's paths in the same transaction.
 * @throws organisation.parent_required, not_found, root_fixed, parent_not_found, parent_cycle, 10009029001
 */
export async function moveOrg(tx: Tx, c: OrgCaller, b: OrgMoveBody): Promise<{ id: string }> {
  const parentId = b.parentId.trim();
  if (!parentId) throw new AppError(OrganisationCodes.PARENT_REQUIRED);
  const before = await getForWrite(tx, c, b.id);
  if (before.id === c.tenantId) throw new AppError(OrganisationCodes.ROOT_FIXED);
  if (parentId === before.id) throw new AppError(OrganisationCodes.PARENT_CYCLE);
  const parent = await getParent(tx, c.tenantId, parentId);
  if (parent.path.startsWith(before.path)) throw new AppError(OrganisationCodes.PARENT_CYCLE);
  if (parent.id !== c.tenantId && parent.category !== before.category) throw new AppError(OrganisationCodes.PARENT_NOT_FOUND);
  await assertOrgsInScope(tx, c.scope, [before.id, parent.id]);
  if (before.parentId !== parent.id) await repo.updateOrgById(tx, c.tenantId, before.id, { parentId: parent.id });
  await assertOrgsInScope(tx, c.scope, [before.id]);
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.move',
    entity: 'organisation',
    entityId: before.id,
    before: { parentId: before.parentId, path: before.path },
    after: { parentId: parent.id, path: `${parent.path}${before.id}/` },
  });
  return { id: before.id };
}

/**
 * `detachorg` ("take out of the tree"): a leaf of the tree becomes a single organisation again.
 * @throws organisation.not_found, root_fixed, not_in_tree, detach_has_children (params: name), 10009029001 (also when it would leave the caller's scope)
 */
export async function detachOrg(tx: Tx, c: OrgCaller, id: string): Promise<{ id: string }> {
  const before = await getForWrite(tx, c, id);
  if (before.id === c.tenantId) throw new AppError(OrganisationCodes.ROOT_FIXED);
  if (!inTree(before, c.tenantId)) throw new AppError(OrganisationCodes.NOT_IN_TREE);
  if (await repo.findOrgWithChildren(tx, c.tenantId, [before.id])) throw new AppError(OrganisationCodes.DETACH_HAS_CHILDREN, { name: before.name });
  await repo.updateOrgById(tx, c.tenantId, before.id, { parentId: null });
  await assertOrgsInScope(tx, c.scope, [before.id]);
  await insertAuditEntry(tx, c.request, {
    tenantId: c.tenantId,
    action: 'organisation.detach',
    entity: 'organisation',
    entityId: before.id,
    before: { parentId: before.parentId, path: before.path },
    after: { parentId: null, path: `/${before.id}/` },
  });
  return { id: before.id };
}
