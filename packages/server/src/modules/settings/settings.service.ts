/**
 * Deployment settings: the per-deployment key `mpk`, `cryptoType`, the key that encrypts integration
 * secrets at rest, the code table and the login configuration (PROTOCOL.md "Startup configuration";
 * SPEC §9 defaults and config priority). The login configuration has three layers, later ones winning
 * key by key (docs/sysconfig.md):
 * 1. code defaults — `LOGIN_CONFIG_DEFAULTS` of the protocol package;
 * 2. public config — the deployment's own configuration from its environment, identical on every
 *    instance and not editable in the console: `MP_LOGIN_CAPTCHA` (the check type) and `MP_LOGIN_CONFIG`
 *    (a JSON object of login configuration keys, e.g. `{"systemName":"ACME IAM"}`);
 * 3. system config — what a platform administrator saved on the configuration screen (`settings` row
 *    `loginConfig`); it holds only the keys that differ from the layers below.
 * Values are read from the database; a short in-process cache (5 s) spares a query per request and is
 * never the source of truth, so several instances agree within seconds. Writers call `invalidate()`.
 */
import { randomBytes } from 'node:crypto';
import { eq, notInArray } from 'drizzle-orm';
import {
  CodeType,
  CodeTypes,
  DEFAULT_PASSWORD_RULE,
  LOGIN_CONFIG_DEFAULTS,
  LOGIN_CONFIG_KEYS,
  type ConfigSource,
  type LoginConfig,
  type LoginConfigKey,
} from '@mp/protocol';
import type { Db, Tx } from '../../db/client.js';
import { codeTable, settings } from '../../db/schema/index.js';
import type { ServerConfig } from '../../config.js';

const TTL_MS = 5_000;

/** Code types whose rows belong to one tenant (key `<tenantId>:<n>`): never served from the shared cache. */
export const TENANT_CODE_TYPES: readonly number[] = [CodeTypes.ORG_CATEGORY];

/** The settings row holding the AES-256-GCM key of integration secrets (32 bytes, hex). */
export const SECRET_KEY_SETTING = 'configSecretKey';
/** The settings row holding the system layer of the login configuration. */
export const LOGIN_CONFIG_SETTING = 'loginConfig';

/** Organisation type names stored in the code table (type 10); screens answer them translated. */
const ORG_TYPE_NAMES = ['none', 'group', 'company', 'department', 'sub-department', 'field', 'franchise store'];

/** A login configuration layer: some keys of the configuration. */
export type LoginConfigLayer = Partial<Omit<LoginConfig, 'passwordReg'>>;

/** The layers of the login configuration and what they make (SPEC §9 config priority). */
export interface LoginConfigLayers {
  defaults: LoginConfig;
  public: LoginConfigLayer;
  system: LoginConfigLayer;
  /** The configuration in force: defaults ← public ← system, with the password rule. */
  effective: LoginConfig;
  /** Which layer each key's value comes from. */
  sources: Record<LoginConfigKey, ConfigSource>;
}

/**
 * The public layer from the deployment's environment: `MP_LOGIN_CAPTCHA` (already read into
 * `loginCaptcha`) and `MP_LOGIN_CONFIG` (JSON). Keys that are not login configuration keys, or values of
 * the wrong type, are ignored (and reported through `onIgnored`), so a typo cannot stop the server.
 */
export function publicLoginConfig(loginCaptcha: string, json: string | undefined, onIgnored: (key: string) => void = () => {}): LoginConfigLayer {
  const layer: Record<string, unknown> = { verifyCodeType: loginCaptcha };
  if (!json?.trim()) return layer as LoginConfigLayer;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    onIgnored('MP_LOGIN_CONFIG');
    return layer as LoginConfigLayer;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    onIgnored('MP_LOGIN_CONFIG');
    return layer as LoginConfigLayer;
  }
  for (const [k, v] of Object.entries(parsed)) {
    if (k === 'passwordReg' || !(k in LOGIN_CONFIG_DEFAULTS)) {
      onIgnored(k);
      continue;
    }
    const d = LOGIN_CONFIG_DEFAULTS[k as keyof LoginConfig];
    const okValue =
      typeof v === typeof d &&
      (k !== 'verifyCodeType' || ['0', '1', '2'].includes(v as string)) &&
      (k !== 'loginFormPosition' || ['left', 'center', 'right'].includes(v as string));
    if (okValue) layer[k] = v;
    else onIgnored(k);
  }
  return layer as LoginConfigLayer;
}

export class SettingsService {
  private cache = new Map<string, { at: number; value: unknown }>();

  /** The public layer, read once: the environment does not change while the process runs. */
  readonly publicLayer: LoginConfigLayer;

  constructor(
    private readonly db: Db,
    config: ServerConfig,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.publicLayer = publicLoginConfig(config.loginCaptcha, env.MP_LOGIN_CONFIG, (key) => console.warn(`[settings] MP_LOGIN_CONFIG: ignored ${key}`));
  }

  /**
   * Creates, on a new deployment, the wire key, the secret-encryption key, the password rule and the
   * organisation types (SPEC §3 types 0–6). The system layer of the login configuration starts empty:
   * until an administrator saves it, the public layer (MP_LOGIN_CAPTCHA) decides the check type.
   */
  async init(tx: Tx): Promise<void> {
    await tx
      .insert(settings)
      .values({ key: 'mpk', value: randomBytes(16).toString('hex') })
      .onConflictDoNothing();
    await tx.insert(settings).values({ key: 'cryptoType', value: '2' }).onConflictDoNothing();
    await tx
      .insert(settings)
      .values({ key: SECRET_KEY_SETTING, value: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    await tx
      .insert(codeTable)
      .values({
        codeType: CodeType.PASSWORD_RULE,
        codeKey: 'passwordReg',
        codeVal: DEFAULT_PASSWORD_RULE,
        description: '8-20 characters with letters and digits',
      })
      .onConflictDoNothing();
    await tx
      .insert(codeTable)
      .values(ORG_TYPE_NAMES.map((name, i) => ({ codeType: CodeTypes.ORG_TYPE, codeKey: String(i), codeVal: name, sort: i })))
      .onConflictDoNothing();
  }

  private async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
    const value = await load();
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }

  private async setting<T>(key: string, fallback: T): Promise<T> {
    return this.read(`s:${key}`, async () => {
      const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return (row?.value as T | undefined) ?? fallback;
    });
  }

  /** The value-encryption key (32 hex) and hash choice ('2' SM3/SM4, '1' SHA-512/AES). */
  async crypto(): Promise<{ mpk: string; cryptoType: '1' | '2' }> {
    const mpk = String(await this.setting<string>('mpk', ''));
    // jsonb may hand back '1' as the number 1: compare as text.
    const cryptoType = String(await this.setting<string | number>('cryptoType', '2')) === '1' ? '1' : '2';
    return { mpk, cryptoType };
  }

  /** The password rule: code table type 1, first row's value (SPEC §5 Password strength). */
  async passwordRule(): Promise<string> {
    const [first] = await this.codeEntries([CodeType.PASSWORD_RULE]);
    return first?.codeVal ?? DEFAULT_PASSWORD_RULE;
  }

  /**
   * Platform code-table entries of the given types, ordered by type, sort and key (a small, cached
   * table), each `{ codeType, codeKey, codeVal, sort, description }`. Tenant-owned types
   * (`TENANT_CODE_TYPES`: organisation categories) are never read or answered here: they are read per
   * tenant in SQL (codetable.service.ts, sysconfig.repository.ts `listOrgCategories`; issue 12).
   */
  async codeEntries(types: readonly number[]): Promise<{ codeType: number; codeKey: string; codeVal: string; sort: number; description: string }[]> {
    const all = await this.read('codeTable', () =>
      this.db
        .select({
          codeType: codeTable.codeType,
          codeKey: codeTable.codeKey,
          codeVal: codeTable.codeVal,
          sort: codeTable.sort,
          description: codeTable.description,
        })
        .from(codeTable)
        .where(notInArray(codeTable.codeType, [...TENANT_CODE_TYPES]))
        .orderBy(codeTable.codeType, codeTable.sort, codeTable.codeKey),
    );
    return all.filter((e) => types.includes(e.codeType));
  }

  /** The 32-byte key that encrypts integration secrets at rest (AES-256-GCM; docs/sysconfig.md). */
  async secretKey(): Promise<Buffer> {
    const hex = String(await this.setting<string>(SECRET_KEY_SETTING, ''));
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('the secret-encryption key is missing from settings');
    return Buffer.from(hex, 'hex');
  }

  /** The three layers of the login configuration, what they make, and where each value comes from. */
  async loginConfigLayers(): Promise<LoginConfigLayers> {
    const stored = await this.setting<LoginConfigLayer>(LOGIN_CONFIG_SETTING, {});
    const keys: readonly string[] = LOGIN_CONFIG_KEYS;
    const system = Object.fromEntries(Object.entries(stored ?? {}).filter(([k]) => keys.includes(k))) as LoginConfigLayer;
    const effective: LoginConfig = { ...LOGIN_CONFIG_DEFAULTS, ...this.publicLayer, ...system, passwordReg: await this.passwordRule() };
    if (typeof effective.verifyCodeType !== 'string') effective.verifyCodeType = String(effective.verifyCodeType) as LoginConfig['verifyCodeType'];
    const sources = Object.fromEntries(LOGIN_CONFIG_KEYS.map((k) => [k, k in system ? 'system' : k in this.publicLayer ? 'public' : 'default'])) as Record<
      LoginConfigKey,
      ConfigSource
    >;
    return { defaults: LOGIN_CONFIG_DEFAULTS, public: this.publicLayer, system, effective, sources };
  }

  /** Login configuration in force: code defaults, then public config, then system config (SPEC §9). */
  async loginConfig(): Promise<LoginConfig> {
    return (await this.loginConfigLayers()).effective;
  }

  /** Forgets cached values (after a configuration change on this instance). */
  invalidate(): void {
    this.cache.clear();
  }
}
