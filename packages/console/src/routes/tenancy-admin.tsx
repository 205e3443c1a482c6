/** Tenant administrator area, user type 2 (SPEC §2 Tenant admin): /tenancyAdmin → tenancyList. */
import type { AreaDef } from './types';

export const tenancyAdminArea: AreaDef = {
  userType: 2,
  root: '/tenancyAdmin',
  titleKey: 'identity.tenantAdmin',
  defaultChild: () => 'tenancyList',
  menuSource: 'fixed',
  routes: [{ path: 'tenancyList', titleKey: 'route.tenancyList', icon: 'tenant', menu: true, load: () => import('../pages/tenancyAdmin/TenancyList') }],
};
