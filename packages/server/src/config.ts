/**
 * Server configuration from the environment (README "Configuration"; docs/operations.md).
 * Every value has a default so `npm start` works on a fresh machine.
 */
import { resolve } from 'node:path';

export interface ServerConfig {
  /** HTTP port (PORT, default 8080). */
  port: number;
  host: string;
  /** PostgreSQL connection string; when empty, embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database (MP_DATA_DIR, default ./data); 'memory://' keeps it in memory. */
  dataDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Login check type for a new deployment: '0' none, '1' image (default), '2' slider. */
  loginCaptcha: '0' | '1' | '2';
  /**
   * Proof-of-work size of a captcha (MP_CAPTCHA_POW_WORK, default 1500): the most PBKDF2 tries (2,000
   * iterations each) a solver may need; the answer lies between a third of it and all of it
   * (docs/login.md "Proof of work"). Tests lower it.
   */
  captchaPowWork: number;
  /** Token lifetime in minutes. */
  tokenTtlMin: number;
  lockoutThreshold: number;
  lockoutWindowMin: number;
  lockoutMinutes: number;
  /** Folder with the built console to serve; absent → API only. */
  consoleDir: string;
  logLevel: string;
  /** Body limit in bytes for JSON; uploads have their own (10M). */
  bodyLimit: number;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), as Fastify's `trustProxy`
   * (MP_TRUST_PROXY): addresses, CIDRs or proxy-addr's names separated by commas (default
   * `loopback,linklocal,uniquelocal`: a reverse proxy on this host or the private network), `false`
   * (nothing: direct exposure) or `true` (every hop — the client could then choose its own address).
   * The address is taken from the right, past trusted proxies only. It feeds rate limits, sessions
   * and the audit log.
   */
  trustProxy: boolean | string;
  /** OpenID Connect issuer (MP_PUBLIC_URL + '/oidc'; default http://<host>:<port>/oidc; docs/oidc.md). */
  oidcIssuer: string;
  /**
   * Origins allowed to show the platform's pages in a frame (MP_FRAME_ANCESTORS: origins such as
   * `https://portal.example.com`, or `'self'`, separated by spaces or commas). Empty (the default):
   * no page may be framed (`frame-ancestors 'none'`, `X-Frame-Options: DENY`; plugins/security-headers.ts).
   */
  frameAncestors: string[];
  /**
   * Days the policy change log keeps its rows (MP_POLICY_RETENTION_DAYS, default 30): older rows are
   * swept, and a sync cursor handed out before then answers `policy.cursor_expired`
   * (docs/applications.md "Sync").
   */
  policyRetentionDays: number;
  /**
   * The policy service's per-instance decision cache (modules/policy/policy.cache.ts; docs/applications.md
   * "Decision cache"; docs/operations.md). `enabled` false (MP_POLICY_CACHE=0): every answer from SQL.
   * `size`: most cached (application, tenant, user) entries (MP_POLICY_CACHE_SIZE, default 10000);
   * `pollMs`: change-log poll interval (MP_POLICY_CACHE_POLL_MS, default 1000); `maxAgeMs`: an entry's
   * longest life whatever the log says (MP_POLICY_CACHE_MAX_AGE_MS, default 60000); `clientTtlMs`: how
   * long an authenticated client row is reused (MP_POLICY_CLIENT_TTL_MS, default 5000).
   */
  policyCache: { enabled: boolean; size: number; pollMs: number; maxAgeMs: number; clientTtlMs: number };
}

/** Proxies trusted by default: this host and private networks (proxy-addr's named ranges). */
export const DEFAULT_TRUSTED_PROXIES = 'loopback,linklocal,uniquelocal';

function trustProxyOf(v: string | undefined): boolean | string {
  const t = (v ?? '').trim();
  if (!t) return DEFAULT_TRUSTED_PROXIES;
  if (t.toLowerCase() === 'true' || t.toLowerCase() === 'false') return t.toLowerCase() === 'true';
  return t;
}

function int(v: string | undefined, d: number): number {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : d;
}

/**
 * MP_FRAME_ANCESTORS as a list: each entry `'self'` or an http(s) origin (scheme, host, optional port;
 * a leading `*.` host wildcard allowed). Throws on anything else, so a typo cannot open framing wide.
 */
export function frameAncestorsOf(v: string | undefined): string[] {
  const list = (v ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of list) {
    if (entry !== "'self'" && !/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(entry)) {
      throw new Error(`MP_FRAME_ANCESTORS: "${entry}" is not 'self' or an origin such as https://portal.example.com`);
    }
  }
  return list;
}

/** Reads the configuration from `env` (defaults to process.env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const captcha = env.MP_LOGIN_CAPTCHA;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.MP_DATA_DIR === 'memory://' ? 'memory://' : resolve(env.MP_DATA_DIR ?? './data'),
    adminUsername: env.MP_ADMIN_USERNAME || 'admin',
    adminPassword: env.MP_ADMIN_PASSWORD || undefined,
    loginCaptcha: captcha === '0' || captcha === '2' ? captcha : '1',
    captchaPowWork: int(env.MP_CAPTCHA_POW_WORK, 1500),
    tokenTtlMin: int(env.MP_TOKEN_TTL_MIN, 120),
    lockoutThreshold: int(env.MP_LOCKOUT_THRESHOLD, 5),
    lockoutWindowMin: int(env.MP_LOCKOUT_WINDOW_MIN, 15),
    lockoutMinutes: int(env.MP_LOCKOUT_MINUTES, 15),
    consoleDir: resolve(env.MP_CONSOLE_DIR ?? new URL('../../console/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: int(env.MP_BODY_LIMIT, 1024 * 1024),
    trustProxy: trustProxyOf(env.MP_TRUST_PROXY),
    frameAncestors: frameAncestorsOf(env.MP_FRAME_ANCESTORS),
    policyRetentionDays: int(env.MP_POLICY_RETENTION_DAYS, 30),
    policyCache: {
      enabled: env.MP_POLICY_CACHE !== '0',
      size: int(env.MP_POLICY_CACHE_SIZE, 10_000),
      pollMs: int(env.MP_POLICY_CACHE_POLL_MS, 1000),
      maxAgeMs: int(env.MP_POLICY_CACHE_MAX_AGE_MS, 60_000),
      clientTtlMs: int(env.MP_POLICY_CLIENT_TTL_MS, 5000),
    },
    oidcIssuer: `${(env.MP_PUBLIC_URL || `http://${!env.HOST || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${int(env.PORT, 8080)}`).replace(/\/+$/, '')}/oidc`,
  };
}
