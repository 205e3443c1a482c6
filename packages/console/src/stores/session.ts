/**
 * Session state (SPEC §3 Session user info and Global state, §9 Storage): the credentials, the session
 * user info, the current user type, the menu (tree and flat list) and the open tabs. Persisted as one
 * JSON object under the key 'default' in sessionStorage (this tab) and localStorage (new tabs start
 * signed in); `clearSession` removes both (SPEC §2 Login page, logout).
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { DEFAULTS, type SessionUserInfo, type UserTypeValue } from '@mp/protocol';
import type { MenuNode } from '../routes/menu';

/** One open tab of the tab bar: the page path (with its query) and its title. */
export interface OpenTab {
  /** Pathname, the tab's identity. */
  key: string;
  /** Pathname plus search, where the tab navigates back to. */
  url: string;
  /** i18n key of the route title (layout namespace) or, for server menus, a literal title. */
  titleKey?: string;
  title?: string;
}

interface SessionState {
  token: string;
  userId: string;
  userInfo: SessionUserInfo | null;
  currentUserType: UserTypeValue | null;
  /** Tenant chosen for the tenant area (SPEC §6 tenant query parameter, default -1). */
  currentTenantId: string;
  menuTreeData: MenuNode[];
  menuListData: MenuNode[];
  tabs: OpenTab[];
  /** Credentials right after `signin`, before `tokenlogin` answers (PROTOCOL.md Sign-in sequence). */
  setAuth(token: string, userId: string): void;
  setUserInfo(info: SessionUserInfo): void;
  setCurrentUserType(t: UserTypeValue | null): void;
  setCurrentTenantId(id: string): void;
  setMenu(tree: MenuNode[], list: MenuNode[]): void;
  openTab(tab: OpenTab): void;
  closeTab(key: string): void;
  clearTabs(): void;
  clearSession(): void;
}

/** Writes to both storages, reads this tab's copy first (SPEC §9 Storage). */
const dualStorage: StateStorage = {
  getItem: (name) => sessionStorage.getItem(name) ?? localStorage.getItem(name),
  setItem: (name, value) => {
    sessionStorage.setItem(name, value);
    localStorage.setItem(name, value);
  },
  removeItem: (name) => {
    sessionStorage.removeItem(name);
    localStorage.removeItem(name);
  },
};

const empty = {
  token: '',
  userId: '',
  userInfo: null,
  currentUserType: null,
  currentTenantId: DEFAULTS.tenantMenuTenantId,
  menuTreeData: [],
  menuListData: [],
  tabs: [],
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      setAuth: (token, userId) => set({ token, userId }),
      setUserInfo: (info) => set({ userInfo: info, token: info.token || info.accessToken, userId: info.userId }),
      setCurrentUserType: (currentUserType) => set({ currentUserType }),
      setCurrentTenantId: (currentTenantId) => set({ currentTenantId }),
      setMenu: (menuTreeData, menuListData) => set({ menuTreeData, menuListData }),
      openTab: (tab) =>
        set((s) => {
          const i = s.tabs.findIndex((t) => t.key === tab.key);
          if (i < 0) return { tabs: [...s.tabs, tab] };
          const tabs = [...s.tabs];
          tabs[i] = tab;
          return { tabs };
        }),
      closeTab: (key) => set((s) => ({ tabs: s.tabs.filter((t) => t.key !== key) })),
      clearTabs: () => set({ tabs: [] }),
      clearSession: () => set({ ...empty }),
    }),
    {
      name: DEFAULTS.storageKey,
      storage: createJSONStorage(() => dualStorage),
      version: 1,
      partialize: (s) => ({
        token: s.token,
        userId: s.userId,
        userInfo: s.userInfo,
        currentUserType: s.currentUserType,
        currentTenantId: s.currentTenantId,
        menuTreeData: s.menuTreeData,
        menuListData: s.menuListData,
        tabs: s.tabs,
      }),
    },
  ),
);

/** Clears the session and every stored copy (SPEC §2: login visit and logout clear session storage). */
export function clearAllSession(): void {
  useSessionStore.getState().clearSession();
  try {
    sessionStorage.clear();
    localStorage.removeItem(DEFAULTS.storageKey);
  } catch {
    /* storage unavailable */
  }
}

/** True when a session user info with a token is stored. */
export function isSignedIn(): boolean {
  const s = useSessionStore.getState();
  return Boolean(s.userInfo && s.token);
}
