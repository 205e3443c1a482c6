/**
 * UI state (SPEC §3 Global state, §4 Global loading, §1 Languages): the pending-request counter behind
 * the global spinner and the current language. The language lives in localStorage under `language`
 * and is sent as `X-Language` with every request.
 */
import { create } from 'zustand';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@mp/protocol';

export const LANGUAGE_STORAGE_KEY = 'language';

/** Reads the stored language; anything unknown (or no storage) gives ZH_CN. */
export function readStoredLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return v && (SUPPORTED_LANGUAGES as readonly string[]).includes(v) ? (v as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

interface UiState {
  /** Requests pending that show the spinner; the spinner is on while this is above 0. */
  pending: number;
  language: Language;
  beginLoading(): void;
  endLoading(): void;
  setLanguageState(language: Language): void;
}

export const useUiStore = create<UiState>()((set) => ({
  pending: 0,
  language: readStoredLanguage(),
  beginLoading: () => set((s) => ({ pending: s.pending + 1 })),
  endLoading: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
  setLanguageState: (language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      /* storage unavailable */
    }
    set({ language });
  },
}));

/** True while at least one request with the spinner is pending (SPEC §4 Global loading). */
export const selectGlobalLoading = (s: UiState): boolean => s.pending > 0;
