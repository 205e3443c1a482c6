/**
 * The tenant of the tenant-area benchmark (bench/tenant.ts; issue 5 "Scale"), inserted in bulk by SQL
 * into a prepared, closed embedded database before the server opens it:
 * - organisations: the root (id = the tenant id) and four levels under it — 10 companies, 100
 *   departments, 1,000 sub-departments, 9,000 fields: 10,111 in all; `path` is written by the triggers
 *   of migration 0010, level by level (one INSERT … SELECT generate_series per level);
 * - 100,000 users, each affiliated with a field (100,000 / 9,000 ≈ 11 per field);
 * - 1,000 roles, each under a department, granting that department's subtree, three menus and the
 *   tenant user list API, with 5 members each;
 * - the tenant's administrator `tadmin` and a role holder `tholder` whose role grants the subtree of
 *   company 3 (≈ 10 % of the tenant) with the menus and APIs the scenarios call (and who also holds
 *   two of the 1,000 roles, so their scope is a union of three parts).
 * `explainPlans` prints the plans of the heavy queries as the application role with row-level security
 * on (docs/benchmarks.md "Tenant area").
 */
import { sql, type SQL } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import type { Database } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';
import { listMemberGrants, orgIdInScope, pathInSubtree, scopeFromGrants, type DataScope } from '../packages/server/src/modules/tenancy/data-scope.js';
import { users } from '../packages/server/src/db/schema/index.js';

export const TENANT = 'benchtenant';
export const PASSWORD = 'Bench@2026user';
export const TENANT_ADMIN = 'tadmin';
export const ROLE_HOLDER = 'tholder';
export const USERS = Number(process.env.BENCH_TENANT_USERS ?? 100_000);
export const ROLES = 1_000;
/** The subtree the scenarios filter by, and the role holder's granted subtree. */
export const COMPANY = `${TENANT}-c3`;
/** The APIs the role holder is granted (and every one of the 1,000 roles grants the user list). */
export const HOLDER_APIS = [Paths.listtenantuser, Paths.listorgchildren, Paths.listuser];

/** Inserts the tenant; returns the number of organisations. */
export async function seedTenant(database: Database): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  const T = TENANT;
  return inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`insert into tenants (id, code, name, abbreviation, address) values (${T}, ${T}, 'Bench tenant', 'BT', 'Bench')`);
    await tx.execute(sql`insert into organisations (id, tenant_id, parent_id, code, name, type) values (${T}, ${T}, null, ${T}, 'Bench tenant', 1)`);
    await tx.execute(sql`insert into organisations (id, tenant_id, parent_id, code, name, type, sort)
      select ${T} || '-c' || i, ${T}, ${T}, 'c' || i, 'Company ' || i, 2, i from generate_series(0, 9) i`);
    await tx.execute(sql`insert into organisations (id, tenant_id, parent_id, code, name, type, sort)
      select ${T} || '-c' || i || '-d' || j, ${T}, ${T} || '-c' || i, 'c' || i || 'd' || j, 'Department ' || i || '.' || j, 3, j
      from generate_series(0, 9) i, generate_series(0, 9) j`);
    await tx.execute(sql`insert into organisations (id, tenant_id, parent_id, code, name, type, sort)
      select ${T} || '-c' || i || '-d' || j || '-s' || k, ${T}, ${T} || '-c' || i || '-d' || j, 'c' || i || 'd' || j || 's' || k, 'Section ' || i || '.' || j || '.' || k, 4, k
      from generate_series(0, 9) i, generate_series(0, 9) j, generate_series(0, 9) k`);
    await tx.execute(sql`insert into organisations (id, tenant_id, parent_id, code, name, type, sort)
      select ${T} || '-c' || i || '-d' || j || '-s' || k || '-f' || l, ${T}, ${T} || '-c' || i || '-d' || j || '-s' || k,
        'c' || i || 'd' || j || 's' || k || 'f' || l, 'Field ' || i || '.' || j || '.' || k || '.' || l, 5, l
      from generate_series(0, 9) i, generate_series(0, 9) j, generate_series(0, 9) k, generate_series(0, 8) l`);
    // user g sits in field (g % 10, g / 10 % 10, g / 100 % 10, g / 1000 % 9)
    await tx.execute(sql`insert into users (id, tenant_id, username, employee_name, employee_code, password_hash, status, org_id,
        effective_date, expiry_date, agreed_at, created_at, updated_at)
      select 'tu' || g, ${T}, 'tuser' || lpad(g::text, 6, '0'),
        (array['张','王','李','赵','刘'])[g % 5 + 1] || (array['伟','芳','娜','敏','静','强','磊','洋'])[g % 8 + 1] || g,
        'E' || g, ${hash}, case when g % 10 = 0 then 0 else 1 end,
        ${T} || '-c' || (g % 10) || '-d' || (g / 10 % 10) || '-s' || (g / 100 % 10) || '-f' || (g / 1000 % 9),
        date '2026-01-01', date '2030-12-31', now(), now() - g * interval '1 second', now()
      from generate_series(1, ${USERS}) g`);
    await tx.execute(sql`insert into user_identities (tenant_id, user_id, identity) select ${T}, id, 1 from users where tenant_id = ${T}`);
    for (const [id, name, org] of [
      ['tadmin', TENANT_ADMIN, `${T}-c0`],
      ['tholder', ROLE_HOLDER, `${T}-c3-d0`],
    ] as const) {
      await tx.execute(
        sql`insert into users (id, tenant_id, username, employee_name, password_hash, org_id, agreed_at) values (${id}, ${T}, ${name}, ${name}, ${hash}, ${org}, now())`,
      );
      await tx.execute(sql`insert into user_identities (tenant_id, user_id, identity) values (${T}, ${id}, 1)`);
    }
    await tx.execute(sql`insert into user_identities (tenant_id, user_id, identity) values (${T}, 'tadmin', 3)`);
    // 1,000 roles: role n under department (n % 100), granting its subtree, three menus and the user list
    await tx.execute(sql`insert into roles (id, tenant_id, org_id, code, name)
      select 'tr' || n, ${T}, ${T} || '-c' || (n % 100 / 10) || '-d' || (n % 10), 'role' || n, 'Role ' || n from generate_series(0, ${ROLES - 1}) n`);
    await tx.execute(sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview)
      select ${T}, 'tr' || n, 'org', ${T} || '-c' || (n % 100 / 10) || '-d' || (n % 10), 1 from generate_series(0, ${ROLES - 1}) n
      union all select ${T}, 'tr' || n, 'menu', m, 3 from generate_series(0, ${ROLES - 1}) n, unnest(array['employeeManagement', 'orgManagement', 'stationManagement']) m
      union all select ${T}, 'tr' || n, 'api', ${Paths.listtenantuser}, 1 from generate_series(0, ${ROLES - 1}) n`);
    await tx.execute(sql`insert into role_users (tenant_id, role_id, user_id)
      select ${T}, 'tr' || n, 'tu' || ((n * 97 + k) % ${USERS} + 1) from generate_series(0, ${ROLES - 1}) n, generate_series(0, 4) k on conflict do nothing`);
    await tx.execute(sql`insert into roles (id, tenant_id, org_id, code, name) values ('tr-holder', ${T}, ${COMPANY}, 'holder', 'Company 3 managers')`);
    await tx.execute(sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview)
      select ${T}, 'tr-holder', 'org', ${COMPANY}, 1
      union all select ${T}, 'tr-holder', 'menu', m, 3 from unnest(array['employeeManagement', 'orgManagement', 'stationManagement', 'roleManagement', 'auditlog']) m
      union all select ${T}, 'tr-holder', 'api', a, 1 from unnest(${sql.raw(`array[${HOLDER_APIS.map((p) => `'${p}'`).join(',')}]`)}) a`);
    await tx.execute(
      sql`insert into role_users (tenant_id, role_id, user_id) values (${T}, 'tr-holder', 'tholder'), (${T}, 'tr7', 'tholder'), (${T}, 'tr58', 'tholder')`,
    );
    const [n] = (
      (await tx.execute<{ n: number }>(sql`select count(*)::int as n from organisations where tenant_id = ${T}`)) as unknown as { rows: { n: number }[] }
    ).rows;
    return n!.n;
  }).then(async (n) => {
    for (const t of ['organisations', 'users', 'org_user_counts', 'roles', 'role_grants', 'role_users', 'user_identities'])
      await database.db.execute(sql.raw(`analyze ${t}`));
    return n;
  });
}

/** The role holder's data scope, as the guard computes it. */
export async function holderScope(database: Database): Promise<DataScope> {
  return inScope(database.db, { scope: 'tenant', tenantId: TENANT }, async (tx) => scopeFromGrants(await listMemberGrants(tx, TENANT, 'tholder')));
}

/**
 * EXPLAIN ANALYZE (as `mp_app`, tenant scope, row-level security on) of the heavy statements of the
 * scenarios, in the same SQL shape the repositories use: the user page filtered by a subtree (path
 * prefix semi-join) and its total (a sum of the per-organisation counts; and, for comparison, a count of
 * the users), the same limited by the holder's scope, the whole tenant's total, one tree level (direct
 * user counts, children flags; and the children flag of type-granted role holders, a range on the path
 * index), and the grant read of listmymenu / the guard.
 */
export async function explainPlans(database: Database): Promise<Record<string, string>> {
  const scope = await holderScope(database);
  const prefix = `/${TENANT}/${COMPANY}/`;
  const subtreeOf = (col: SQL) => sql`${col} in (select o.id from organisations o where o.tenant_id = ${TENANT} and starts_with(o.path, ${prefix}))`;
  const subtree = subtreeOf(sql`${users.orgId}`);
  const inScopeCond = orgIdInScope(scope, users.orgId);
  const statements: Record<string, ReturnType<typeof sql>> = {
    'user page, subtree (admin)': sql`select ${users.id} from ${users} where ${users.tenantId} = ${TENANT} and ${subtree} order by ${users.createdAt} desc, ${users.id} limit 10`,
    'user count, subtree (admin): sum of per-organisation counts (migration 0013)': sql`select coalesce(sum(c.users), 0) from org_user_counts c
      where c.tenant_id = ${TENANT} and ${subtreeOf(sql.raw('c.org_id'))}`,
    'user count, subtree, counting the users (what a keyword or position filter still does)': sql`select count(*) from ${users} where ${users.tenantId} = ${TENANT} and ${subtree}`,
    'user page, subtree + data scope (holder)': sql`select ${users.id} from ${users} where ${users.tenantId} = ${TENANT} and ${subtree} and ${inScopeCond} order by ${users.createdAt} desc, ${users.id} limit 10`,
    'user count, subtree + data scope (holder): sum of per-organisation counts': sql`select coalesce(sum(c.users), 0) from org_user_counts c
      where c.tenant_id = ${TENANT} and ${subtreeOf(sql.raw('c.org_id'))} and ${orgIdInScope(scope, sql.raw('c.org_id'))}`,
    'user count, whole tenant (administrator, no filter)': sql`select coalesce(sum(c.users), 0) from org_user_counts c where c.tenant_id = ${TENANT}`,
    'tree level (listorgchildren: direct user counts, children flags)': sql`select c.id, (select count(*) from users u where u.tenant_id = c.tenant_id and u.org_id = c.id) as users,
        exists (select 1 from organisations k where k.tenant_id = c.tenant_id and k.parent_id = c.id) as has_children
      from organisations c where c.tenant_id = ${TENANT} and c.parent_id = ${COMPANY} order by c.sort, c.name, c.id limit 200`,
    "children flag by the outer row's path as an index range (type-granted role holders; pathInSubtree)": sql`select c.id, exists (select 1 from organisations k where k.tenant_id = c.tenant_id
        and ${pathInSubtree(sql.raw('k.path'), sql.raw('c.path'), true)} and k.type in (3)) as has_children
      from organisations c where c.tenant_id = ${TENANT} and c.parent_id = ${COMPANY} order by c.sort, c.name, c.id limit 200`,
    'member grants (guard, listmymenu)': sql`select r.id, g.kind, g.data_id, o.path from role_users ru join roles r on r.tenant_id = ru.tenant_id and r.id = ru.role_id
      left join role_grants g on g.tenant_id = r.tenant_id and g.role_id = r.id and g.kind in ('org', 'orgtype', 'api')
      left join organisations o on g.kind = 'org' and o.tenant_id = g.tenant_id and o.id = g.data_id
      where ru.tenant_id = ${TENANT} and ru.user_id = 'tholder' and r.status = 1`,
  };
  const out: Record<string, string> = {};
  for (const [label, q] of Object.entries(statements)) {
    out[label] = await inScope(database.db, { scope: 'tenant', tenantId: TENANT }, async (tx) => {
      const r = (await tx.execute(sql`explain analyze ${q}`)) as unknown as { rows: Record<string, string>[] };
      return r.rows.map((x) => Object.values(x)[0]).join('\n    ');
    });
  }
  return out;
}
