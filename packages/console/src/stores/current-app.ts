/**
 * The application an application administrator is working on (SPEC §2 App admin appList → /app): chosen
 * on the workbench, sent as the APPID / APPCODE headers of every later call (the HTTP client reads them
 * from the config store's hash parameters, where this store puts them), and kept in sessionStorage
 * under `currentApp` so a reload of an /app page keeps it. Signing out clears session storage, and
 * with it the choice (SPEC §2 Logout). An `app_id` in the startup address hash wins over the stored
 * choice (SPEC §1 Startup).
 */
import { create } from 'zustand';
import { DEFAULTS, type MyAppRow } from '@mp/protocol';
import { useConfigStore } from './config';

export const CURRENT_APP_STORAGE_KEY = 'currentApp';

/** What is kept of the chosen app: enough for the headers and the page header. */
export type CurrentApp = Pick<MyAppRow, 'id' | 'code' | 'name' | 'logoUrl'>;

function readStored(): CurrentApp | null {
  try {
    const v = JSON.parse(globalThis.sessionStorage?.getItem(CURRENT_APP_STORAGE_KEY) ?? 'null') as CurrentApp | null;
    return v && typeof v.id === 'string' && typeof v.code === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Points the APPID / APPCODE headers at `app` (or back to 'sys'). */
function applyHeaders(app: CurrentApp | null): void {
  const cfg = useConfigStore.getState();
  cfg.setHash({ ...cfg.hash, appId: app?.id ?? DEFAULTS.appId, appCode: app?.code ?? DEFAULTS.appCode });
}

interface CurrentAppState {
  app: CurrentApp | null;
  /** Chooses the app: stored, and named by APPID / APPCODE from now on. */
  choose(app: CurrentApp): void;
  clear(): void;
}

/** Restores the stored choice unless the startup hash named an app itself. */
function initial(): CurrentApp | null {
  const hash = useConfigStore.getState().hash;
  if (hash.appId !== DEFAULTS.appId) return { id: hash.appId, code: hash.appCode, name: hash.appCode, logoUrl: '' };
  const stored = readStored();
  if (stored) applyHeaders(stored);
  return stored;
}

export const useCurrentAppStore = create<CurrentAppState>()((set) => ({
  app: initial(),
  choose: (app) => {
    try { sessionStorage.setItem(CURRENT_APP_STORAGE_KEY, JSON.stringify(app)); } catch { /* storage unavailable */ }
    applyHeaders(app);
    set({ app });
  },
  clear: () => {
    try { sessionStorage.removeItem(CURRENT_APP_STORAGE_KEY); } catch { /* storage unavailable */ }
    applyHeaders(null);
    set({ app: null });
  },
}));

/**
 * The current app, or null when none is chosen or the APPID header no longer names it (for instance
 * after signing out and in again, which resets the hash parameters).
 */
export function useCurrentApp(): CurrentApp | null {
  const app = useCurrentAppStore((s) => s.app);
  const appId = useConfigStore((s) => s.hash.appId);
  return app && app.id === appId ? app : null;
}
