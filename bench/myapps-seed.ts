/**
 * The applications of the My apps benchmark (bench/myapps.ts; issue 15 "Benchmark"), inserted in bulk by
 * SQL after bench/tenant-seed.ts's tenant of 100,000 users, before the server opens the database:
 * - 1,000 applications `ma0`…`ma999` ('App 0000'…); every 50th is disabled;
 * - the bench tenant uses `ma0`…`ma499`; every 25th of those application tenants is disabled;
 * - every 4th used application serves only one company of the tenant (root organisation company
 *   (i / 4) % 10), so the user of company 1 is one of its users only for a tenth of them;
 * - each used application has a top-level menu (open type i % 3 + 1).
 * `expectedApps()` is the number the user `tuser000001` (user `tu1`, company 1) must see.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { userAppsQuery } from '../packages/server/src/modules/myapps/myapps.repository.js';
import { TENANT } from './tenant-seed.js';

export const APPS = 1_000;
export const USED = 500;
export const MYAPPS_USER = 'tu1';
export const MYAPPS_USERNAME = 'tuser000001';
const USER_COMPANY = 1;

/** How many of the used applications the user of company 1 may use, by the rules above. */
export function expectedApps(): number {
  let n = 0;
  for (let i = 0; i < USED; i++) {
    if (i % 50 === 0 || i % 25 === 0) continue; // disabled application / application tenant
    if (i % 4 === 0 && Math.floor(i / 4) % 10 !== USER_COMPANY) continue; // outside the root organisation
    n++;
  }
  return n;
}

/** Inserts the applications, the tenant's use of them, root organisations and menus. */
export async function seedMyApps(database: Database): Promise<void> {
  const T = TENANT;
  await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.execute(sql`insert into products (id, code, name, abbreviation, version, callback_url, department, owner_name, owner_email, owner_phone, ops_owner, status)
      select 'ma' || i, 'ma' || i, 'App ' || lpad(i::text, 4, '0'), 'A' || i, '1.0', 'https://ma' || i || '.example.com/login', 'IT', 'Bench', 'bench@example.com', '13800000000', 'Bench',
        case when i % 50 = 0 then 0 else 1 end
      from generate_series(0, ${APPS - 1}) i`);
    await tx.execute(sql`insert into tenant_products (tenant_id, product_id, version, status)
      select ${T}, 'ma' || i, '1.0', case when i % 25 = 0 then 0 else 1 end from generate_series(0, ${USED - 1}) i`);
    await tx.execute(sql`insert into app_root_orgs (product_id, tenant_id, org_id)
      select 'ma' || i, ${T}, ${T} || '-c' || ((i / 4) % 10) from generate_series(0, ${USED - 1}) i where i % 4 = 0`);
    await tx.execute(sql`insert into app_menus (id, product_id, parent_id, code, name, menu_type, sort, open_type)
      select 'ma-m' || i, 'ma' || i, null, 'home', 'Home', 'module', 0, i % 3 + 1 from generate_series(0, ${USED - 1}) i`);
  });
  for (const t of ['products', 'tenant_products', 'app_root_orgs', 'app_menus']) await database.db.execute(sql.raw(`analyze ${t}`));
}

/** EXPLAIN ANALYZE of the first page's statement (the repository's own SQL), one line per plan line. */
export async function explainMyApps(database: Database): Promise<string> {
  const rows = (await inScope(database.db, PLATFORM_SCOPE, (tx) =>
    tx.execute(sql`explain analyze ${userAppsQuery(MYAPPS_USER, { page: 1, pageSize: 48 })}`),
  )) as unknown as { rows: Record<string, string>[] };
  return rows.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n');
}
