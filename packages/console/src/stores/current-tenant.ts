/**
 * The tenant a tenant administrator is working in (SPEC §2 Tenant admin tenancyList → /tenancy;
 * docs/tenancy.md): chosen on "my tenants", sent as the TENANTID header of every later call (the tenant
 * area's context, `listmymenu` included), kept in sessionStorage under `currentTenant`
 * (stores/current-choice.ts). A `tenant_id` in the startup address hash wins over the stored choice.
 */
import { DEFAULTS } from '@mp/protocol';
import { createChoiceStore, type Choice } from './current-choice';

export const CURRENT_TENANT_STORAGE_KEY = 'currentTenant';

const store = createChoiceStore<Choice>({
  storageKey: CURRENT_TENANT_STORAGE_KEY,
  fromHash: (h) => (h.tenantId !== DEFAULTS.tenantId ? { id: h.tenantId, code: h.tenantId, name: h.tenantId, logoUrl: '' } : null),
  toHash: (h, tenant) => ({ ...h, tenantId: tenant?.id ?? DEFAULTS.tenantId }),
});

export const useCurrentTenantStore = store.useStore;

/** The current tenant, or null when none is chosen or TENANTID no longer names it. */
export const useCurrentTenant = store.useCurrent;
