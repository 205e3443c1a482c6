/**
 * Organisations (SPEC §3 Organisation) — the part issue 3 needs: every tenant has a root organisation
 * (id = the tenant's id, code = the tenant's code), and the tree can be read for pickers. Organisation
 * management itself comes with issue 5 ("Tenant administration").
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organisations, tenants } from '../../db/schema/index.js';

export type OrganisationRecord = typeof organisations.$inferSelect;

/** Organisation type of a tenant's root (SPEC §3 types 0–6: 2 company). */
export const ROOT_ORG_TYPE = 2;

/** Creates the tenant's root organisation unless it exists. */
export async function insertRootOrganisation(tx: Tx, tenant: { id: string; code: string; name: string }): Promise<void> {
  await tx
    .insert(organisations)
    .values({ id: tenant.id, tenantId: tenant.id, parentId: null, code: tenant.code, name: tenant.name, type: ROOT_ORG_TYPE })
    .onConflictDoNothing();
}

/** Gives every tenant without one its root organisation (start-up; idempotent). */
export async function ensureRootOrganisations(tx: Tx): Promise<void> {
  await tx.execute(sql`insert into ${organisations} (id, tenant_id, parent_id, code, name, type)
    select t.id, t.id, null, t.code, t.name, ${ROOT_ORG_TYPE} from ${tenants} t
    where not exists (select 1 from ${organisations} o where o.id = t.id)`);
}

/** Every organisation of a tenant's tree of `category`, ordered for building the tree. */
export async function listOrganisationsOfTenant(tx: Tx, tenantId: string, category = 0): Promise<OrganisationRecord[]> {
  return tx
    .select()
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), sql`(${organisations.category} = ${category} or ${organisations.id} = ${tenantId})`))
    .orderBy(asc(organisations.sort), asc(organisations.name));
}

export async function findOrganisationById(tx: Tx, tenantId: string, id: string): Promise<OrganisationRecord | undefined> {
  const [row] = await tx
    .select()
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, id)));
  return row;
}
