/**
 * Tenant management, completed (SPEC §2 "Tenant list with new/modify, product authorisation, set
 * administrator"; §3 Tenant products): which products and versions a tenant may use, and which users
 * hold the tenant-admin identity (3) for it.
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { PagingSchema } from './common.js';

const tenantId = Type.String({ minLength: 1, maxLength: 64 });

/** `listtenantproduct`: one page of products with the tenant's authorisation of each. */
export const TenantProductListBody = Type.Object({
  tenantId,
  page: PagingSchema.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type TenantProductListBody = Static<typeof TenantProductListBody>;

/** `savetenantproduct`: the whole authorised set, replacing the previous one in one transaction. */
export const TenantProductSaveBody = Type.Object({
  tenantId,
  products: Type.Array(
    Type.Object({
      productId: Type.String({ minLength: 1, maxLength: 64 }),
      version: Type.String({ maxLength: MAX_LEN.small /* PRODUCT_RULES.version.max */ }),
    }),
    { maxItems: 1000 },
  ),
});
export type TenantProductSaveBody = Static<typeof TenantProductSaveBody>;

/** A product in the authorisation dialog. `version` is the product's; `authorisedVersion` the tenant's ('' when not authorised). */
export interface TenantProductRow {
  productId: string;
  code: string;
  name: string;
  version: string;
  status: 0 | 1;
  authorised: boolean;
  authorisedVersion: string;
}

/** `data` of `listtenantproduct`: the page plus the tenant's whole authorised set (for the save). */
export interface TenantProductPage {
  rows: TenantProductRow[];
  page: number;
  total: number;
  records: number;
  lastPage: boolean;
  authorised: { productId: string; version: string }[];
}

/** `listtenantadmin {tenantId}`. */
export const TenantAdminListBody = Type.Object({ tenantId });
export type TenantAdminListBody = Static<typeof TenantAdminListBody>;

/** At most this many administrators per tenant. */
export const TENANT_ADMINS_MAX = 100;

/** `savetenantadmin`: the whole set of administrators (user ids), replacing the previous one. */
export const TenantAdminSaveBody = Type.Object({
  tenantId,
  userIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: TENANT_ADMINS_MAX }),
});
export type TenantAdminSaveBody = Static<typeof TenantAdminSaveBody>;
