/**
 * Grant statements of application roles and permission templates (issue 15; docs/applications.md
 * "Application roles and permission templates"): `app_role_grants` and `app_template_grants`, both rows of
 * (owner, kind 'appmenu' | 'appcontrol' | 'appapi', data_id, purview). Every statement filters by
 * `product_id`. Template sync (`syncRolesOfTemplates`) rewrites the grants of every role following the
 * templates in two statements, inside the caller's transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppGrantKindValue } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { appRoleGrants, appTemplateGrants } from '../../db/schema/index.js';

/** Whose grants: a role's or a template's. */
export interface GrantOwner {
  type: 'role' | 'template';
  id: string;
}

/** One grant of an application item. */
export interface OwnerGrant {
  kind: AppGrantKindValue;
  dataId: string;
  purview: number;
}

const tableOf = (o: GrantOwner) =>
  o.type === 'role'
    ? {
        t: appRoleGrants,
        owner: appRoleGrants.roleId,
        kind: appRoleGrants.kind,
        dataId: appRoleGrants.dataId,
        purview: appRoleGrants.purview,
        productId: appRoleGrants.productId,
      }
    : {
        t: appTemplateGrants,
        owner: appTemplateGrants.templateId,
        kind: appTemplateGrants.kind,
        dataId: appTemplateGrants.dataId,
        purview: appTemplateGrants.purview,
        productId: appTemplateGrants.productId,
      };

/** The owner's grants of `kinds`. */
export async function listOwnerGrants(tx: Tx, productId: string, o: GrantOwner, kinds: readonly AppGrantKindValue[]): Promise<OwnerGrant[]> {
  const c = tableOf(o);
  const rows = await tx
    .select({ kind: c.kind, dataId: c.dataId, purview: c.purview })
    .from(c.t)
    .where(and(eq(c.productId, productId), eq(c.owner, o.id), inArray(c.kind, [...kinds])))
    .orderBy(c.kind, c.dataId);
  return rows as OwnerGrant[];
}

/** Replaces the owner's grants of `kinds` with `items` (checked by the caller). Two statements. */
export async function replaceOwnerGrants(tx: Tx, productId: string, o: GrantOwner, kinds: readonly AppGrantKindValue[], items: OwnerGrant[]): Promise<void> {
  const c = tableOf(o);
  await tx.delete(c.t).where(and(eq(c.productId, productId), eq(c.owner, o.id), inArray(c.kind, [...kinds])));
  if (!items.length) return;
  if (o.type === 'role') await tx.insert(appRoleGrants).values(items.map((i) => ({ roleId: o.id, productId, ...i })));
  else await tx.insert(appTemplateGrants).values(items.map((i) => ({ templateId: o.id, productId, ...i })));
}

/**
 * Makes the grants of `roleIds` (or, without them, of every role following one of `templateIds` in
 * 'sync' mode) equal to their template's grants. Two statements; returns the roles rewritten.
 */
export async function copyTemplateGrants(tx: Tx, productId: string, templateIds: string[], roleIds?: string[]): Promise<string[]> {
  if (!templateIds.length) return [];
  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const which = roleIds ? sql`r.id in (${list(roleIds)})` : sql`r.template_id in (${list(templateIds)}) and r.template_mode = 'sync'`;
  const roles = rowsOf<{ id: string }>(
    await tx.execute(sql`
    delete from app_role_grants g using app_roles r
    where g.role_id = r.id and r.product_id = ${productId} and ${which} returning r.id`),
  );
  const written = rowsOf<{ id: string }>(
    await tx.execute(sql`
    insert into app_role_grants (role_id, product_id, kind, data_id, purview)
    select r.id, r.product_id, g.kind, g.data_id, g.purview
    from app_roles r join app_template_grants g on g.template_id = r.template_id and g.product_id = r.product_id
    where r.product_id = ${productId} and ${which} returning role_id as id`),
  );
  return [...new Set([...roles, ...written].map((r) => r.id))];
}
