/**
 * A choice that names the context of later calls through the config store's hash parameters (which the
 * HTTP client sends as headers): the current app (APPID / APPCODE, stores/current-app.ts) and the current
 * tenant (TENANTID, stores/current-tenant.ts). Kept in sessionStorage under `storageKey`, so a reload keeps
 * it; signing out clears session storage and with it the choice (SPEC §2 Logout). A value the startup
 * address hash names itself wins over the stored one (SPEC §1 Startup).
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { useConfigStore, type HashParams } from './config';

/** What is kept of a chosen item: enough for the headers and the page header. */
export interface Choice {
  id: string;
  code: string;
  name: string;
  logoUrl: string;
}

export interface ChoiceState<T extends Choice> {
  choice: T | null;
  /** Chooses `item`: stored, and named by the headers from now on. */
  choose(item: T): void;
  clear(): void;
}

export interface ChoiceOptions<T extends Choice> {
  storageKey: string;
  /** The choice the startup hash names itself, or null (then the stored one is restored). */
  fromHash(hash: HashParams): T | null;
  /** The hash parameters with `choice` (or the defaults for null) applied. */
  toHash(hash: HashParams, choice: T | null): HashParams;
}

/** Builds the store and a hook answering the choice only while the headers still name it. */
export function createChoiceStore<T extends Choice>(
  o: ChoiceOptions<T>,
): {
  useStore: UseBoundStore<StoreApi<ChoiceState<T>>>;
  useCurrent: () => T | null;
} {
  const apply = (choice: T | null) => {
    const cfg = useConfigStore.getState();
    cfg.setHash(o.toHash(cfg.hash, choice));
  };
  const readStored = (): T | null => {
    try {
      const v = JSON.parse(globalThis.sessionStorage?.getItem(o.storageKey) ?? 'null') as T | null;
      return v && typeof v.id === 'string' && typeof v.code === 'string' ? v : null;
    } catch {
      return null;
    }
  };
  const initial = (): T | null => {
    const named = o.fromHash(useConfigStore.getState().hash);
    if (named) return named;
    const stored = readStored();
    if (stored) apply(stored);
    return stored;
  };
  const useStore = create<ChoiceState<T>>()((set) => ({
    choice: initial(),
    choose: (item) => {
      try {
        sessionStorage.setItem(o.storageKey, JSON.stringify(item));
      } catch {
        /* storage unavailable */
      }
      apply(item);
      set({ choice: item });
    },
    clear: () => {
      try {
        sessionStorage.removeItem(o.storageKey);
      } catch {
        /* storage unavailable */
      }
      apply(null);
      set({ choice: null });
    },
  }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per store at module level (this factory is not a component)
  const useCurrent = (): T | null => {
    const choice = useStore((s) => s.choice);
    const hash = useConfigStore((s) => s.hash);
    return choice && sameChoice(o.toHash(hash, choice), hash) ? choice : null;
  };
  return { useStore, useCurrent };
}

/** True when applying a choice would not change the hash (it is what the headers already name). */
function sameChoice(a: HashParams, b: HashParams): boolean {
  return a.tenantId === b.tenantId && a.appId === b.appId && a.appCode === b.appCode;
}
