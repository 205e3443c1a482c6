/**
 * Organisation and user mappings of the tenant area (SPEC §2 orgMappingManagement,
 * employeeMappingManagement; docs/tenant-apps.md): a tenant organisation's, or user's, counterpart in
 * one of the tenant's applications. Limited to the caller's data scope (docs/tenancy.md).
 */
import Type, { type Static } from 'typebox';
import { pageQuery, PagingSchema } from './common.js';
import { ORG_MAPPING_SORT_FIELDS, USER_MAPPING_SORT_FIELDS } from '../rules/apptenant.js';

const id = Type.String({ minLength: 1, maxLength: 64 });
const optionalId = Type.Optional(Type.String({ maxLength: 64 }));

/**
 * `listorgmapping`: `productId` one application; `orgId` an organisation and (unless `subtree` is
 * false) its subtree; `keyword` the start of the application's organisation code or name.
 */
export const OrgMappingListBody = Type.Object({
  ...pageQuery(ORG_MAPPING_SORT_FIELDS),
  productId: optionalId,
  orgId: optionalId,
  subtree: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type OrgMappingListBody = Static<typeof OrgMappingListBody>;

/** The fields of an organisation mapping (lengths and patterns checked by the service: MAPPING_RULES). */
const orgMappingFields = {
  productId: id,
  orgId: id,
  externalCode: Type.String({ maxLength: 500 }),
  externalName: Type.Optional(Type.String({ maxLength: 500 })),
};
export const OrgMappingAddBody = Type.Object(orgMappingFields);
export type OrgMappingAddBody = Static<typeof OrgMappingAddBody>;
export const OrgMappingEditBody = Type.Object({ id, ...orgMappingFields });
export type OrgMappingEditBody = Static<typeof OrgMappingEditBody>;

/** An organisation mapping as the grid shows it. */
export interface OrgMappingRow {
  id: string;
  productId: string;
  appName: string;
  appCode: string;
  orgId: string;
  orgCode: string;
  orgName: string;
  externalCode: string;
  externalName: string;
  creator: string;
  updatedAt: string;
}

/**
 * `listusermapping`: `productId` one application; `orgId` users of an organisation (and its subtree
 * unless `subtree` is false); `keyword` the start of the user name, employee name or the account in
 * the application.
 */
export const UserMappingListBody = Type.Object({
  ...pageQuery(USER_MAPPING_SORT_FIELDS),
  productId: optionalId,
  orgId: optionalId,
  subtree: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type UserMappingListBody = Static<typeof UserMappingListBody>;

const userMappingFields = {
  productId: id,
  userId: id,
  externalAccount: Type.String({ maxLength: 500 }),
  externalName: Type.Optional(Type.String({ maxLength: 500 })),
};
export const UserMappingAddBody = Type.Object(userMappingFields);
export type UserMappingAddBody = Static<typeof UserMappingAddBody>;
export const UserMappingEditBody = Type.Object({ id, ...userMappingFields });
export type UserMappingEditBody = Static<typeof UserMappingEditBody>;

/** A user mapping as the grid shows it. */
export interface UserMappingRow {
  id: string;
  productId: string;
  appName: string;
  appCode: string;
  userId: string;
  username: string;
  employeeName: string;
  orgName: string;
  externalAccount: string;
  externalName: string;
  creator: string;
  updatedAt: string;
}

/** `listmappinguser`: users of the tenant inside the caller's data scope, by the start of the user or employee name. */
export const MappingUserListBody = Type.Object({
  ...PagingSchema,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type MappingUserListBody = Static<typeof MappingUserListBody>;

/** A user in the user mapping's user chooser. */
export interface MappingUserRow {
  id: string;
  username: string;
  employeeName: string;
  orgName: string;
  status: number;
}
