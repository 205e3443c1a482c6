/**
 * Application tenants of the tenant area (SPEC §2 appManagement, §3 Application tenant: name, code,
 * status, creator, update time, tenant id; §8 code message; docs/tenant-apps.md). An application tenant
 * is a product the platform authorised for the TENANTID tenant (tenant_products), with the tenant's own
 * name and code for it. Adding one is the platform's product authorisation, not a call here.
 */
import Type, { type Static } from 'typebox';
import { APP_TENANT_SORT_FIELDS } from '../rules/apptenant.js';
import { pageQuery, StatusValueSchema } from './common.js';

const id = Type.String({ minLength: 1, maxLength: 64 });

/** `listapptenant`: the tenant's application tenants; `keyword` a name prefix, `code` a code prefix. */
export const AppTenantListBody = Type.Object({
  ...pageQuery(APP_TENANT_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  code: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(StatusValueSchema),
});
export type AppTenantListBody = Static<typeof AppTenantListBody>;

/**
 * `editapptenant`: the tenant's name and code of one application (`productId`). Lengths and the code
 * pattern are checked by the service with localised messages (APP_TENANT_RULES).
 */
export const AppTenantEditBody = Type.Object({
  productId: id,
  name: Type.String({ maxLength: 200 }),
  code: Type.String({ maxLength: 200 }),
});
export type AppTenantEditBody = Static<typeof AppTenantEditBody>;

/** `statusapptenant`: enable (1) or disable (0) application tenants by product id. */
export const AppTenantStatusBody = Type.Object({
  productIds: Type.Array(id, { minItems: 1, maxItems: 1000 }),
  status: StatusValueSchema,
});
export type AppTenantStatusBody = Static<typeof AppTenantStatusBody>;

/** An application tenant as the grid shows it (SPEC §3 Application tenant). */
export interface AppTenantRow {
  /** The product's id: the application tenant's key inside the tenant. */
  productId: string;
  /** The tenant id (copyable in the grid, SPEC §3). */
  tenantId: string;
  name: string;
  code: string;
  productName: string;
  productCode: string;
  version: string;
  /** 1 enabled, 0 disabled (a disabled application tenant: its users cannot sign in to the app). */
  status: 0 | 1;
  creator: string;
  updatedAt: string;
}

/** An application of the tenant as the mapping screens' choosers show it. */
export interface AppTenantOption {
  productId: string;
  name: string;
  code: string;
  status: 0 | 1;
}

// The area's other protocol parts, exported through this file (index.ts names one file per area).
export * from './mapping.js';
export * from '../codes/apptenant.js';
export * from '../rules/apptenant.js';
