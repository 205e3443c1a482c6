/**
 * What a user holds through the application's own roles (issue 15; docs/applications.md "Application
 * roles and permission templates"), for the policy service to union with the tenant roles' grants.
 */
import { sql } from 'drizzle-orm';
import type { AppGrantKindValue } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { isAppUser } from '../appusers/app-users.scope.js';

/** One grant a user holds through an application role. */
export interface AppRoleGrantOfUser { roleId: string; roleCode: string; roleName: string; kind: AppGrantKindValue; dataId: string; purview: number }

/**
 * The grants of `userId` (of `tenantId`) through their ENABLED roles of application `productId`: one row
 * per (role, kind, item), bits 1 read / 2 write (APIs 1). A user who is no longer a user of the
 * application (`isAppUser`: tenant stopped using it, moved outside its root organisations) holds nothing.
 * One statement; works in any scope that can read the platform tables (platform scope).
 */
export async function appRoleGrantsOf(tx: Tx, productId: string, tenantId: string, userId: string): Promise<AppRoleGrantOfUser[]> {
  return rowsOf<AppRoleGrantOfUser>(await tx.execute(sql`
    select r.id as "roleId", r.code as "roleCode", r.name as "roleName", g.kind, g.data_id as "dataId", g.purview
    from app_role_users m
    join app_roles r on r.id = m.role_id and r.product_id = m.product_id and r.status = 1
    join app_role_grants g on g.role_id = r.id and g.product_id = r.product_id
    join users u on u.id = m.user_id and u.tenant_id = m.tenant_id
    where m.product_id = ${productId} and m.tenant_id = ${tenantId} and m.user_id = ${userId}
      and ${isAppUser(productId, { tenantId: sql.raw('u.tenant_id'), orgId: sql.raw('u.org_id') })}
    order by r.code, g.kind, g.data_id`));
}
