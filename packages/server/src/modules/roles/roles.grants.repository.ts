/**
 * Grants of data roles (SPEC §3 Grant item; §6 "each role receives menu, organisation-type and
 * organisation-tree grants, scoped to a tenant"; table role_grants). A grant set of one kind (and, for
 * organisation grants, one category) is always replaced whole.
 */
import { and, eq, sql } from 'drizzle-orm';
import { GrantKind, Purview, type GrantKindValue } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { roleGrants, roles, roleUsers } from '../../db/schema/index.js';

export interface GrantRecord {
  dataId: string;
  purview: number;
}

/** The role's grants of `kind` (and `orgCategory` for organisation grants). */
export async function listGrants(tx: Tx, tenantId: string, roleId: string, kind: GrantKindValue, orgCategory = 0): Promise<GrantRecord[]> {
  return tx
    .select({ dataId: roleGrants.dataId, purview: roleGrants.purview })
    .from(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId), eq(roleGrants.kind, kind), eq(roleGrants.orgCategory, orgCategory)));
}

/** Replaces the role's grants of `kind` / `orgCategory` with `items` (callers validated them). */
export async function replaceGrants(tx: Tx, tenantId: string, roleId: string, kind: GrantKindValue, orgCategory: number, items: GrantRecord[]): Promise<void> {
  await tx
    .delete(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId), eq(roleGrants.kind, kind), eq(roleGrants.orgCategory, orgCategory)));
  if (items.length) {
    await tx.insert(roleGrants).values(items.map((i) => ({ tenantId, roleId, kind, orgCategory, dataId: i.dataId, purview: i.purview })));
  }
}

/**
 * The menus granted with read to the enabled roles `userId` is a member of in the tenant, each with the
 * union of its permission bits over those roles (SPEC §6: the tenant menu derives from the role-based
 * menu list; 1 read, 2 write = the menu's controls). Uses role_users (tenant, user) and the grants key.
 */
export async function listMenuPurviewsOfUser(tx: Tx, tenantId: string, userId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: roleGrants.dataId, purview: sql<number>`bit_or(${roleGrants.purview})` })
    .from(roleGrants)
    .innerJoin(roleUsers, and(eq(roleUsers.tenantId, roleGrants.tenantId), eq(roleUsers.roleId, roleGrants.roleId)))
    .innerJoin(roles, and(eq(roles.tenantId, roleGrants.tenantId), eq(roles.id, roleGrants.roleId)))
    .where(
      and(
        eq(roleGrants.tenantId, tenantId),
        eq(roleUsers.userId, userId),
        eq(roleGrants.kind, GrantKind.MENU),
        eq(roles.status, 1),
        sql`(${roleGrants.purview} & ${Purview.READ}) <> 0`,
      ),
    )
    .groupBy(roleGrants.dataId);
  return new Map(rows.map((r) => [r.id, Number(r.purview)]));
}
