/**
 * Enterprise user area, user type 7 (SPEC §2 User area): /userAdmin → app, or bbcapp (the personal
 * home of a cloud deployment) when the bambooCloud configuration flag is on.
 */
import type { LoginConfig } from '@mp/protocol';
import type { AreaDef } from './types';

/** The user area's home: 'bbcapp' when the cloud flag is on, else 'app' (SPEC §2). */
export function userAdminHome(config: LoginConfig): string {
  return config.bambooCloud ? 'bbcapp' : 'app';
}

export const userAdminArea: AreaDef = {
  userType: 7,
  root: '/userAdmin',
  titleKey: 'identity.workbench',
  defaultChild: userAdminHome,
  menuSource: 'fixed',
  routes: [
    { path: 'dashboard', titleKey: 'route.dashboard', icon: 'dashboard', free: true, load: () => import('../pages/userAdmin/Dashboard') },
    { path: 'app', titleKey: 'route.app', icon: 'app', menu: true, load: () => import('../pages/userAdmin/MyApps') },
    { path: 'bbcapp', titleKey: 'route.bbcapp', icon: 'home', free: true, load: () => import('../pages/userAdmin/BbcApp') },
    { path: 'notice', titleKey: 'route.myNotice', icon: 'notice', menu: true, load: () => import('../pages/userAdmin/Notices') },
    { path: 'notice/:id', titleKey: 'route.myNotice', icon: 'notice', free: true, load: () => import('../pages/userAdmin/Notices/detail') },
    { path: 'message', titleKey: 'route.myMessage', icon: 'message', menu: true, load: () => import('../pages/userAdmin/Messages') },
    {
      path: 'wftask',
      titleKey: 'route.wftask',
      icon: 'audit',
      menu: true,
      load: () => import('../pages/userAdmin/Workflow').then((m) => ({ default: m.WfTasks })),
    },
    {
      path: 'wfhandled',
      titleKey: 'route.wfhandled',
      icon: 'audit',
      menu: true,
      load: () => import('../pages/userAdmin/Workflow').then((m) => ({ default: m.WfHandled })),
    },
    {
      path: 'wfinitiated',
      titleKey: 'route.wfinitiated',
      icon: 'audit',
      menu: true,
      load: () => import('../pages/userAdmin/Workflow').then((m) => ({ default: m.WfInitiated })),
    },
  ],
};
