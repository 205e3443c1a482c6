/**
 * Startup configuration (SPEC §1 Startup, §7 Startup, PROTOCOL.md "Startup configuration"): the
 * deployment key `mpk`, `cryptoType`, the login configuration and the tenant / app parameters read once
 * from the address hash at startup (`tenant_id`, `app_code`, `app_id`, default 'sys'; `redirect_uri`).
 */
import { create } from 'zustand';
import { DEFAULTS, LOGIN_CONFIG_DEFAULTS, type LoginConfig, type StartupConfig } from '@mp/protocol';

export const SERVER_OFFSET_KEY = 'serverTimeOffset';

/** Parameters the startup address hash may carry (SPEC §2 Login page). */
export interface HashParams {
  tenantId: string;
  appCode: string;
  appId: string;
  redirectUri: string;
  /** True when tenant_id and app_code were both given (central sign-in for another app). */
  hasTenantAndApp: boolean;
}

/**
 * Parses `#tenant_id=…&app_code=…` (also `#/path?tenant_id=…`) into hash params with 'sys' defaults.
 * @param hash the raw `location.hash`, with or without the leading '#'.
 */
export function parseHashParams(hash: string): HashParams {
  let h = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = h.indexOf('?');
  if (q >= 0) h = h.slice(q + 1);
  const p = new URLSearchParams(h);
  const tenant = p.get('tenant_id') ?? '';
  const appCode = p.get('app_code') ?? '';
  return {
    tenantId: tenant || DEFAULTS.tenantId,
    appCode: appCode || DEFAULTS.appCode,
    appId: p.get('app_id') || DEFAULTS.appId,
    redirectUri: p.get('redirect_uri') ?? '',
    hasTenantAndApp: Boolean(tenant && appCode),
  };
}

/** The login configuration before the server answers (SPEC §9 defaults; the rule comes from the server). */
export const DEFAULT_LOGIN_CONFIG: LoginConfig = { ...LOGIN_CONFIG_DEFAULTS, passwordReg: '' };

interface ConfigState {
  loaded: boolean;
  mpk: string;
  cryptoType: '1' | '2';
  /** Milliseconds before a call is aborted with 'request timeout' (SPEC §9, from the server's configuration). */
  requestTimeoutMs: number;
  login: LoginConfig;
  hash: HashParams;
  setStartup(c: StartupConfig): void;
  /** Re-reads the hash (the login page does this on each visit). */
  setHash(h: HashParams): void;
}

export const useConfigStore = create<ConfigState>()((set) => ({
  loaded: false,
  mpk: '',
  cryptoType: DEFAULTS.cryptoType,
  requestTimeoutMs: DEFAULTS.requestTimeoutMs,
  login: DEFAULT_LOGIN_CONFIG,
  hash: parseHashParams(globalThis.location?.hash ?? ''),
  setStartup: (c) =>
    set({
      loaded: true,
      mpk: c.mpk,
      cryptoType: c.cryptoType === '1' ? '1' : '2',
      requestTimeoutMs: Number.isInteger(c.requestTimeoutMs) && c.requestTimeoutMs! > 0 ? c.requestTimeoutMs! : DEFAULTS.requestTimeoutMs,
      login: { ...DEFAULT_LOGIN_CONFIG, ...(c.rows ?? {}) },
    }),
  setHash: (hash) => set({ hash }),
}));

/** The server-time offset in ms (server − local), kept in localStorage (SPEC §3). */
export function readServerOffset(): number {
  try {
    const n = Number(localStorage.getItem(SERVER_OFFSET_KEY));
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export function writeServerOffset(offset: number): void {
  try {
    localStorage.setItem(SERVER_OFFSET_KEY, String(Math.round(offset)));
  } catch {
    /* ignore */
  }
}
