/**
 * The application an application administrator is working on (SPEC §2 App admin appList → /app): chosen
 * on the workbench, sent as the APPID / APPCODE headers of every later call, kept in sessionStorage under
 * `currentApp` (stores/current-choice.ts). An `app_id` in the startup address hash wins over the stored
 * choice (SPEC §1 Startup).
 */
import { DEFAULTS } from '@mp/protocol';
import { createChoiceStore, type Choice } from './current-choice';

export const CURRENT_APP_STORAGE_KEY = 'currentApp';

/** What is kept of the chosen app: enough for the headers and the page header. */
export type CurrentApp = Choice;

const store = createChoiceStore<CurrentApp>({
  storageKey: CURRENT_APP_STORAGE_KEY,
  fromHash: (h) => (h.appId !== DEFAULTS.appId ? { id: h.appId, code: h.appCode, name: h.appCode, logoUrl: '' } : null),
  toHash: (h, app) => ({ ...h, appId: app?.id ?? DEFAULTS.appId, appCode: app?.code ?? DEFAULTS.appCode }),
});

export const useCurrentAppStore = store.useStore;

/**
 * The current app, or null when none is chosen or the APPID header no longer names it (for instance
 * after signing out and in again, which resets the hash parameters).
 */
export const useCurrentApp = store.useCurrent;
