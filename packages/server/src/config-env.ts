/**
 * The environment variables the server reads, as one TypeBox schema (issue 17 "Operating it"): each
 * variable's type, range, default and description. `parseEnv` validates an environment against it at
 * start (config.ts `loadConfig`), so `PORT=abc` stops the start with a message naming the variable
 * instead of silently using 8080; `configurationMarkdown` renders docs/configuration.md from the same
 * schema (scripts/config-doc.ts; config-env.test.ts checks the file is current).
 */
import Type, { type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Options shared by the helpers below: the description is required, it becomes the documentation. */
interface Doc {
  description: string;
  default?: unknown;
  group: string;
}

const int = (min: number, max: number, doc: Doc & { default?: number }) => Type.Optional(Type.Integer({ minimum: min, maximum: max, ...doc }));
const str = (doc: Doc & { default?: string; maxLength?: number; minLength?: number; pattern?: string }) =>
  Type.Optional(Type.String({ maxLength: 4000, ...doc }));
const oneOf = <const V extends string[]>(values: V, doc: Doc & { default?: V[number] }) =>
  Type.Optional(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      { ...doc },
    ),
  );

const SERVER = 'Server';
const DB = 'Database';
const SIGNIN = 'Sign-in and sessions';
const POLICY = 'Policy service';
const OPS = 'Operations';
const BIGFILE = 'Big files';
const WECHAT = 'WeChat sign-in';

/**
 * Every environment variable the server reads (not the test harness's `MP_TEST_*` nor the licence
 * issuing script's `MP_LICENCE_PRIVATE_KEY`). Unset or empty means the default. A new variable is added
 * here first; config-env.test.ts fails while docs/configuration.md does not list it.
 */
export const EnvSchema = Type.Object({
  PORT: int(0, 65535, { group: SERVER, default: 8080, description: 'HTTP port of the console and the gateway; `0` picks any free port.' }),
  HOST: str({ group: SERVER, default: '0.0.0.0', maxLength: 255, description: 'Listen address.' }),
  MP_PUBLIC_URL: str({
    group: SERVER,
    maxLength: 2000,
    pattern: '^https?://[^\\s]+$',
    description:
      'The public origin (`https://iam.example.org`): the OpenID issuer is `<MP_PUBLIC_URL>/oidc` and recovery mails link to `<MP_PUBLIC_URL>/resetpw`. Default `http://<HOST or localhost>:<PORT>`; required in production for password recovery.',
  }),
  MP_TRUST_PROXY: str({
    group: SERVER,
    default: 'loopback,linklocal,uniquelocal',
    maxLength: 2000,
    description:
      'Proxies believed about the client address (`X-Forwarded-For`): addresses, CIDRs or the names `loopback`, `linklocal`, `uniquelocal`, comma-separated; `false` when the server is exposed directly; `true` trusts every hop.',
  }),
  MP_FRAME_ANCESTORS: str({
    group: SERVER,
    maxLength: 4000,
    description:
      "Origins that may show the platform's pages in a frame (`https://portal.example.com`, `'self'`; spaces or commas; a `*.` host wildcard is allowed). Empty: no page may be framed.",
  }),
  MP_BODY_LIMIT: int(1024, 100 * 1024 * 1024, {
    group: SERVER,
    default: 1024 * 1024,
    description: 'Largest JSON body in bytes (uploads have their own limit of 10 MB).',
  }),
  MP_REQUEST_TIMEOUT_MS: int(1000, 3_600_000, {
    group: SERVER,
    default: 500_000,
    description:
      "How long the console waits for an answer before it shows 'request timeout' (ms; SPEC §9), sent to it with the startup configuration (`requestTimeoutMs`).",
  }),
  MP_CONSOLE_DIR: str({
    group: SERVER,
    maxLength: 4000,
    description: 'Folder of the built console to serve (default `packages/console/dist`); absent folder: API only.',
  }),
  NODE_ENV: str({
    group: SERVER,
    maxLength: 40,
    description: '`production` turns on production rules: no development SMS provider, recovery mails only with `MP_PUBLIC_URL`.',
  }),
  DATABASE_URL: str({
    group: DB,
    maxLength: 4000,
    pattern: '^postgres(ql)?://',
    description: 'PostgreSQL connection string (`postgres://mp:secret@db:5432/mp`). Unset: the embedded PGlite database under `MP_DATA_DIR`.',
  }),
  MP_DATA_DIR: str({
    group: DB,
    default: './data',
    maxLength: 4000,
    description: 'Folder of the embedded PGlite database (ignored with `DATABASE_URL`); `memory://` keeps it in memory.',
  }),
  MP_DB_POOL: int(1, 1000, { group: DB, default: 10, description: 'PostgreSQL connections per instance.' }),
  MP_DB_START_TIMEOUT: int(0, 3600, {
    group: DB,
    default: 60,
    description: 'Seconds a start waits for PostgreSQL to become reachable (retries with backoff, each logged); then the process exits with code 4.',
  }),
  MP_ANALYZE_MINUTES: int(0, 10080, {
    group: DB,
    default: 15,
    description: 'Embedded PGlite only: minutes between its maintenance runs (BRIN index summaries and planner statistics, ANALYZE); `0` = only at start.',
  }),
  MP_ADMIN_USERNAME: str({ group: SIGNIN, default: 'admin', minLength: 1, maxLength: 64, description: 'Platform administrator created on the first start.' }),
  MP_ADMIN_PASSWORD: str({ group: SIGNIN, maxLength: 128, description: 'Its password on the first start; unset: a random one is printed once.' }),
  MP_LOGIN_CAPTCHA: oneOf(['0', '1', '2'], {
    group: SIGNIN,
    default: '1',
    description: 'Login check of the public configuration: `0` none, `1` image digits, `2` slider.',
  }),
  MP_LOGIN_CONFIG: str({
    group: SIGNIN,
    maxLength: 20000,
    pattern: '^\\s*\\{',
    description: 'JSON object with other login configuration keys of the public layer, e.g. `{"systemName":"ACME IAM"}` (docs/sysconfig.md).',
  }),
  MP_CAPTCHA_POW_WORK: int(1, 10_000_000, {
    group: SIGNIN,
    default: 1500,
    description: 'The most tries a sign-in\'s proof of work may need (docs/login.md "Proof of work").',
  }),
  MP_CAPTCHA_RATE_IP: int(0, 1_000_000, {
    group: SIGNIN,
    default: 120,
    description: 'New verification checks per minute per client address; `0` turns the limit off.',
  }),
  MP_SIGNIN_RATE_ACCOUNT: int(0, 1_000_000, {
    group: SIGNIN,
    default: 10,
    description: 'Sign-in attempts per minute per account and client address; `0` turns it off.',
  }),
  MP_SIGNIN_RATE_IP: int(0, 1_000_000, { group: SIGNIN, default: 50, description: 'Sign-in attempts per minute per client address; `0` turns it off.' }),
  MP_SIGNIN_RATE_ACCOUNT_ALL: int(0, 1_000_000, {
    group: SIGNIN,
    default: 30,
    description: 'Sign-in attempts per minute per account from all addresses; `0` turns it off.',
  }),
  MP_TOKEN_TTL_MIN: int(1, 525_600, { group: SIGNIN, default: 120, description: 'Session lifetime in minutes (extended by `renewaltoken`).' }),
  MP_SERVICE_TOKEN_TTL_MIN: int(1, 1440, {
    group: SIGNIN,
    default: 15,
    description: "Lifetime in minutes of a service account's session (never renewed: the automation asks again; docs/service-accounts.md).",
  }),
  MP_LOCKOUT_THRESHOLD: int(1, 1000, { group: SIGNIN, default: 5, description: 'Failed sign-ins inside the window that lock an account.' }),
  MP_LOCKOUT_WINDOW_MIN: int(1, 525_600, { group: SIGNIN, default: 15, description: 'The window of counted failed sign-ins, in minutes.' }),
  MP_LOCKOUT_MINUTES: int(1, 525_600, { group: SIGNIN, default: 15, description: 'How long a locked account stays locked, in minutes.' }),
  MP_RESET_TTL_MIN: int(1, 10_080, { group: SIGNIN, default: 30, description: 'Lifetime of a password-recovery link in minutes.' }),
  MP_SMS_PROVIDER: oneOf(['dev'], {
    group: SIGNIN,
    description: '`dev` forces the development SMS provider (codes written to the server log); unset: the enabled SMS configuration (docs/codes.md).',
  }),
  MP_LICENCE_PUBLIC_KEY: str({
    group: SIGNIN,
    maxLength: 4000,
    description: 'Ed25519 public key activation codes are verified against (PEM, base64 SPKI DER or the raw 32 bytes); default the shipped key.',
  }),
  MP_POLICY_RETENTION_DAYS: int(1, 3650, {
    group: POLICY,
    default: 30,
    description: 'Days the policy change log keeps its rows; an older sync cursor answers `policy.cursor_expired`.',
  }),
  MP_POLICY_CACHE: oneOf(['0', '1'], { group: POLICY, default: '1', description: "`0` turns the policy service's decision cache off: every answer from SQL." }),
  MP_POLICY_CACHE_SIZE: int(1, 10_000_000, { group: POLICY, default: 10_000, description: 'Most cached (application, tenant, user) entries per instance.' }),
  MP_POLICY_CACHE_POLL_MS: int(10, 600_000, {
    group: POLICY,
    default: 1000,
    description: 'How often each instance reads the policy change log (ms): the staleness bound of cached answers.',
  }),
  MP_POLICY_CACHE_MAX_AGE_MS: int(1, 86_400_000, { group: POLICY, default: 60_000, description: 'Longest life of a cached entry (ms) whatever the log says.' }),
  MP_POLICY_CLIENT_TTL_MS: int(1, 3_600_000, { group: POLICY, default: 5000, description: 'How long an authenticated policy client row is reused (ms).' }),
  MP_BIGFILE: oneOf(['0', '1'], {
    group: BIGFILE,
    default: '1',
    description: '`0` turns the public large-file upload of `/bigfile` off (docs/bigfile.md): uploads are refused with `bigfile.disabled`.',
  }),
  MP_BIGFILE_DIR: str({
    group: BIGFILE,
    maxLength: 4000,
    description:
      'Folder of the uploads (default `<MP_DATA_DIR>/bigfiles`; with `memory://` a temporary folder removed at stop). Several instances (PostgreSQL) must all mount one shared folder here; their locks and quota are shared through the database (docs/bigfile.md "Several instances").',
  }),
  MP_BIGFILE_MAX_MB: int(1, 1_048_576, { group: BIGFILE, default: 1024, description: 'Largest file in MB (1 MB = 1,048,576 bytes).' }),
  MP_BIGFILE_QUOTA_MB: int(1, 104_857_600, {
    group: BIGFILE,
    default: 10_240,
    description: 'MB all stored uploads, finished and unfinished, may take together; a new upload that would pass it is refused.',
  }),
  MP_BIGFILE_TYPES: str({
    group: BIGFILE,
    maxLength: 4000,
    description:
      'Allowed extensions (`.zip`) and MIME types (`application/pdf`, `video/*`), comma-separated; empty: any type (downloads are always attachments).',
  }),
  MP_BIGFILE_EXPIRY_MIN: int(1, 525_600, {
    group: BIGFILE,
    default: 1440,
    description: 'Minutes an unfinished upload may take from its start; then it is deleted by the sweep.',
  }),
  MP_BIGFILE_KEEP_DAYS: int(0, 36_500, {
    group: BIGFILE,
    default: 7,
    description: 'Days a finished upload is kept; `0` keeps it until an operator deletes it.',
  }),
  MP_BIGFILE_RATE_IP: int(0, 1_000_000, { group: BIGFILE, default: 60, description: 'New uploads per hour per client address; `0` turns the limit off.' }),
  MP_WECHAT_API_BASE: str({
    group: WECHAT,
    default: 'https://api.weixin.qq.com',
    maxLength: 2000,
    pattern: '^https?://[^\\s]+$',
    description:
      'Base URL of the WeChat API for official accounts and the open platform (`sns/oauth2/access_token`; docs/wechat-signin.md). Tests point it at a loopback double.',
  }),
  MP_WECHAT_WORK_API_BASE: str({
    group: WECHAT,
    default: 'https://qyapi.weixin.qq.com',
    maxLength: 2000,
    pattern: '^https?://[^\\s]+$',
    description: 'Base URL of the enterprise WeChat API (`cgi-bin/gettoken`, `cgi-bin/auth/getuserinfo`).',
  }),
  MP_WECHAT_OPEN_BASE: str({
    group: WECHAT,
    default: 'https://open.weixin.qq.com',
    maxLength: 2000,
    pattern: '^https?://[^\\s]+$',
    description: 'Base URL of the WeChat authorize pages the QR code points to (`connect/oauth2/authorize`, `connect/qrconnect`).',
  }),
  MP_WECHAT_TIMEOUT_MS: int(100, 60_000, {
    group: WECHAT,
    default: 5000,
    description: 'Timeout of each call to WeChat (ms); a slow or unreachable WeChat answers `wechat.provider_unreachable`.',
  }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    group: OPS,
    default: 'info',
    description: 'Log level; every line is JSON with the request id (`reqId`), secrets redacted (docs/operations.md "Logs").',
  }),
  MP_SHUTDOWN_TIMEOUT: int(1, 3600, {
    group: OPS,
    default: 25,
    description:
      'Seconds a SIGTERM/SIGINT waits for in-flight requests and running jobs before the process closes the database and exits (docs/operations.md "Graceful shutdown").',
  }),
  MP_METRICS: oneOf(['0', '1'], {
    group: OPS,
    default: '0',
    description: '`1` serves Prometheus metrics at `/metrics` (docs/operations.md "Metrics"); `0`: `/metrics` answers 404.',
  }),
  MP_METRICS_TOKEN: str({
    group: OPS,
    minLength: 16,
    maxLength: 512,
    description: 'When set, `/metrics` needs `Authorization: Bearer <token>` (at least 16 characters).',
  }),
  MP_METRICS_ALLOW: str({
    group: OPS,
    default: 'loopback',
    maxLength: 4000,
    description: 'Client addresses allowed to read `/metrics`: addresses, CIDRs, `loopback`, `private` or `any`, comma-separated.',
  }),
  MP_CALL_LOG: oneOf(['0', '1'], {
    group: OPS,
    default: '1',
    description: '`0` turns the recording of gateway calls off (docs/call-logs.md); the statistics and call-log screens then show nothing new.',
  }),
  MP_CALL_LOG_RETENTION_DAYS: int(1, 3650, {
    group: OPS,
    default: 30,
    description: 'Days recorded gateway calls are kept; older rows are deleted by a background sweep (docs/call-logs.md).',
  }),
  MP_CALL_LOG_FLUSH_MS: int(10, 60_000, {
    group: OPS,
    default: 1000,
    description: 'How often each instance writes its buffered call records (ms); a batch is also written once it holds `MP_CALL_LOG_BATCH` rows.',
  }),
  MP_CALL_LOG_BATCH: int(1, 10_000, { group: OPS, default: 5000, description: 'Rows per INSERT of call records.' }),
  MP_CALL_LOG_BUFFER: int(1, 1_000_000, {
    group: OPS,
    default: 20_000,
    description: 'Most call records buffered per instance; beyond it records are dropped and counted (`mp_call_log_dropped_total`).',
  }),
  MP_CALL_LOG_STORE: oneOf(['auto', 'database', 'worker'], {
    group: OPS,
    default: 'auto',
    description:
      'Where call records live (docs/call-logs.md "Where the records live"): `database` the main database; `worker` a second embedded database in a worker thread at `<MP_DATA_DIR>/calllogs` (`memory://` with a `memory://` main database); `auto` the worker for an embedded database with a data folder, else the main database.',
  }),
});

export type Env = Static<typeof EnvSchema>;

/** A start refused for bad configuration: `problems` name each variable, its value and what it must be. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Words saying what a variable's schema accepts ("an integer from 1 to 65535"). */
export function expectation(s: TSchema): string {
  const o = s as { type?: string; minimum?: number; maximum?: number; anyOf?: { const: string }[]; pattern?: string; minLength?: number; maxLength?: number };
  if (o.anyOf) return `one of ${o.anyOf.map((x) => `"${x.const}"`).join(', ')}`;
  if (o.type === 'integer') return `an integer from ${o.minimum} to ${o.maximum}`;
  const parts = ['text'];
  if (o.minLength) parts.push(`of at least ${o.minLength} characters`);
  if (o.maxLength) parts.push(`of at most ${o.maxLength} characters`);
  if (o.pattern) parts.push(`matching \`${o.pattern}\``);
  return parts.join(' ');
}

/**
 * Validates `env` against EnvSchema and answers the known variables converted (integers as numbers)
 * with the defaults filled in; empty values count as unset; unknown variables are ignored.
 * @throws ConfigError naming every bad variable, its value and what it must be.
 */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') picked[key] = v.trim();
  }
  const value = Value.Convert(EnvSchema, Value.Default(EnvSchema, { ...picked })) as Record<string, unknown>;
  const bad = new Set<string>();
  // Value.Convert would read "1.5" or "8080abc" as an integer; only plain digits are one
  for (const [key, s] of Object.entries(EnvSchema.properties as Record<string, TSchema>)) {
    if ((s as { type?: string }).type === 'integer' && picked[key] !== undefined && !/^-?\d+$/.test(picked[key])) bad.add(key);
  }
  for (const e of Value.Errors(EnvSchema, value)) bad.add(e.instancePath.split('/')[1] ?? '');
  const order = Object.keys(EnvSchema.properties);
  const problems = [...bad]
    .filter(Boolean)
    .sort((x, y) => order.indexOf(x) - order.indexOf(y))
    .map((key) => {
      const schema = (EnvSchema.properties as Record<string, TSchema>)[key]!;
      const shown = /PASSWORD|TOKEN|SECRET|DATABASE_URL/.test(key) ? '(hidden)' : JSON.stringify(picked[key]);
      return `${key}=${shown} is not valid: it must be ${expectation(schema)} (${(schema as { description: string }).description})`;
    });
  if (problems.length) throw new ConfigError(problems);
  return value as Env;
}

/** docs/configuration.md, rendered from EnvSchema (scripts/config-doc.ts writes it). */
export function configurationMarkdown(): string {
  const rows = new Map<string, string[]>();
  for (const [key, s] of Object.entries(EnvSchema.properties as Record<string, TSchema>)) {
    const o = s as unknown as Doc;
    const def = o.default === undefined ? '–' : `\`${String(o.default)}\``;
    const cell = (t: string) => t.replace(/\|/g, '\\|');
    const list = rows.get(o.group) ?? [];
    list.push(`| \`${key}\` | ${cell(expectation(s))} | ${def} | ${cell(o.description)} |`);
    rows.set(o.group, list);
  }
  const out = [
    '# Configuration',
    '',
    '<!-- Generated from packages/server/src/config-env.ts by `npm run config:doc`; do not edit by hand. -->',
    '',
    'The server reads these environment variables and checks them at start: a value outside its type or',
    'range stops the start with a message naming the variable, and the process exits with code 2. An empty',
    'value counts as unset (the default). docs/operations.md explains the areas in more detail.',
  ];
  for (const [group, list] of rows) out.push('', `## ${group}`, '', '| variable | accepts | default | meaning |', '| --- | --- | --- | --- |', ...list);
  return `${out.join('\n')}\n`;
}
