/**
 * The tenant's system configuration (SPEC §2 Tenant sysconfig; docs/tenant-members.md): settings the
 * server applies to this tenant, read and saved by its administrators. Saving checks every value
 * (TENANT_SETTINGS_RULES), writes in the caller's one transaction and is audited with before/after.
 */
import type { FastifyRequest } from 'fastify';
import { TENANT_SETTINGS_RULES, TenantSettingsCodes, type TenantSettings, type TenantSettingsSaveBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { readTenantSettings, SETTING_KEYS, upsertTenantSetting } from './tenantsettings.repository.js';

/** `gettenantsettings`: the tenant's settings (defaults for keys never saved). */
export async function getTenantSettings(tx: Tx, tenantId: string): Promise<TenantSettings> {
  return readTenantSettings(tx, tenantId);
}

/**
 * `savetenantsettings`: replaces the settings. @throws tenantsettings.number_range (userValidityDays
 * outside 1–36500; 0 clears it).
 */
export async function saveTenantSettings(tx: Tx, request: FastifyRequest, tenantId: string, b: TenantSettingsSaveBody): Promise<TenantSettings> {
  const r = TENANT_SETTINGS_RULES.userValidityDays;
  if (b.userValidityDays !== 0 && (b.userValidityDays < r.min || b.userValidityDays > r.max)) {
    throw new AppError(TenantSettingsCodes.NUMBER_RANGE, { fieldKey: 'userValidityDays', min: r.min, max: r.max });
  }
  const before = await readTenantSettings(tx, tenantId);
  const after: TenantSettings = { userValidityDays: b.userValidityDays || null };
  await upsertTenantSetting(tx, tenantId, SETTING_KEYS.userValidityDays, after.userValidityDays, request.auth?.username ?? '');
  await insertAuditEntry(tx, request, { tenantId, action: 'tenantsettings.save', entity: 'tenant-settings', entityId: tenantId, before, after });
  return after;
}
