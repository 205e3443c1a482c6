/**
 * Tenant area, user type 3 (SPEC §2 Tenant): /tenancy → appManagement. The menu comes from the server
 * (`listmymenu` for the selected tenant, SPEC §6); routes not in it redirect to its first item.
 */
import type { AreaDef } from './types';

export const tenancyArea: AreaDef = {
  userType: 3,
  root: '/tenancy',
  titleKey: 'identity.tenantAdmin',
  defaultChild: () => 'appManagement',
  menuSource: 'server',
  routes: [
    { path: 'dashboard', titleKey: 'route.dashboard', icon: 'dashboard', free: true, load: () => import('../pages/tenancy/Dashboard') },
    { path: 'nomenu', titleKey: 'route.nomenu', icon: 'menu', free: true, load: () => import('../pages/NoMenu') },
    { path: 'appManagement', titleKey: 'route.appManagement', icon: 'app', load: () => import('../pages/tenancy/AppManagement') },
    { path: 'baseOrgManagement', titleKey: 'route.baseOrgManagement', icon: 'library', load: () => import('../pages/tenancy/BaseOrgManagement') },
    { path: 'orgManagement', titleKey: 'route.orgManagement', icon: 'org', load: () => import('../pages/tenancy/OrgManagement') },
    { path: 'orgMappingManagement', titleKey: 'route.orgMappingManagement', icon: 'relation', load: () => import('../pages/tenancy/OrgMappingManagement') },
    { path: 'orgEmployeeRelation', titleKey: 'route.orgEmployeeRelation', icon: 'team', load: () => import('../pages/tenancy/OrgEmployeeRelation') },
    { path: 'roleManagement', titleKey: 'route.roleManagement', icon: 'role', load: () => import('../pages/tenancy/RoleManagement') },
    { path: 'stationManagement', titleKey: 'route.stationManagement', icon: 'station', load: () => import('../pages/tenancy/StationManagement') },
    { path: 'employeeManagement', titleKey: 'route.employeeManagement', icon: 'user', load: () => import('../pages/tenancy/EmployeeManagement') },
    {
      path: 'employeeMappingManagement',
      titleKey: 'route.employeeMappingManagement',
      icon: 'mapping',
      load: () => import('../pages/tenancy/EmployeeMappingManagement'),
    },
    { path: 'accountManagement', titleKey: 'route.accountManagement', icon: 'account', load: () => import('../pages/tenancy/AccountManagement') },
    { path: 'auditlog', titleKey: 'route.auditlog', icon: 'audit', load: () => import('../pages/tenancy/AuditLog') },
    { path: 'callStats', titleKey: 'route.callStats', icon: 'api', load: () => import('../pages/CallLogs').then((m) => ({ default: m.TenantCallStats })) },
    { path: 'callLogs', titleKey: 'route.callLogs', icon: 'audit', load: () => import('../pages/CallLogs').then((m) => ({ default: m.TenantCallLogs })) },
    {
      path: 'serviceAccounts',
      titleKey: 'route.serviceAccounts',
      icon: 'key',
      load: () => import('../pages/ServiceAccounts').then((m) => ({ default: m.TenantServiceAccounts })),
    },
    { path: 'sysconfig', titleKey: 'route.sysconfig', icon: 'setting', load: () => import('../pages/tenancy/Sysconfig') },
  ],
};
