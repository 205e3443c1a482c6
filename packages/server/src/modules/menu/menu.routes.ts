/**
 * `GET /tenant/menu/listmymenu` (SPEC §7; §6 "the tenant menu derives from the role-based menu list
 * for the selected tenant"): the caller's menu tree in the tenant named by the TENANTID header ('-1':
 * the caller's own tenant). The tenant's administrators get every entry of TENANT_MENU; any other user
 * gets the entries granted with read to the enabled data roles they are a member of in that tenant
 * (roles/roles.grants.repository.ts), in TENANT_MENU's order. Each row's `purview` (1 read, 2 write)
 * tells the console which controls to show (administrators: 3). A disabled or unknown tenant: nothing.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ok, Paths, Purview, type TenantMenuRow } from '@mp/protocol';
import { translate } from '@mp/i18n';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { userIdentities } from '../../db/schema/index.js';
import { resolveTenant } from '../tenants/tenants.repository.js';
import { listMenuPurviewsOfUser } from '../roles/roles.grants.repository.js';
import { GRANTABLE_TENANT_MENU, TENANT_MENU } from './tenant-menu.js';

export default async function menuRoutes(app: FastifyInstance) {
  app.get(Paths.listmymenu, { config: { access: 'user' }, schema: { tags: ['menu'] } }, async (request) => {
    const auth = request.auth!;
    /** The caller's permission bits per menu code (0: not visible). */
    const purviewOf = await inScope(app.database.db, PLATFORM_SCOPE, async (tx): Promise<(code: string) => number> => {
      const tenant = await resolveTenant(tx, request.tenantHeader === '-1' ? auth.tenantId : request.tenantHeader);
      if (!tenant || tenant.status !== 1) return () => 0;
      const [admin] = await tx
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, auth.userId), eq(userIdentities.tenantId, tenant.id), eq(userIdentities.identity, 3)));
      if (admin) return () => Purview.READ_WRITE;
      const granted = await listMenuPurviewsOfUser(tx, tenant.id, auth.userId);
      const grantable = new Set(GRANTABLE_TENANT_MENU.map((m) => m.code));
      return (code) => (grantable.has(code) ? (granted.get(code) ?? 0) : 0);
    });
    const rows: TenantMenuRow[] = TENANT_MENU.filter((m) => purviewOf(m.code)).map((m) => ({
      menuId: m.code,
      menuName: translate(request.locale, `menu:${m.code}`),
      menuIcon: m.icon,
      parentMenuId: '0',
      menuUrl: `/tenancy/${m.code}`,
      purview: purviewOf(m.code),
      children: [],
    }));
    return ok({ rows });
  });
}
