/**
 * Who an application's users are (issue 15; SPEC §2 App `org` "app root organisation settings", `user`;
 * docs/applications.md "Application people"): the users of the tenants that use the application
 * (`tenant_products`, status 1) who are inside the application's root organisations of their tenant
 * (`app_root_orgs`, subtree by organisation path) — or every user of such a tenant when the application has
 * no root organisation there. One SQL condition, so every list, count and check says the same thing and
 * runs inside the statement (indexes: tenant_products pk, app_root_orgs_tenant_idx, organisations pk).
 * A user given the application individually (`app_user_grants`, an approved access request; migration 0024)
 * is its user too, while the tenant uses it.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { pathInSubtree } from '../tenancy/data-scope.js';

/** The user columns the condition reads (defaults: the `users` table itself). */
export interface UserColumns {
  id: SQLWrapper;
  tenantId: SQLWrapper;
  orgId: SQLWrapper;
}

const USERS: UserColumns = { id: sql.raw('"users"."id"'), tenantId: sql.raw('"users"."tenant_id"'), orgId: sql.raw('"users"."org_id"') };

/** The user columns of `users` under the alias `alias` (e.g. `usersAs('u')` for `from users u`). */
export function usersAs(alias: 'u'): UserColumns {
  return { id: sql.raw(`${alias}.id`), tenantId: sql.raw(`${alias}.tenant_id`), orgId: sql.raw(`${alias}.org_id`) };
}

/**
 * SQL condition: the user row (columns `u`) is a user of application `productId`.
 * Usage: `.where(and(isAppUser(app.id), …))` on a query over `users`. `productId` may also be a column
 * (e.g. `products.id`, for "the applications this user may use", modules/myapps).
 */
export function isAppUser(productId: string | SQLWrapper, u: UserColumns = USERS): SQL {
  return sql`(exists (select 1 from tenant_products mp_tp where mp_tp.tenant_id = ${u.tenantId} and mp_tp.product_id = ${productId} and mp_tp.status = 1)
    and (not exists (select 1 from app_root_orgs mp_r where mp_r.product_id = ${productId} and mp_r.tenant_id = ${u.tenantId})
      or exists (select 1 from app_user_grants mp_g where mp_g.product_id = ${productId} and mp_g.user_id = ${u.id} and mp_g.tenant_id = ${u.tenantId})
      or exists (select 1 from app_root_orgs mp_r
        join organisations mp_ro on mp_ro.id = mp_r.org_id
        join organisations mp_uo on mp_uo.id = ${u.orgId} and mp_uo.tenant_id = mp_r.tenant_id
        where mp_r.product_id = ${productId} and mp_r.tenant_id = ${u.tenantId}
          and ${pathInSubtree(sql.raw('mp_uo.path'), sql.raw('mp_ro.path'))})))`;
}

/**
 * Set-wise form of `isAppUser` for one user (My apps, docs/benchmarks.md "My apps"): a sub-select of the ids
 * of the applications user `userId` is a user of — the user's tenant and organisation path read once (`me`),
 * then the tenant's `tenant_products` (status 1) minus the applications with roots in the tenant, plus those
 * whose root contains the user's organisation (its path starts with the root's) or that granted the user.
 * Every inner set is uncorrelated (hashed once) instead of a sub-plan per application. Products' own
 * status is not checked (as `isAppUser`). Usage: `p.id in (${appIdsOfUser(id)})`; app-users.scope.test.ts
 * proves it says what `isAppUser` says. No rows for an unknown user.
 */
export function appIdsOfUser(userId: string): SQL {
  const me = sql.raw('(select mp_me.tenant_id from mp_me)');
  const path = sql.raw('(select mp_me.path from mp_me)');
  return sql`with mp_me as materialized (select u.id, u.tenant_id, uo.path from users u
      left join organisations uo on uo.id = u.org_id and uo.tenant_id = u.tenant_id where u.id = ${userId})
    select mp_tp.product_id from tenant_products mp_tp
    where mp_tp.tenant_id = ${me} and mp_tp.status = 1
      and (mp_tp.product_id not in (select mp_r.product_id from app_root_orgs mp_r where mp_r.tenant_id = ${me})
        or mp_tp.product_id in (select mp_r.product_id from app_root_orgs mp_r join organisations mp_ro on mp_ro.id = mp_r.org_id
          where mp_r.tenant_id = ${me} and ${pathInSubtree(path, sql.raw('mp_ro.path'))})
        or mp_tp.product_id in (select mp_g.product_id from app_user_grants mp_g where mp_g.user_id = ${userId} and mp_g.tenant_id = ${me}))`;
}
