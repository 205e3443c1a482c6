/**
 * Deployment settings: the per-deployment key `mpk`, `cryptoType` and the login configuration
 * (PROTOCOL.md "Startup configuration"; SPEC §9 defaults and config priority: code defaults, then
 * stored configuration). Values are read from the database; a short in-process cache (5 s) spares a
 * query per request and is never the source of truth, so several instances agree within seconds.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CodeType, DEFAULT_PASSWORD_RULE, LOGIN_CONFIG_DEFAULTS, type LoginConfig } from '@mp/protocol';
import type { Db, Tx } from '../../db/client.js';
import { codeTable, settings } from '../../db/schema/index.js';
import type { ServerConfig } from '../../config.js';

const TTL_MS = 5_000;

export class SettingsService {
  private cache = new Map<string, { at: number; value: unknown }>();

  constructor(private readonly db: Db, private readonly config: ServerConfig) {}

  /** Creates the key, the stored login configuration and the password rule on a new deployment. */
  async init(tx: Tx): Promise<void> {
    await tx.insert(settings).values({ key: 'mpk', value: randomBytes(16).toString('hex') }).onConflictDoNothing();
    await tx.insert(settings).values({ key: 'cryptoType', value: '2' }).onConflictDoNothing();
    await tx.insert(settings).values({ key: 'loginConfig', value: { verifyCodeType: this.config.loginCaptcha } }).onConflictDoNothing();
    await tx.insert(codeTable).values({ codeType: CodeType.PASSWORD_RULE, codeKey: 'passwordReg', codeVal: DEFAULT_PASSWORD_RULE, description: '8-20 characters with letters and digits' }).onConflictDoNothing();
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

  /** Code-table entries of the given types, ordered by type, sort and key (a small, cached table). */
  async codeEntries(types: readonly number[]): Promise<{ codeType: number; codeKey: string; codeVal: string }[]> {
    const all = await this.read('codeTable', () => this.db.select({ codeType: codeTable.codeType, codeKey: codeTable.codeKey, codeVal: codeTable.codeVal })
      .from(codeTable).orderBy(codeTable.codeType, codeTable.sort, codeTable.codeKey));
    return all.filter((e) => types.includes(e.codeType));
  }

  /** Login configuration: code defaults overlaid by the stored configuration, with the password rule. */
  async loginConfig(): Promise<LoginConfig> {
    const stored = await this.setting<Partial<LoginConfig>>('loginConfig', {});
    return { ...LOGIN_CONFIG_DEFAULTS, ...stored, passwordReg: await this.passwordRule() };
  }

  /** Forgets cached values (after a configuration change on this instance). */
  invalidate(): void {
    this.cache.clear();
  }
}
