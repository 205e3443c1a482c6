/**
 * Application area, user type 5 (SPEC §2 App): /app → menu. Two menu groups: system management, and
 * announcement/message management, shown only when the notice-management flag is on (or in development).
 */
import type { AreaDef } from './types';

const SYS = 'systemManagement';
const NOTICE = 'noticeManagement';

export const appArea: AreaDef = {
  userType: 5,
  root: '/app',
  titleKey: 'identity.appAdmin',
  defaultChild: () => 'menu',
  menuSource: 'fixed',
  groups: [
    { key: SYS, titleKey: 'group.systemManagement', icon: 'setting' },
    { key: NOTICE, titleKey: 'group.noticeManagement', icon: 'notice', when: (c, dev) => c.noticeManagement || dev },
  ],
  routes: [
    { path: 'dashboard', titleKey: 'route.dashboard', icon: 'dashboard', free: true, load: () => import('../pages/app/Dashboard') },
    { path: 'menu', titleKey: 'route.menu', icon: 'menu', menu: true, group: SYS, load: () => import('../pages/app/MenuDesigner') },
    { path: 'page', titleKey: 'route.page', icon: 'page', menu: true, group: SYS, load: () => import('../pages/app/PageDesigner') },
    { path: 'api', titleKey: 'route.api', icon: 'api', menu: true, group: SYS, load: () => import('../pages/app/ApiRegistry') },
    { path: 'org', titleKey: 'route.org', icon: 'org', menu: true, group: SYS, load: () => import('../pages/app/AppOrg') },
    { path: 'orgUserRelation', titleKey: 'route.orgUserRelation', icon: 'team', menu: true, group: SYS, load: () => import('../pages/app/OrgUserRelation') },
    { path: 'user', titleKey: 'route.user', icon: 'user', menu: true, group: SYS, load: () => import('../pages/app/AppUsers') },
    { path: 'roleManagement', titleKey: 'route.roleManagement', icon: 'role', menu: true, group: SYS, load: () => import('../pages/app/RoleManagement') },
    { path: 'client', titleKey: 'route.client', icon: 'client', menu: true, group: SYS, load: () => import('../pages/app/Client') },
    { path: 'workflow', titleKey: 'route.workflow', icon: 'audit', menu: true, group: SYS, load: () => import('../pages/app/Workflow') },
    {
      path: 'callStats',
      titleKey: 'calllog:statsTitle',
      icon: 'api',
      menu: true,
      group: SYS,
      load: () => import('../pages/CallLogs').then((m) => ({ default: m.AppCallStats })),
    },
    {
      path: 'callLogs',
      titleKey: 'calllog:logsTitle',
      icon: 'audit',
      menu: true,
      group: SYS,
      load: () => import('../pages/CallLogs').then((m) => ({ default: m.AppCallLogs })),
    },
    { path: 'notice', titleKey: 'route.notice', icon: 'notice', menu: true, group: NOTICE, load: () => import('../pages/app/Notice') },
    {
      path: 'messagetemplate',
      titleKey: 'route.messagetemplate',
      icon: 'template',
      menu: true,
      group: NOTICE,
      load: () => import('../pages/app/MessageTemplate'),
    },
    { path: 'message', titleKey: 'route.message', icon: 'message', menu: true, group: NOTICE, load: () => import('../pages/app/Message') },
    { path: 'bigfile', titleKey: 'route.bigfile', icon: 'upload', menu: true, load: () => import('../pages/BigFile') },
  ],
};
