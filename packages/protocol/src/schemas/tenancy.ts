/**
 * The tenant administrator's area (SPEC §2 Tenant admin → tenancyList "my tenants"; docs/tenancy.md):
 * the tenants the caller administers, one of which becomes the context (`TENANTID`) of the tenant area.
 */
import Type, { type Static } from 'typebox';
import { PagingSchema } from './common.js';

/** `listmytenant`: a page of the caller's tenants, optionally searched by name, code or abbreviation. */
export const MyTenantListBody = Type.Object({
  ...PagingSchema,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type MyTenantListBody = Static<typeof MyTenantListBody>;

/** A tenant tile of "my tenants". A disabled tenant is listed but cannot be entered. */
export interface MyTenantRow {
  id: string;
  code: string;
  name: string;
  abbreviation: string;
  address: string;
  /** URL of the logo image ('' without one), without the `code` query the console adds. */
  logoUrl: string;
  status: 0 | 1;
}
