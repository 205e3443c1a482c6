/**
 * My apps (issue 15; docs/users.md "My apps"): the applications a user may use, in one statement.
 * A product is listed when it is enabled, the user's tenant uses it (`tenant_products` status 1) and the
 * user is one of its users — `appIdsOfUser`, the set-wise form of `isAppUser` (inside its root organisations
 * of the tenant, or any user of the tenant when it has none there, or given it individually): the user's
 * tenant and organisation path are read once and the root organisations containing it are one hashed set,
 * not a sub-plan per application (docs/benchmarks.md "My apps"). The open type is the first top-level
 * enabled PC menu, evaluated for the page's rows only (after the sort and limit).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MyAppListBody } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { appIdsOfUser } from '../appusers/app-users.scope.js';
import { like } from '../products/products.repository.js';

/** A product row of My apps, with the open type of its first top-level menu (null: no menu). */
export interface UserAppRecord {
  id: string;
  code: string;
  name: string;
  abbreviation: string;
  logo: string;
  callbackUrl: string;
  /** 1 OpenID Connect login initiation, 2 the SSO query with a ticket (products.sso_mode). */
  ssoMode: number;
  openType: number | null;
}

/**
 * The statement of one page of user `userId`'s applications (by name then id), with the total in each row
 * (`count(*) over ()`). `q.keyword` matches name or code (contains, case-insensitive). Exported so the
 * benchmark can EXPLAIN exactly this statement (bench/myapps-seed.ts).
 */
export function userAppsQuery(userId: string, q: MyAppListBody & { page: number; pageSize: number }): SQL {
  const k = q.keyword?.trim();
  const keyword = k ? sql`and (p.name ilike ${like(k)} or p.code ilike ${like(k)})` : sql``;
  return sql`
    select p.id, p.code, p.name, p.abbreviation, p.logo, p.callback_url as "callbackUrl", p.sso_mode as "ssoMode",
      (select m.open_type from app_menus m
        where m.product_id = p.id and m.parent_id is null and m.enabled = 1 and m.platform_type in (1, 3)
        order by m.sort, m.id limit 1) as "openType",
      count(*) over ()::int as total
    from products p
    where p.status = 1 and p.id in (${appIdsOfUser(userId)})
      ${keyword}
    order by p.name, p.id
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
}

/**
 * One page of the applications user `userId` may use and the total, in one statement (`userAppsQuery`).
 * No rows for an unknown user.
 */
export async function listUserApps(
  tx: Tx,
  userId: string,
  q: MyAppListBody & { page: number; pageSize: number },
): Promise<{ rows: UserAppRecord[]; records: number }> {
  const result = rowsOf<UserAppRecord & { total: number }>(await tx.execute(userAppsQuery(userId, q)));
  const rows = result.map(({ total: _t, ...r }) => r);
  return { rows, records: result[0]?.total ?? 0 };
}
