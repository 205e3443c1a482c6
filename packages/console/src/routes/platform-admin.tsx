/**
 * Platform administrator area, user type 1 (SPEC §2 Platform admin): /platformAdmin → dashboard.
 * Menu: product, tenancyManager, sysconfig, roleManager ('data role management'), employeeManagement;
 * permitManager exists but is hidden; the dashboard is never a menu item; user authorisation disabled.
 */
import type { AreaDef } from './types';
import { placeholder } from './placeholder';

export const platformAdminArea: AreaDef = {
  userType: 1,
  root: '/platformAdmin',
  titleKey: 'identity.platformAdmin',
  defaultChild: () => 'dashboard',
  menuSource: 'fixed',
  routes: [
    { path: 'dashboard', titleKey: 'route.dashboard', icon: 'dashboard', free: true, load: () => import('../pages/platformAdmin/Dashboard') },
    { path: 'product', titleKey: 'route.product', icon: 'product', menu: true, load: () => import('../pages/platformAdmin/Product') },
    { path: 'tenancyManager', titleKey: 'route.tenancyManager', icon: 'tenant', menu: true, load: () => import('../pages/platformAdmin/TenancyManager') },
    { path: 'sysconfig', titleKey: 'route.platformSysconfig', icon: 'setting', menu: true, load: () => import('../pages/platformAdmin/Sysconfig') },
    {
      path: 'roleManager',
      titleKey: 'route.roleManager',
      menuTitleKey: 'route.dataRoleManagement',
      icon: 'role',
      menu: true,
      load: () => import('../pages/platformAdmin/RoleManager'),
    },
    { path: 'productClients', titleKey: 'route.client', icon: 'product', free: true, load: () => import('../pages/platformAdmin/ProductClients') },
    { path: 'permitManager', titleKey: 'route.permitManager', icon: 'licence', free: true, load: () => import('../pages/platformAdmin/PermitManager') },
    {
      path: 'employeeManagement',
      titleKey: 'route.employeeManagement',
      icon: 'user',
      menu: true,
      load: () => import('../pages/platformAdmin/EmployeeManagement'),
    },
    {
      path: 'serviceAccounts',
      titleKey: 'serviceaccount:title',
      icon: 'key',
      menu: true,
      load: () => import('../pages/ServiceAccounts').then((m) => ({ default: m.PlatformServiceAccounts })),
    },
    { path: 'onlineUsers', titleKey: 'session:route', icon: 'team', menu: true, load: () => import('../pages/platformAdmin/OnlineUsers') },
    {
      path: 'callStats',
      titleKey: 'calllog:statsTitle',
      icon: 'api',
      menu: true,
      load: () => import('../pages/CallLogs').then((m) => ({ default: m.PlatformCallStats })),
    },
    {
      path: 'callLogs',
      titleKey: 'calllog:logsTitle',
      icon: 'audit',
      menu: true,
      load: () => import('../pages/CallLogs').then((m) => ({ default: m.PlatformCallLogs })),
    },
    { path: 'userAuthorization', titleKey: 'route.userAuthorization', icon: 'key', disabled: true, load: placeholder },
  ],
};
