/**
 * Server configuration from the environment (README "Configuration"; docs/operations.md).
 * Every value has a default so `npm start` works on a fresh machine; every variable is declared, with
 * its range and description, in config-env.ts and checked at start (docs/configuration.md).
 */
import { resolve } from 'node:path';
import { ConfigError, parseEnv } from './config-env.js';

export { ConfigError } from './config-env.js';

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
  /** A service account's session lifetime in minutes (docs/service-accounts.md). */
  serviceTokenTtlMin: number;
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
  /** How long a SIGTERM/SIGINT waits for in-flight requests and running jobs (MP_SHUTDOWN_TIMEOUT seconds, default 25; main.ts). */
  shutdownTimeoutMs: number;
  /** The console's request timeout (ms, SPEC §9), answered in the startup configuration. */
  requestTimeoutMs: number;
  /**
   * Public large-file upload of `/bigfile` (modules/bigfiles; docs/bigfile.md), from MP_BIGFILE_*: `dir` the
   * uploads' folder (undefined: `<dataDir>/bigfiles`, or a temporary folder for `memory://`); sizes in bytes;
   * `accept` extensions (`.zip`) and MIME types (`video/*`), empty = any; `rateIp` new uploads per hour per address.
   */
  bigFile: {
    enabled: boolean;
    dir: string | undefined;
    maxBytes: number;
    quotaBytes: number;
    accept: string[];
    expiryMinutes: number;
    keepDays: number;
    rateIp: number;
  };
  /**
   * Prometheus metrics at /metrics (plugins/metrics.ts): off unless MP_METRICS=1; then only for client
   * addresses in `allow` (MP_METRICS_ALLOW, default loopback) and, when `token` is set
   * (MP_METRICS_TOKEN), with `Authorization: Bearer <token>`.
   */
  metrics: { enabled: boolean; token: string | undefined; allow: string };
  /**
   * Recording of gateway calls (plugins/call-log.ts; docs/call-logs.md): `enabled` (MP_CALL_LOG, default on),
   * `retentionDays` (MP_CALL_LOG_RETENTION_DAYS, 30), `flushMs` (MP_CALL_LOG_FLUSH_MS, 1000), `batch` rows per
   * INSERT (MP_CALL_LOG_BATCH, 5000), `buffer` most records held before drops (MP_CALL_LOG_BUFFER, 20000),
   * `store` where the records live (MP_CALL_LOG_STORE: auto | database | worker; modules/calllogs/calllogs.store.ts).
   */
  callLog: { enabled: boolean; retentionDays: number; flushMs: number; batch: number; buffer: number; store: 'auto' | 'database' | 'worker' };
  /**
   * WeChat QR sign-in (modules/wechat; docs/wechat-signin.md): base URLs of the WeChat API
   * (MP_WECHAT_API_BASE), the enterprise WeChat API (MP_WECHAT_WORK_API_BASE) and the authorize pages
   * (MP_WECHAT_OPEN_BASE), without a trailing slash; `timeoutMs` per outbound call (MP_WECHAT_TIMEOUT_MS).
   */
  wechat: { apiBase: string; workApiBase: string; openBase: string; timeoutMs: number };
}

/** Proxies trusted by default: this host and private networks (proxy-addr's named ranges). */
export const DEFAULT_TRUSTED_PROXIES = 'loopback,linklocal,uniquelocal';

function trustProxyOf(v: string | undefined): boolean | string {
  const t = (v ?? '').trim();
  if (!t) return DEFAULT_TRUSTED_PROXIES;
  if (t.toLowerCase() === 'true' || t.toLowerCase() === 'false') return t.toLowerCase() === 'true';
  return t;
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

/**
 * Reads the configuration from `env` (defaults to process.env), validated by EnvSchema (config-env.ts):
 * every variable's type and range, defaults for the unset ones.
 * @throws ConfigError naming each bad variable (main.ts prints it and exits with code 2).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = parseEnv(env);
  let frameAncestors: string[];
  try {
    frameAncestors = frameAncestorsOf(e.MP_FRAME_ANCESTORS);
  } catch (err) {
    throw new ConfigError([(err as Error).message]);
  }
  return {
    port: e.PORT!,
    host: e.HOST!,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.MP_DATA_DIR === 'memory://' ? 'memory://' : resolve(e.MP_DATA_DIR!),
    adminUsername: e.MP_ADMIN_USERNAME!,
    adminPassword: e.MP_ADMIN_PASSWORD,
    loginCaptcha: e.MP_LOGIN_CAPTCHA!,
    captchaPowWork: e.MP_CAPTCHA_POW_WORK!,
    tokenTtlMin: e.MP_TOKEN_TTL_MIN!,
    serviceTokenTtlMin: e.MP_SERVICE_TOKEN_TTL_MIN!,
    lockoutThreshold: e.MP_LOCKOUT_THRESHOLD!,
    lockoutWindowMin: e.MP_LOCKOUT_WINDOW_MIN!,
    lockoutMinutes: e.MP_LOCKOUT_MINUTES!,
    consoleDir: resolve(e.MP_CONSOLE_DIR ?? new URL('../../console/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL!,
    bodyLimit: e.MP_BODY_LIMIT!,
    trustProxy: trustProxyOf(e.MP_TRUST_PROXY),
    frameAncestors,
    policyRetentionDays: e.MP_POLICY_RETENTION_DAYS!,
    policyCache: {
      enabled: e.MP_POLICY_CACHE !== '0',
      size: e.MP_POLICY_CACHE_SIZE!,
      pollMs: e.MP_POLICY_CACHE_POLL_MS!,
      maxAgeMs: e.MP_POLICY_CACHE_MAX_AGE_MS!,
      clientTtlMs: e.MP_POLICY_CLIENT_TTL_MS!,
    },
    oidcIssuer: `${(e.MP_PUBLIC_URL || `http://${!e.HOST || e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/+$/, '')}/oidc`,
    shutdownTimeoutMs: e.MP_SHUTDOWN_TIMEOUT! * 1000,
    requestTimeoutMs: e.MP_REQUEST_TIMEOUT_MS!,
    bigFile: {
      enabled: e.MP_BIGFILE !== '0',
      dir: e.MP_BIGFILE_DIR ? resolve(e.MP_BIGFILE_DIR) : undefined,
      maxBytes: e.MP_BIGFILE_MAX_MB! * 1024 * 1024,
      quotaBytes: e.MP_BIGFILE_QUOTA_MB! * 1024 * 1024,
      accept: (e.MP_BIGFILE_TYPES ?? '')
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
      expiryMinutes: e.MP_BIGFILE_EXPIRY_MIN!,
      keepDays: e.MP_BIGFILE_KEEP_DAYS!,
      rateIp: e.MP_BIGFILE_RATE_IP!,
    },
    metrics: { enabled: e.MP_METRICS === '1', token: e.MP_METRICS_TOKEN, allow: e.MP_METRICS_ALLOW! },
    wechat: {
      apiBase: e.MP_WECHAT_API_BASE!.replace(/\/+$/, ''),
      workApiBase: e.MP_WECHAT_WORK_API_BASE!.replace(/\/+$/, ''),
      openBase: e.MP_WECHAT_OPEN_BASE!.replace(/\/+$/, ''),
      timeoutMs: e.MP_WECHAT_TIMEOUT_MS!,
    },
    callLog: {
      enabled: e.MP_CALL_LOG !== '0',
      retentionDays: e.MP_CALL_LOG_RETENTION_DAYS!,
      flushMs: e.MP_CALL_LOG_FLUSH_MS!,
      batch: e.MP_CALL_LOG_BATCH!,
      buffer: e.MP_CALL_LOG_BUFFER!,
      store: e.MP_CALL_LOG_STORE!,
    },
  };
}
