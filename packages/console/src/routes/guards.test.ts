import { describe, expect, it } from 'vitest';
import type { UserTypeValue } from '@mp/protocol';
import { DEFAULT_LOGIN_CONFIG } from '../stores/config';
import { AREAS, buildFixedMenu, homeOf } from './areas';
import { decideRoute, type GuardInput } from './guards';
import { flattenMenu } from './menu';

const platformMenu = buildFixedMenu(AREAS[0]!, DEFAULT_LOGIN_CONFIG, false);
const base: GuardInput = {
  pathname: '/platformAdmin/product',
  search: '',
  signedIn: true,
  userTypes: [1],
  currentUserType: 1,
  firstLoad: false,
  menuTree: platformMenu,
  menuList: flattenMenu(platformMenu),
  homeOf: (t: UserTypeValue) => homeOf(t, DEFAULT_LOGIN_CONFIG),
};

describe('routing guard (SPEC §4 Routing)', () => {
  it('sends visitors without a session to login (after the delay the component applies)', () => {
    expect(decideRoute({ ...base, signedIn: false })).toEqual({ action: 'login-later' });
  });
  it("redirects a user entering a root not among their types to their first type's root, keeping the query", () => {
    expect(decideRoute({ ...base, pathname: '/tenancy/orgManagement', search: '?a=1' })).toEqual({ action: 'redirect', to: '/platformAdmin?a=1' });
  });
  it('re-initialises the section on first load and on a section change', () => {
    expect(decideRoute({ ...base, firstLoad: true })).toEqual({ action: 'init-section', userType: 1 });
    expect(decideRoute({ ...base, userTypes: [2, 3], currentUserType: 3, pathname: '/tenancyAdmin/tenancyList' })).toEqual({
      action: 'init-section',
      userType: 2,
    });
  });
  it('sends a root to its default child and lets the never-in-menu dashboard through', () => {
    expect(decideRoute({ ...base, pathname: '/platformAdmin' })).toEqual({ action: 'redirect', to: '/platformAdmin/dashboard' });
    expect(decideRoute({ ...base, pathname: '/platformAdmin/dashboard' })).toEqual({ action: 'allow' });
  });
  it('adds the menuid query to a menu path that lacks it, and allows it once present', () => {
    expect(decideRoute({ ...base, search: '?x=1' })).toEqual({ action: 'redirect', to: '/platformAdmin/product?x=1&menuid=product' });
    expect(decideRoute({ ...base, search: '?menuid=product' })).toEqual({ action: 'allow' });
  });
  it('sends a path that is not in the menu to the first menu item, and an empty menu to /nomenu', () => {
    expect(decideRoute({ ...base, pathname: '/platformAdmin/userAuthorization' })).toEqual({ action: 'redirect', to: '/platformAdmin/product' });
    const empty = { ...base, userTypes: [3] as UserTypeValue[], currentUserType: 3 as UserTypeValue, menuTree: [], menuList: [] };
    expect(decideRoute({ ...empty, pathname: '/tenancy/appManagement' })).toEqual({ action: 'redirect', to: '/tenancy/nomenu' });
    expect(decideRoute({ ...empty, pathname: '/tenancy/nomenu' })).toEqual({ action: 'allow' });
  });
});

describe('fixed menus (SPEC §2 Menus)', () => {
  it('platform admin: the five SPEC entries, online users (issue 4), service accounts (issue 17) and call statistics and logs (issue 18), role management labelled data role management, no dashboard or permitManager', () => {
    expect(platformMenu.map((n) => n.id)).toEqual([
      'product',
      'tenancyManager',
      'sysconfig',
      'roleManager',
      'employeeManagement',
      'serviceAccounts',
      'onlineUsers',
      'callStats',
      'callLogs',
    ]);
    expect(platformMenu.find((n) => n.id === 'roleManager')?.titleKey).toBe('route.dataRoleManagement');
  });
  it('app area: the notice group appears only with the notice-management flag', () => {
    const app = AREAS.find((a) => a.userType === 5)!;
    const groups = (m: ReturnType<typeof buildFixedMenu>) => m.filter((g) => g.menuType === 'module').map((g) => g.id);
    expect(groups(buildFixedMenu(app, DEFAULT_LOGIN_CONFIG, false))).toEqual(['systemManagement']);
    expect(groups(buildFixedMenu(app, { ...DEFAULT_LOGIN_CONFIG, noticeManagement: true }, false))).toEqual(['systemManagement', 'noticeManagement']);
    // the big-file demo (SPEC §2 App bigfile) belongs to no group: it follows them at the top level
    expect(buildFixedMenu(app, DEFAULT_LOGIN_CONFIG, false).at(-1)).toMatchObject({ id: 'bigfile', menuType: 'page', level: 1, target: '/app/bigfile' });
  });
  it('user area home follows the cloud flag', () => {
    expect(homeOf(7, DEFAULT_LOGIN_CONFIG)).toBe('/userAdmin/app');
    expect(homeOf(7, { ...DEFAULT_LOGIN_CONFIG, bambooCloud: true })).toBe('/userAdmin/bbcapp');
  });
});
