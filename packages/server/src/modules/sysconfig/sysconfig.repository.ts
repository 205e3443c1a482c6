/**
 * Data access of the platform configuration (SPEC §7 codetable calls, §9): the code table (platform
 * table `code_table`, key (code_type, code_key)) and the integration configuration lists (platform table
 * `integration_configs`, index (kind, sort)). Verb-first names; every function runs inside the caller's
 * transaction (`inScope`).
 */
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { CodeTypes, type CONFIG_SORT_FIELDS, type ConfigListQuery, type IntegrationKindValue } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { sortColumn, type SortColumns } from '../../lib/sort.js';
import { codeTable, integrationConfigs, organisations, roleGrants } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/like.js';

export type CodeTableRecord = typeof codeTable.$inferSelect;
export type IntegrationRecord = typeof integrationConfigs.$inferSelect;

/** Code-table rows of the given types, ordered by type, sort, key. */
export async function listCodeEntriesByTypes(tx: Tx, types: readonly number[]): Promise<CodeTableRecord[]> {
  if (!types.length) return [];
  return tx
    .select()
    .from(codeTable)
    .where(inArray(codeTable.codeType, [...types]))
    .orderBy(codeTable.codeType, codeTable.sort, codeTable.codeKey);
}

/** Removes every entry of the given types; returns how many were removed. */
export async function deleteCodeEntriesByTypes(tx: Tx, types: readonly number[]): Promise<number> {
  if (!types.length) return 0;
  const r = await tx
    .delete(codeTable)
    .where(inArray(codeTable.codeType, [...types]))
    .returning({ k: codeTable.codeKey });
  return r.length;
}

/** Inserts code-table rows. */
export async function insertCodeEntries(tx: Tx, rows: (typeof codeTable.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(codeTable).values(rows);
}

// ------------------------------------------------------------ organisation categories (code type 11)

/** The stored key of a tenant's organisation category: `<tenantId>:<n>`. */
export function orgCategoryKey(tenantId: string, n: number): string {
  return `${tenantId}:${n}`;
}

/** A tenant's organisation categories `{ codeKey (n), codeVal, sort }`, ordered by sort then key. */
export async function listOrgCategories(tx: Tx, tenantId: string): Promise<{ codeKey: number; codeVal: string }[]> {
  const prefix = `${tenantId}:`;
  const rows = await tx
    .select({ codeKey: codeTable.codeKey, codeVal: codeTable.codeVal, sort: codeTable.sort })
    .from(codeTable)
    .where(and(eq(codeTable.codeType, CodeTypes.ORG_CATEGORY), like(codeTable.codeKey, `${likeEscape(prefix)}%`)));
  return rows
    .map((r) => ({ codeKey: Number(r.codeKey.slice(prefix.length)), codeVal: r.codeVal, sort: r.sort }))
    .filter((r) => Number.isInteger(r.codeKey))
    .sort((a, b) => a.sort - b.sort || a.codeKey - b.codeKey)
    .map(({ codeKey, codeVal }) => ({ codeKey, codeVal }));
}

/** Adds or renames a category (the key decides). */
export async function upsertOrgCategory(tx: Tx, tenantId: string, n: number, name: string): Promise<void> {
  await tx
    .insert(codeTable)
    .values({ codeType: CodeTypes.ORG_CATEGORY, codeKey: orgCategoryKey(tenantId, n), codeVal: name, sort: n })
    .onConflictDoUpdate({ target: [codeTable.codeType, codeTable.codeKey], set: { codeVal: name } });
}

/** Removes a category; returns true when it existed. */
export async function deleteOrgCategory(tx: Tx, tenantId: string, n: number): Promise<boolean> {
  const r = await tx
    .delete(codeTable)
    .where(and(eq(codeTable.codeType, CodeTypes.ORG_CATEGORY), eq(codeTable.codeKey, orgCategoryKey(tenantId, n))))
    .returning({ k: codeTable.codeKey });
  return r.length > 0;
}

/** Removes every category of a tenant (for the tenant's deletion). */
export async function deleteOrgCategoriesOfTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.delete(codeTable).where(and(eq(codeTable.codeType, CodeTypes.ORG_CATEGORY), like(codeTable.codeKey, `${likeEscape(`${tenantId}:`)}%`)));
}

/** How many organisations of the tenant belong to category `n`. */
export async function countOrganisationsInCategory(tx: Tx, tenantId: string, n: number): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), eq(organisations.category, n)));
  return Number(r?.n ?? 0);
}

/** Removes the organisation-tree grants of category `n` in the tenant; returns how many. */
export async function deleteOrgGrantsOfCategory(tx: Tx, tenantId: string, n: number): Promise<number> {
  const r = await tx
    .delete(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.kind, 'org'), eq(roleGrants.orgCategory, n)))
    .returning({ roleId: roleGrants.roleId });
  return r.length;
}

// ------------------------------------------------------------ integration configuration lists

const SORTS: SortColumns<typeof CONFIG_SORT_FIELDS> = {
  name: integrationConfigs.name,
  status: integrationConfigs.status,
  sort: integrationConfigs.sort,
  updatedAt: integrationConfigs.updatedAt,
};

/**
 * One page of a kind's entries, filtered (name keyword, status, WeChat type) and sorted in SQL; the
 * (kind, sort) index serves the default order. Returns the rows and the number of matching rows.
 */
export async function listIntegrationConfigs(
  tx: Tx,
  kind: IntegrationKindValue,
  q: ConfigListQuery & { page: number; pageSize: number },
): Promise<{ rows: IntegrationRecord[]; records: number }> {
  const where: SQL[] = [eq(integrationConfigs.kind, kind)];
  const keyword = q.keyword?.trim();
  if (keyword) where.push(sql`${integrationConfigs.name} ilike ${`%${likeEscape(keyword)}%`}`);
  if (q.status !== undefined) where.push(eq(integrationConfigs.status, q.status));
  if (q.type !== undefined) where.push(sql`(${integrationConfigs.data}->>'type') = ${String(q.type)}`);
  const cond = and(...where);
  const column = sortColumn(SORTS, q.sortField) ?? integrationConfigs.sort;
  const order = q.sortOrder === 'descend' ? desc(column) : asc(column);
  const [total] = await tx.select({ n: count() }).from(integrationConfigs).where(cond);
  const rows = await tx
    .select()
    .from(integrationConfigs)
    .where(cond)
    .orderBy(order, asc(integrationConfigs.name), asc(integrationConfigs.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, records: Number(total?.n ?? 0) };
}

/** Every entry of a kind, in list order (the save replaces this list). */
export async function listAllIntegrationConfigs(tx: Tx, kind: IntegrationKindValue): Promise<IntegrationRecord[]> {
  return tx.select().from(integrationConfigs).where(eq(integrationConfigs.kind, kind)).orderBy(asc(integrationConfigs.sort), asc(integrationConfigs.name));
}

/** One entry by id and kind. */
export async function findIntegrationConfigById(tx: Tx, kind: IntegrationKindValue, id: string): Promise<IntegrationRecord | undefined> {
  const [r] = await tx
    .select()
    .from(integrationConfigs)
    .where(and(eq(integrationConfigs.kind, kind), eq(integrationConfigs.id, id)));
  return r;
}

/** Removes the entries of a kind by id. */
export async function deleteIntegrationConfigsByIds(tx: Tx, kind: IntegrationKindValue, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(integrationConfigs).where(and(eq(integrationConfigs.kind, kind), inArray(integrationConfigs.id, ids)));
}

/** Inserts or replaces one entry (the id decides). */
export async function upsertIntegrationConfig(tx: Tx, row: typeof integrationConfigs.$inferInsert): Promise<void> {
  await tx
    .insert(integrationConfigs)
    .values(row)
    .onConflictDoUpdate({
      target: integrationConfigs.id,
      set: { name: row.name, data: row.data, status: row.status, sort: row.sort, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    });
}
