/**
 * What happens to the session on sign-in, section change, identity switch and logout (SPEC §4 Login
 * flow, Routing, Session; §2 Logout). Glue between the auth calls, the routes and the session store.
 */
import { expandIdentities, Identity, UserType, type SessionUserInfo, type UserTypeValue } from '@mp/protocol';
import { useCurrentTenantStore } from './current-tenant';
import { listMyMenu, tokenLogin, tokenLogout } from '../api/auth';
import { areaOf, buildFixedMenu } from '../routes/areas';
import { convertTenantMenu, flattenMenu, type MenuNode } from '../routes/menu';
import { useConfigStore } from './config';
import { clearAllSession, useSessionStore } from './session';

/** Why a session user info cannot sign in (SPEC §4: test accounts are refused). */
export type SignInRefusal = 'testAccount' | 'noIdentity';

/**
 * Normalises a tokenlogin answer: identities sorted descending and expanded into user types
 * (SPEC §4 Login flow), plus the user types the server adds without an identity (a role holder's
 * tenant type 3, docs/tenancy.md). Returns a refusal when nothing remains (only the test account, or nothing).
 */
export function normaliseUserInfo(info: SessionUserInfo): { info: SessionUserInfo; types: UserTypeValue[] } | { refusal: SignInRefusal } {
  const identities = [...(info.userType ?? [])].map(Number).sort((a, b) => b - a);
  const expanded = expandIdentities(identities);
  const extra = (info.userTypes ?? []).map(Number).filter((n): n is UserTypeValue => n === UserType.TENANT && !expanded.includes(n));
  const types = [...expanded, ...extra].sort((a, b) => a - b);
  if (types.length === 0) return { refusal: identities.includes(Identity.TEST_ACCOUNT) ? 'testAccount' : 'noIdentity' };
  return { info: { ...info, userType: identities, userTypes: types.map(String), currentUserType: info.currentUserType || String(types[0]) }, types };
}

/** The user types of the stored session, in order. */
export function sessionUserTypes(info: SessionUserInfo | null): UserTypeValue[] {
  if (!info) return [];
  const fromStrings = (info.userTypes ?? []).map(Number).filter((n) => [1, 2, 3, 4, 5, 7].includes(n)) as UserTypeValue[];
  return fromStrings.length ? fromStrings : expandIdentities(info.userType ?? []);
}

/** The menu of a section: fixed from the area definition, or the tenant menu from the server. */
export async function loadMenu(userType: UserTypeValue): Promise<MenuNode[]> {
  const area = areaOf(userType);
  if (area.menuSource === 'fixed') return buildFixedMenu(area, useConfigStore.getState().login);
  try {
    return convertTenantMenu(await listMyMenu(useSessionStore.getState().currentTenantId), area.root);
  } catch (e) {
    console.error('[menu] tenant menu failed', e);
    return [];
  }
}

/**
 * A role holder enters the tenant area of their own tenant (docs/tenancy.md): when no tenant was chosen
 * on "My tenants", the user's own tenant becomes the current one (the TENANTID of later calls).
 */
function chooseOwnTenantByDefault(): void {
  const info = useSessionStore.getState().userInfo;
  const store = useCurrentTenantStore.getState();
  if (!info?.tenantId || store.choice) return;
  const own = (info.tenantList ?? []).find((t) => t.objID === info.tenantId);
  store.choose({ id: info.tenantId, code: own?.code ?? info.tenantId, name: own?.name ?? info.tenantId, logoUrl: '' });
}

/**
 * Initialises a section (SPEC §4 Routing): current user type, its menu, no open tabs, identity stored.
 */
export async function initSection(userType: UserTypeValue): Promise<void> {
  if (userType === UserType.TENANT) chooseOwnTenantByDefault();
  const tree = await loadMenu(userType);
  const s = useSessionStore.getState();
  s.setMenu(tree, flattenMenu(tree));
  s.clearTabs();
  s.setCurrentUserType(userType);
  if (s.userInfo) useSessionStore.setState({ userInfo: { ...s.userInfo, currentUserType: String(userType) } });
}

/**
 * Refreshes the stored user info with `tokenlogin` (SPEC §4: switching user type refreshes user
 * info and menu). Keeps the stored info when the call fails.
 */
export async function refreshUserInfo(): Promise<void> {
  const s = useSessionStore.getState();
  if (!s.userInfo || !s.token) return;
  const fresh = await tokenLogin(s.userInfo.userName, s.token, { noToast: true });
  const n = normaliseUserInfo({ ...fresh, token: fresh.token || s.token });
  if ('info' in n) useSessionStore.getState().setUserInfo(n.info);
}

/**
 * Signs in with an SSO token from the address (SPEC §4 Routing: ssotoken query): stores the user info
 * and the menu of the first user type. Errors are logged and ignored.
 */
export async function ssoSignIn(ssotoken: string, username: string): Promise<void> {
  const prev = useSessionStore.getState();
  const restore = { token: prev.token, userId: prev.userId };
  try {
    // The signature needs the token's user id: known only when the token is this session's own.
    useSessionStore.getState().setAuth(ssotoken, ssotoken === prev.token ? prev.userId : '');
    // Silent: SSO errors are logged and ignored (SPEC §8); the guard then treats the visitor as signed out.
    const info = await tokenLogin(username, ssotoken, { silent: true });
    const n = normaliseUserInfo({ ...info, token: info.token || ssotoken });
    if (!('info' in n)) {
      useSessionStore.getState().setAuth(restore.token, restore.userId);
      return;
    }
    useSessionStore.getState().setUserInfo(n.info);
    await initSection(n.types[0]!);
  } catch (e) {
    useSessionStore.getState().setAuth(restore.token, restore.userId);
    console.error('[sso] sign-in with ssotoken failed', e);
  }
}

/** Ends the session: `tokenlogout` (errors ignored), all session storage cleared (SPEC §2 Logout). */
export async function logout(): Promise<void> {
  const s = useSessionStore.getState();
  if (s.token) {
    try {
      await tokenLogout(s.userInfo?.userName ?? '', s.token);
    } catch (e) {
      console.warn('[logout] tokenlogout failed', e);
    }
  }
  clearAllSession();
}
