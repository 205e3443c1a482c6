/**
 * Organisation and user mappings (SPEC §2 orgMappingManagement, employeeMappingManagement): lookups,
 * paged lists and writes in SQL, limited to the caller's data scope (modules/tenancy/data-scope.ts).
 * Every function names the tenant and runs inside `inScope`, so row-level security also holds.
 *
 * Indexes: `org_mappings_org_uq` (tenant_id, product_id, org_id) and `org_mappings_code_uq`
 * (tenant_id, product_id, lower(external_code)) back the uniqueness checks and the application filter;
 * `org_mappings_tenant_updated_idx` the default order; the organisation filter is a subtree of
 * `organisations_tenant_path_idx`. The same for user mappings (user_mappings_*), the user filter going
 * through `users_tenant_org_idx`. Wanted (migration not added, docs/tenant-apps.md): (tenant_id, org_id)
 * on org_mappings and (tenant_id, user_id) on user_mappings for the organisation filter of large tenants.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ORG_MAPPING_SORT_FIELDS, USER_MAPPING_SORT_FIELDS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { orderTerms, type SortColumns } from '../../lib/sort.js';
import { organisations, orgMappings, products, tenantProducts, userMappings, users } from '../../db/schema/index.js';
import { orgIdInScope, pathInSubtree, type DataScope } from '../tenancy/data-scope.js';
import { appCode, appName } from '../apptenants/apptenants.repository.js';

export type OrgMappingRecord = typeof orgMappings.$inferSelect;
export type UserMappingRecord = typeof userMappings.$inferSelect;

/** "`orgColumn` is `orgId` or (with `subtree`) inside its subtree", in the tenant; false for an unknown organisation. */
function orgFilter(tenantId: string, orgColumn: SQLWrapper, orgId: string, subtree: boolean): SQL {
  if (!subtree) return sql`${orgColumn} = ${orgId}`;
  return sql`${orgColumn} in (select o.id from ${organisations} o where o.tenant_id = ${tenantId}
    and ${pathInSubtree(sql.raw('o.path'), sql`(select p.path from ${organisations} p where p.tenant_id = ${tenantId} and p.id = ${orgId})`)})`;
}

const appJoin = (productIdColumn: SQLWrapper, tenantIdColumn: SQLWrapper) =>
  sql`${tenantProducts.tenantId} = ${tenantIdColumn} and ${tenantProducts.productId} = ${productIdColumn}`;

// ---------------------------------------------------------------- organisation mappings

export interface OrgMappingListRecord extends OrgMappingRecord {
  appName: string | null;
  appCode: string | null;
  orgName: string | null;
  orgCode: string | null;
}

/**
 * A page of the tenant's organisation mappings inside `scope`: `productId` exact, `orgId` that
 * organisation (and its subtree unless `subtree` is false), `keyword` the start of the application's
 * organisation code or name (case-insensitive); newest first unless a sort is given.
 */
export async function listOrgMappings(
  tx: Tx,
  scope: DataScope,
  q: {
    tenantId: string;
    productId?: string;
    orgId?: string;
    subtree?: boolean;
    keyword?: string;
    sortField?: string;
    sortOrder?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: OrgMappingListRecord[]; records: number }> {
  const k = q.keyword?.trim().toLowerCase();
  const where = and(
    eq(orgMappings.tenantId, q.tenantId),
    orgIdInScope(scope, orgMappings.orgId),
    q.productId ? eq(orgMappings.productId, q.productId) : undefined,
    q.orgId ? orgFilter(q.tenantId, sql`${orgMappings.orgId}`, q.orgId, q.subtree !== false) : undefined,
    k ? or(sql`starts_with(lower(${orgMappings.externalCode}), ${k})`, sql`starts_with(lower(${orgMappings.externalName}), ${k})`) : undefined,
  );
  const sorts: SortColumns<typeof ORG_MAPPING_SORT_FIELDS> = {
    appName,
    orgName: sql`${organisations.name}`,
    externalCode: sql`lower(${orgMappings.externalCode})`,
    updatedAt: orgMappings.updatedAt,
  };
  const [total] = await tx.select({ n: count() }).from(orgMappings).where(where);
  const rows = await tx
    .select({ m: orgMappings, appName, appCode, orgName: organisations.name, orgCode: organisations.code })
    .from(orgMappings)
    .leftJoin(tenantProducts, appJoin(orgMappings.productId, orgMappings.tenantId))
    .leftJoin(products, eq(products.id, orgMappings.productId))
    .leftJoin(organisations, and(eq(organisations.tenantId, orgMappings.tenantId), eq(organisations.id, orgMappings.orgId)))
    .where(where)
    .orderBy(...orderTerms(sorts, q, desc(orgMappings.updatedAt), orgMappings.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows: rows.map((r) => ({ ...r.m, appName: r.appName, appCode: r.appCode, orgName: r.orgName, orgCode: r.orgCode })), records: total?.n ?? 0 };
}

/** The organisation mappings among `ids` of the tenant (another tenant's are not found). */
export async function findOrgMappingsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<OrgMappingRecord[]> {
  return tx
    .select()
    .from(orgMappings)
    .where(and(eq(orgMappings.tenantId, tenantId), inArray(orgMappings.id, ids)));
}

/** A mapping of the application that clashes with one of the keys (same organisation, or same code case-insensitively), other than `exceptId`. */
export async function findOrgMappingClash(
  tx: Tx,
  tenantId: string,
  productId: string,
  orgId: string,
  externalCode: string,
  exceptId?: string,
): Promise<OrgMappingRecord | undefined> {
  const [row] = await tx
    .select()
    .from(orgMappings)
    .where(
      and(
        eq(orgMappings.tenantId, tenantId),
        eq(orgMappings.productId, productId),
        or(eq(orgMappings.orgId, orgId), sql`lower(${orgMappings.externalCode}) = ${externalCode.toLowerCase()}`),
        exceptId ? ne(orgMappings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The organisation `orgId` of the tenant (id, name, organisation path), or undefined. */
export async function findTenantOrg(tx: Tx, tenantId: string, orgId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, orgId)));
  return row;
}

export async function insertOrgMapping(tx: Tx, row: typeof orgMappings.$inferInsert): Promise<void> {
  await tx.insert(orgMappings).values(row);
}

export async function updateOrgMappingById(tx: Tx, tenantId: string, id: string, patch: Partial<typeof orgMappings.$inferInsert>): Promise<void> {
  await tx
    .update(orgMappings)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(orgMappings.tenantId, tenantId), eq(orgMappings.id, id)));
}

export async function deleteOrgMappingsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  return (
    await tx
      .delete(orgMappings)
      .where(and(eq(orgMappings.tenantId, tenantId), inArray(orgMappings.id, ids)))
      .returning({ id: orgMappings.id })
  ).length;
}

// ---------------------------------------------------------------- user mappings

export interface UserMappingListRecord extends UserMappingRecord {
  appName: string | null;
  appCode: string | null;
  username: string | null;
  employeeName: string | null;
  orgName: string | null;
}

/**
 * A page of the tenant's user mappings whose user is inside `scope` (by affiliated organisation):
 * `productId` exact, `orgId` users of that organisation (and its subtree unless `subtree` is false),
 * `keyword` the start of the user name, employee name or application account (case-insensitive).
 */
export async function listUserMappings(
  tx: Tx,
  scope: DataScope,
  q: {
    tenantId: string;
    productId?: string;
    orgId?: string;
    subtree?: boolean;
    keyword?: string;
    sortField?: string;
    sortOrder?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: UserMappingListRecord[]; records: number }> {
  const k = q.keyword?.trim().toLowerCase();
  const where = and(
    eq(userMappings.tenantId, q.tenantId),
    orgIdInScope(scope, users.orgId),
    q.productId ? eq(userMappings.productId, q.productId) : undefined,
    q.orgId ? orgFilter(q.tenantId, users.orgId, q.orgId, q.subtree !== false) : undefined,
    k
      ? or(
          sql`starts_with(${users.usernameLc}, ${k})`,
          sql`starts_with(${users.employeeNameLc}, ${k})`,
          sql`starts_with(lower(${userMappings.externalAccount}), ${k})`,
        )
      : undefined,
  );
  const userJoin = and(eq(users.tenantId, userMappings.tenantId), eq(users.id, userMappings.userId));
  const sorts: SortColumns<typeof USER_MAPPING_SORT_FIELDS> = {
    appName,
    username: sql`${users.username}`,
    externalAccount: sql`lower(${userMappings.externalAccount})`,
    updatedAt: userMappings.updatedAt,
  };
  const [total] = await tx.select({ n: count() }).from(userMappings).innerJoin(users, userJoin).where(where);
  const rows = await tx
    .select({ m: userMappings, appName, appCode, username: users.username, employeeName: users.employeeName, orgName: organisations.name })
    .from(userMappings)
    .innerJoin(users, userJoin)
    .leftJoin(tenantProducts, appJoin(userMappings.productId, userMappings.tenantId))
    .leftJoin(products, eq(products.id, userMappings.productId))
    .leftJoin(organisations, and(eq(organisations.tenantId, users.tenantId), eq(organisations.id, users.orgId)))
    .where(where)
    .orderBy(...orderTerms(sorts, q, desc(userMappings.updatedAt), userMappings.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    rows: rows.map((r) => ({ ...r.m, appName: r.appName, appCode: r.appCode, username: r.username, employeeName: r.employeeName, orgName: r.orgName })),
    records: total?.n ?? 0,
  };
}

/** The user mappings among `ids` of the tenant, each with its user's affiliated organisation. */
export async function findUserMappingsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<(UserMappingRecord & { orgId: string | null })[]> {
  const rows = await tx
    .select({ m: userMappings, orgId: users.orgId })
    .from(userMappings)
    .leftJoin(users, and(eq(users.tenantId, userMappings.tenantId), eq(users.id, userMappings.userId)))
    .where(and(eq(userMappings.tenantId, tenantId), inArray(userMappings.id, ids)));
  return rows.map((r) => ({ ...r.m, orgId: r.orgId }));
}

/** A mapping of the application that clashes with one of the keys (same user, or same account case-insensitively), other than `exceptId`. */
export async function findUserMappingClash(
  tx: Tx,
  tenantId: string,
  productId: string,
  userId: string,
  externalAccount: string,
  exceptId?: string,
): Promise<UserMappingRecord | undefined> {
  const [row] = await tx
    .select()
    .from(userMappings)
    .where(
      and(
        eq(userMappings.tenantId, tenantId),
        eq(userMappings.productId, productId),
        or(eq(userMappings.userId, userId), sql`lower(${userMappings.externalAccount}) = ${externalAccount.toLowerCase()}`),
        exceptId ? ne(userMappings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The user `userId` of the tenant (id, user name, affiliated organisation), or undefined. */
export async function findTenantUser(tx: Tx, tenantId: string, userId: string): Promise<{ id: string; username: string; orgId: string | null } | undefined> {
  const [row] = await tx
    .select({ id: users.id, username: users.username, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

/** A page of the tenant's users inside `scope`, by the start of the user or employee name; by user name. */
export async function listScopedUsers(
  tx: Tx,
  scope: DataScope,
  q: { tenantId: string; keyword?: string; page: number; pageSize: number },
): Promise<{ rows: { id: string; username: string; employeeName: string; orgName: string | null; status: number }[]; records: number }> {
  const k = q.keyword?.trim().toLowerCase();
  const where = and(
    eq(users.tenantId, q.tenantId),
    orgIdInScope(scope, users.orgId),
    k ? or(sql`starts_with(${users.usernameLc}, ${k})`, sql`starts_with(${users.employeeNameLc}, ${k})`) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  const rows = await tx
    .select({ id: users.id, username: users.username, employeeName: users.employeeName, orgName: organisations.name, status: users.status })
    .from(users)
    .leftJoin(organisations, and(eq(organisations.tenantId, users.tenantId), eq(organisations.id, users.orgId)))
    .where(where)
    .orderBy(asc(users.usernameLc), asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: total?.n ?? 0 };
}

export async function insertUserMapping(tx: Tx, row: typeof userMappings.$inferInsert): Promise<void> {
  await tx.insert(userMappings).values(row);
}

export async function updateUserMappingById(tx: Tx, tenantId: string, id: string, patch: Partial<typeof userMappings.$inferInsert>): Promise<void> {
  await tx
    .update(userMappings)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(userMappings.tenantId, tenantId), eq(userMappings.id, id)));
}

export async function deleteUserMappingsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  return (
    await tx
      .delete(userMappings)
      .where(and(eq(userMappings.tenantId, tenantId), inArray(userMappings.id, ids)))
      .returning({ id: userMappings.id })
  ).length;
}
