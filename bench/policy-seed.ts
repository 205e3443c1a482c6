/**
 * The application of the policy-service benchmark (bench/policy.ts; issue 14 "Benchmark"), inserted in
 * bulk by SQL into the prepared embedded database (after bench/tenant-seed.ts's tenant of 100,000 users)
 * before the server opens it:
 * - the application `benchapp` used by the bench tenant, with a confidential OIDC client (secret stored as
 *   lowercase hex SHA-256, like `addclient` does);
 * - its design: 10 modules × 10 page menus (100 pages), each page one form with 10 buttons (1,000
 *   controls), 200 APIs (two attached to each page's form as load/save APIs);
 * - 50 roles of the tenant, each granting 20 page menus (read), 100 controls (read, or read+write for
 *   every third) and 20 APIs, overlapping, all held by the policy user `tu1`;
 * - then, in a later transaction, 10,000 changes of the log (10,000 role memberships of other users),
 *   after a recorded instant `syncFrom`, so `syncbydate { syncDate: syncFrom }` has exactly those to read.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { hashClientSecret } from '../packages/server/src/modules/oidc/clients.js';
import { TENANT } from './tenant-seed.js';

export const APP = 'benchapp';
export const CLIENT = { clientId: 'bench-policy-client', clientSecret: 'bench-policy-secret-0123456789abcdef' };
/** The user with 50 roles of the application. */
export const POLICY_USER = 'tu1';
export const POLICY_ROLES = 50;
export const SYNC_CHANGES = Number(process.env.BENCH_POLICY_CHANGES ?? 10_000);

export interface PolicySeed {
  syncFrom: string;
  apiUrl: string;
  controlId: string;
  menuCode: string;
  changesLogged: number;
}

/** Inserts the application, its design, the grants and the 10,000 later changes. */
export async function seedPolicy(database: Database): Promise<PolicySeed> {
  const T = TENANT;
  await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner)
      values (${APP}, ${APP}, 'Bench app', 'BA', '1.0', 'http://127.0.0.1/cb', 'IT', 'Bench', 'bench@example.com', '13800000000', 'Bench')`);
    await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version) values (${T}, ${APP}, '1.0')`);
    await tx.execute(sql`insert into oidc_clients (client_id, product_id, name, secret_hash, redirect_uris, grant_types)
      values (${CLIENT.clientId}, ${APP}, 'Bench policy client', ${hashClientSecret(CLIENT.clientSecret)}, array['http://127.0.0.1/cb'], array['authorization_code', 'refresh_token'])`);
    await tx.execute(sql`insert into app_apis (id, product_id, name, service_name, module_name, url)
      select 'ba-api' || a, ${APP}, 'API ' || a, 'svc' || (a / 50), 'mod' || (a / 10), '/bench/svc' || (a / 50) || '/op' || a || '.do' from generate_series(0, 199) a`);
    await tx.execute(sql`insert into app_pages (id, product_id, form_id, name, path)
      select 'ba-pg' || p, ${APP}, 'form' || p, 'Page ' || p, '/bench/page' || p from generate_series(0, 99) p`);
    await tx.execute(sql`insert into app_page_nodes (id, product_id, page_id, parent_id, node_type, name, alias, load_api_ids, save_api_ids, sort)
      select 'ba-f' || p, ${APP}, 'ba-pg' || p, null, 'form', 'Form ' || p, 'form' || p, array['ba-api' || (p * 2)], array['ba-api' || (p * 2 + 1)], 0 from generate_series(0, 99) p`);
    await tx.execute(sql`insert into app_page_nodes (id, product_id, page_id, parent_id, node_type, name, alias, sort)
      select 'ba-c' || p || '-' || c, ${APP}, 'ba-pg' || p, 'ba-f' || p, 'button', 'Button ' || c, 'b' || p || '_' || c, c from generate_series(0, 99) p, generate_series(0, 9) c`);
    await tx.execute(sql`insert into app_menus (id, product_id, parent_id, code, name, menu_type, sort)
      select 'ba-m' || m, ${APP}, null, 'mod' || m, 'Module ' || m, 'module', m from generate_series(0, 9) m`);
    await tx.execute(sql`insert into app_menus (id, product_id, parent_id, code, name, menu_type, page_id, target, sort)
      select 'ba-m' || m || '-' || p, ${APP}, 'ba-m' || m, 'page' || (m * 10 + p), 'Page ' || (m * 10 + p), 'page', 'ba-pg' || (m * 10 + p), '/bench/page' || (m * 10 + p), p
      from generate_series(0, 9) m, generate_series(0, 9) p`);
    await tx.execute(
      sql`insert into roles (id, tenant_id, code, name) select 'pr' || r, ${T}, 'prole' || lpad(r::text, 2, '0'), 'Policy role ' || r from generate_series(0, ${POLICY_ROLES - 1}) r`,
    );
    // role r: page menus (2r + i) % 100 for i < 20; their pages' controls; APIs (4r + i) % 200
    await tx.execute(sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview)
      select ${T}, 'pr' || r, 'appmenu', 'ba-m' || (((2 * r + i) % 100) / 10) || '-' || (((2 * r + i) % 100) % 10), 1 from generate_series(0, ${POLICY_ROLES - 1}) r, generate_series(0, 19) i
      union all select ${T}, 'pr' || r, 'appcontrol', 'ba-c' || ((2 * r + i) % 100) || '-' || c, case when (r + c) % 3 = 0 then 3 else 1 end
        from generate_series(0, ${POLICY_ROLES - 1}) r, generate_series(0, 9) i, generate_series(0, 9) c
      union all select ${T}, 'pr' || r, 'appapi', 'ba-api' || ((4 * r + i) % 200), 1 from generate_series(0, ${POLICY_ROLES - 1}) r, generate_series(0, 19) i`);
    await tx.execute(
      sql`insert into role_users (tenant_id, role_id, user_id) select ${T}, 'pr' || r, ${POLICY_USER} from generate_series(0, ${POLICY_ROLES - 1}) r`,
    );
  });
  // the later changes: a clear instant, then one transaction of SYNC_CHANGES memberships (one log row each)
  await new Promise((r) => setTimeout(r, 20));
  const syncFrom = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  await inScope(database.db, PLATFORM_SCOPE, (tx) =>
    tx.execute(sql`insert into role_users (tenant_id, role_id, user_id)
    select ${T}, 'pr' || (g % ${POLICY_ROLES}), 'tu' || (1000 + g) from generate_series(0, ${SYNC_CHANGES - 1}) g on conflict do nothing`),
  );
  const counted = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from policy_changes where changed_at >= ${syncFrom}`)) as unknown as {
    rows: { n: number }[];
  };
  for (const t of ['app_menus', 'app_pages', 'app_page_nodes', 'app_apis', 'role_grants', 'role_users', 'roles', 'policy_changes'])
    await database.db.execute(sql.raw(`analyze ${t}`));
  return { syncFrom, apiUrl: '/bench/svc1/op60.do', controlId: 'ba-c2-3', menuCode: 'page5', changesLogged: counted.rows[0]!.n };
}
