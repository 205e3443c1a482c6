/**
 * What a user may request (SPEC §1 workflow; docs/workflow.md): the applications their tenant uses that they do
 * not, and the roles of applications they use that they do not hold. Re-exported by workflow.repository.ts.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { containsPattern } from '../../lib/like.js';
import { isAppUser, usersAs } from '../appusers/app-users.scope.js';

/** The enabled application `productId` if `user`'s tenant uses it (enabled), with whether `user` is already its user. */
export async function findRequestableApp(tx: Tx, user: string, productId: string) {
  const [row] = rowsOf<{ id: string; name: string; is_user: boolean }>(
    await tx.execute(sql`select p.id, p.name, ${isAppUser(sql.raw('p.id'), usersAs('u'))} as is_user
    from users u join tenant_products tp on tp.tenant_id = u.tenant_id and tp.status = 1 join products p on p.id = tp.product_id and p.status = 1
    where u.id = ${user} and p.id = ${productId}`),
  );
  return row;
}

/** The enabled role `roleId` of an enabled application `user` uses, with whether `user` holds it. */
export async function findRequestableRole(tx: Tx, user: string, roleId: string) {
  const [row] = rowsOf<{ id: string; name: string; code: string; product_id: string; product_name: string; is_member: boolean }>(
    await tx.execute(sql`
    select ar.id, ar.name, ar.code, ar.product_id, p.name as product_name,
      exists (select 1 from app_role_users m where m.role_id = ar.id and m.user_id = u.id) as is_member
    from app_roles ar join products p on p.id = ar.product_id and p.status = 1 join users u on u.id = ${user}
    where ar.id = ${roleId} and ar.status = 1 and ${isAppUser(sql.raw('ar.product_id'), usersAs('u'))}`),
  );
  return row;
}

/** `listwfapp`: applications `user`'s tenant uses that `user` does not. */
export async function listRequestableApps(tx: Tx, user: string, keyword: string | undefined, page: number, pageSize: number) {
  const like = containsPattern(keyword);
  return rowsOf<{ id: string; code: string; name: string; total: number | string }>(
    await tx.execute(sql`
    select p.id, p.code, p.name, count(*) over () as total
    from users u join tenant_products tp on tp.tenant_id = u.tenant_id and tp.status = 1 join products p on p.id = tp.product_id and p.status = 1
    where u.id = ${user} and not ${isAppUser(sql.raw('p.id'), usersAs('u'))}
      ${like ? sql`and (lower(p.name) like ${like} or lower(p.code) like ${like})` : sql``}
    order by p.name, p.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
}

/** `listwfrole`: enabled roles of applications `user` uses that `user` does not hold. */
export async function listRequestableRoles(tx: Tx, user: string, keyword: string | undefined, page: number, pageSize: number) {
  const like = containsPattern(keyword);
  return rowsOf<{ id: string; code: string; name: string; product_id: string; product_name: string; total: number | string }>(
    await tx.execute(sql`
    select ar.id, ar.code, ar.name, ar.product_id, p.name as product_name, count(*) over () as total
    from users u join tenant_products tp on tp.tenant_id = u.tenant_id and tp.status = 1 join products p on p.id = tp.product_id and p.status = 1
      join app_roles ar on ar.product_id = p.id and ar.status = 1
    where u.id = ${user} and ${isAppUser(sql.raw('p.id'), usersAs('u'))}
      and not exists (select 1 from app_role_users m where m.role_id = ar.id and m.user_id = u.id)
      ${like ? sql`and (lower(ar.name) like ${like} or lower(ar.code) like ${like} or lower(p.name) like ${like})` : sql``}
    order by p.name, ar.name, ar.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
}
