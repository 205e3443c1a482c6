/**
 * The optional `tenant_id` authorization parameter (docs/oidc.md "Authorization request"): an app may
 * name the tenant whose users it serves, by id or code; 'sys' or nothing means any tenant.
 */
import { DEFAULTS } from '@mp/protocol';

/** True when the hint is empty/'sys' or names the user's tenant (id, or code case-insensitively). */
export function matchesTenant(hint: string | undefined, tenantId: string, tenantCode: string): boolean {
  if (!hint || hint === DEFAULTS.tenantId) return true;
  return hint === tenantId || hint.toLowerCase() === tenantCode.toLowerCase();
}
