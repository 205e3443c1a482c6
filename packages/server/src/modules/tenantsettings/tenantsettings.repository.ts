/**
 * The tenant's own configuration (SPEC §2 Tenant sysconfig; docs/tenant-members.md), stored as JSON
 * values by key in `tenant_settings` (primary key (tenant_id, key)). `readTenantSettings` is the one
 * reader for every module that applies a setting (e.g. the tenant user add call's default validity).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TenantSettings } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { tenantSettings } from '../../db/schema/index.js';

/** Storage keys of the settings. */
export const SETTING_KEYS = { userValidityDays: 'user.validityDays' } as const;

/** Defaults when a tenant has saved nothing. */
export const TENANT_SETTINGS_DEFAULTS: TenantSettings = { userValidityDays: null };

/**
 * The settings of `tenantId` (defaults for keys never saved). Runs in the caller's transaction (tenant
 * or platform scope).
 */
export async function readTenantSettings(tx: Tx, tenantId: string): Promise<TenantSettings> {
  const rows = await tx
    .select({ key: tenantSettings.key, value: tenantSettings.value })
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), inArray(tenantSettings.key, Object.values(SETTING_KEYS))));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const days = byKey.get(SETTING_KEYS.userValidityDays);
  return { userValidityDays: typeof days === 'number' ? days : TENANT_SETTINGS_DEFAULTS.userValidityDays };
}

/** Writes one setting (insert or update), recording who changed it; `null` removes it (back to its default). */
export async function upsertTenantSetting(tx: Tx, tenantId: string, key: string, value: unknown, updatedBy: string): Promise<void> {
  if (value === null || value === undefined) {
    await tx.delete(tenantSettings).where(and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.key, key)));
    return;
  }
  await tx
    .insert(tenantSettings)
    .values({ tenantId, key, value: value as object, updatedBy })
    .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.key], set: { value: value as object, updatedBy, updatedAt: new Date() } });
}
