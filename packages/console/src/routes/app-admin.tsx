/** Application administrator area, user type 4 (SPEC §2 App admin): /appAdmin → appList. */
import type { AreaDef } from './types';

export const appAdminArea: AreaDef = {
  userType: 4,
  root: '/appAdmin',
  titleKey: 'identity.appAdmin',
  defaultChild: () => 'appList',
  menuSource: 'fixed',
  routes: [
    { path: 'dashboard', titleKey: 'route.dashboard', icon: 'dashboard', free: true, load: () => import('../pages/appAdmin/Dashboard') },
    { path: 'appList', titleKey: 'route.appList', icon: 'workbench', menu: true, load: () => import('../pages/appAdmin/AppList') },
  ],
};
