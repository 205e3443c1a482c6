/**
 * Permission templates of an application (issue 15; SPEC §2 "permission configuration from a template
 * tree"; §5 'root node does not support permission configuration', 'template must be selected before
 * permission configuration'; docs/applications.md "Application roles and permission templates"): a tree
 * of named grant sets under a virtual root '0' (parent_id null; the root carries the application's name
 * and is not configurable, movable nor deletable). Names ≤ 30, unique among siblings case-insensitively
 * (race-safe through the unique index); description ≤ 200. Saving a template's grants rewrites, in the
 * same transaction, the grants of every role following it (`sync`). Deleting a template deletes its
 * subtree; roles that followed one of them keep their grants as their own copy. Audited `apptemplate.*`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  APP_TEMPLATE_ROOT,
  APP_TEMPLATE_RULES,
  AppTemplateCodes,
  type AppGrantItem,
  type AppPermissionNode,
  type AppTemplateAddBody,
  type AppTemplateEditBody,
  type AppTemplateNode,
  type AppTreeKind,
} from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { appPermissionTemplates, appRoles } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { copyTemplateGrants } from './approles.grants.repository.js';
import { ownerTree, saveOwnerGrants } from './approles.grants.js';

type TemplateRecord = typeof appPermissionTemplates.$inferSelect;

/**
 * Serialises the application's template tree changes and every write of role or template grants (one
 * statement; a transaction-scoped advisory lock per application), so a template's sync and a role's apply
 * or own save never interleave (docs/applications.md "Application roles and permission templates").
 */
export async function lockTree(tx: Tx, productId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('apptemplate:' || ${productId}))`);
}

/**
 * The template `id` of the application, for configuration or change: '' → apptemplate.required, '0' →
 * apptemplate.root, unknown or another application's → apptemplate.not_found.
 */
export async function getTemplate(tx: Tx, productId: string, id: string): Promise<TemplateRecord> {
  const tid = id.trim();
  if (!tid) throw new AppError(AppTemplateCodes.REQUIRED);
  if (tid === APP_TEMPLATE_ROOT) throw new AppError(AppTemplateCodes.ROOT);
  const [t] = await tx
    .select()
    .from(appPermissionTemplates)
    .where(and(eq(appPermissionTemplates.productId, productId), eq(appPermissionTemplates.id, tid)));
  if (!t) throw new AppError(AppTemplateCodes.NOT_FOUND);
  return t;
}

/** `treeapptemplate`: the root (the application's name) with the templates, siblings by sort and name. */
export async function templateTree(tx: Tx, app: AppContext): Promise<AppTemplateNode> {
  const rows = await tx
    .select({
      id: appPermissionTemplates.id,
      parentId: appPermissionTemplates.parentId,
      name: appPermissionTemplates.name,
      description: appPermissionTemplates.description,
      syncRoles: sql<number>`(select count(*)::int from app_roles r where r.template_id = ${appPermissionTemplates.id} and r.template_mode = 'sync')`,
    })
    .from(appPermissionTemplates)
    .where(eq(appPermissionTemplates.productId, app.id))
    .orderBy(asc(appPermissionTemplates.sort), asc(appPermissionTemplates.name), asc(appPermissionTemplates.id));
  const byParent = new Map<string, typeof rows>();
  for (const r of rows) byParent.set(r.parentId ?? APP_TEMPLATE_ROOT, [...(byParent.get(r.parentId ?? APP_TEMPLATE_ROOT) ?? []), r]);
  const build = (parentId: string): AppTemplateNode[] =>
    (byParent.get(parentId) ?? []).map((r) => ({
      id: r.id,
      parentId,
      name: r.name,
      description: r.description,
      syncRoles: r.syncRoles,
      children: build(r.id),
    }));
  return { id: APP_TEMPLATE_ROOT, parentId: '', name: app.name, description: '', syncRoles: 0, children: build(APP_TEMPLATE_ROOT) };
}

/** Checks the name and description; the parent is checked by the caller. */
function checkFields(b: { name: string; description?: string | undefined }) {
  return {
    name: checkText('name', b.name, { required: true, max: APP_TEMPLATE_RULES.name.max }),
    description: checkText('description', b.description, { max: APP_TEMPLATE_RULES.description.max }),
  };
}

/** The sibling named `name` (case-insensitively) under `parentId` (null = root), other than `exceptId`. */
async function assertNameFree(tx: Tx, productId: string, parentId: string | null, name: string, exceptId?: string) {
  const [dup] = await tx
    .select({ id: appPermissionTemplates.id })
    .from(appPermissionTemplates)
    .where(
      and(
        eq(appPermissionTemplates.productId, productId),
        parentId ? eq(appPermissionTemplates.parentId, parentId) : isNull(appPermissionTemplates.parentId),
        sql`lower(${appPermissionTemplates.name}) = lower(${name})`,
        exceptId ? sql`${appPermissionTemplates.id} <> ${exceptId}` : undefined,
      ),
    );
  if (dup) throw new AppError(AppTemplateCodes.NAME_IN_USE, { name });
}

const nameRace = (name: string) => ({ app_permission_templates_name_uq: new AppError(AppTemplateCodes.NAME_IN_USE, { name }) });

/** The parent of a new or moved template: '0' → null (root), else a template of the application. */
async function parentOf(tx: Tx, productId: string, parentId: string): Promise<string | null> {
  if (parentId === APP_TEMPLATE_ROOT) return null;
  const [p] = await tx
    .select({ id: appPermissionTemplates.id })
    .from(appPermissionTemplates)
    .where(and(eq(appPermissionTemplates.productId, productId), eq(appPermissionTemplates.id, parentId)));
  if (!p) throw new AppError(AppTemplateCodes.NOT_FOUND);
  return p.id;
}

/** Next sort value among the children of `parentId`. */
async function nextSort(tx: Tx, productId: string, parentId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${appPermissionTemplates.sort}) + 1, 0)::int` })
    .from(appPermissionTemplates)
    .where(
      and(eq(appPermissionTemplates.productId, productId), parentId ? eq(appPermissionTemplates.parentId, parentId) : isNull(appPermissionTemplates.parentId)),
    );
  return row?.n ?? 0;
}

/** `addapptemplate`. @throws validation.*, apptemplate.not_found (parent), apptemplate.name_in_use. */
export async function addTemplate(tx: Tx, request: FastifyRequest, app: AppContext, b: AppTemplateAddBody): Promise<{ id: string }> {
  const f = checkFields(b);
  await lockTree(tx, app.id);
  const parentId = await parentOf(tx, app.id, b.parentId.trim());
  await assertNameFree(tx, app.id, parentId, f.name);
  const id = randomUUID();
  const sort = await nextSort(tx, app.id, parentId);
  await withUniqueErrors(nameRace(f.name), () =>
    tx.insert(appPermissionTemplates).values({
      id,
      productId: app.id,
      parentId,
      ...f,
      sort,
      creator: request.auth?.username ?? '',
    }),
  );
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'apptemplate.add',
    entity: 'apptemplate',
    entityId: id,
    after: { productId: app.id, parentId, ...f },
  });
  return { id };
}

/** `editapptemplate`. @throws as addTemplate, apptemplate.root, apptemplate.not_found. */
export async function editTemplate(tx: Tx, request: FastifyRequest, app: AppContext, b: AppTemplateEditBody): Promise<{ id: string }> {
  const f = checkFields(b);
  const t = await getTemplate(tx, app.id, b.id);
  await assertNameFree(tx, app.id, t.parentId, f.name, t.id);
  await withUniqueErrors(nameRace(f.name), () =>
    tx
      .update(appPermissionTemplates)
      .set({ ...f, updatedAt: new Date() })
      .where(eq(appPermissionTemplates.id, t.id)),
  );
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'apptemplate.edit',
    entity: 'apptemplate',
    entityId: t.id,
    before: { name: t.name, description: t.description },
    after: f,
  });
  return { id: t.id };
}

/** Ids of the template and its subtree (one statement). */
async function subtreeIds(tx: Tx, productId: string, id: string): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`
    with recursive s(id) as (select id from app_permission_templates where id = ${id} and product_id = ${productId}
      union select t.id from app_permission_templates t join s on t.parent_id = s.id)
    select id from s`),
  ).map((r) => r.id);
}

/**
 * `deleteapptemplate`: the template and its subtree; roles following one keep their grants as a copy.
 * @throws apptemplate.root, apptemplate.not_found.
 */
export async function deleteTemplate(tx: Tx, request: FastifyRequest, app: AppContext, id: string): Promise<{ count: number }> {
  await lockTree(tx, app.id);
  const t = await getTemplate(tx, app.id, id);
  const ids = await subtreeIds(tx, app.id, t.id);
  await tx
    .update(appRoles)
    .set({ templateMode: 'copy' })
    .where(and(eq(appRoles.productId, app.id), inArray(appRoles.templateId, ids)));
  await tx.delete(appPermissionTemplates).where(and(eq(appPermissionTemplates.productId, app.id), inArray(appPermissionTemplates.id, ids)));
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'apptemplate.delete',
    entity: 'apptemplate',
    entityId: t.id,
    before: { name: t.name, subtree: ids },
  });
  return { count: ids.length };
}

/** `moveapptemplate`: to the end of `parentId`'s children. @throws apptemplate.root, .not_found, .move_cycle, .name_in_use. */
export async function moveTemplate(tx: Tx, request: FastifyRequest, app: AppContext, id: string, parentId: string): Promise<{ id: string }> {
  await lockTree(tx, app.id);
  const t = await getTemplate(tx, app.id, id);
  const target = await parentOf(tx, app.id, parentId.trim());
  if (target && (await subtreeIds(tx, app.id, t.id)).includes(target)) throw new AppError(AppTemplateCodes.MOVE_CYCLE);
  await assertNameFree(tx, app.id, target, t.name, t.id);
  const sort = await nextSort(tx, app.id, target);
  await withUniqueErrors(nameRace(t.name), () =>
    tx.update(appPermissionTemplates).set({ parentId: target, sort, updatedAt: new Date() }).where(eq(appPermissionTemplates.id, t.id)),
  );
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'apptemplate.move',
    entity: 'apptemplate',
    entityId: t.id,
    before: { parentId: t.parentId },
    after: { parentId: target },
  });
  return { id: t.id };
}

/** `apptemplatepurview`: the template's tree with its bits. @throws apptemplate.required, .root, .not_found. */
export async function templatePurview(tx: Tx, request: FastifyRequest, app: AppContext, templateId: string, tree: AppTreeKind): Promise<AppPermissionNode[]> {
  const t = await getTemplate(tx, app.id, templateId);
  return ownerTree(tx, request, app, { type: 'template', id: t.id }, tree);
}

/**
 * `saveapptemplatepurview`: replaces the template's grants of the tree, then (same transaction) the grants
 * of every role following it. Returns `{ count, roles }` (items kept, roles rewritten).
 * @throws as templatePurview and saveOwnerGrants.
 */
export async function saveTemplatePurview(tx: Tx, request: FastifyRequest, app: AppContext, templateId: string, tree: AppTreeKind, items: AppGrantItem[]) {
  await lockTree(tx, app.id);
  const t = await getTemplate(tx, app.id, templateId);
  const { count } = await saveOwnerGrants(tx, request, app, { type: 'template', id: t.id, code: t.name }, tree, items);
  const roles = await copyTemplateGrants(tx, app.id, [t.id]);
  return { count, roles: roles.length };
}
