/**
 * Products (SPEC §3 Application, §5 Application): rules as data, request bodies (TypeBox) and row types,
 * shared by the console's forms and the server's checks. Tenant-side product authorisation and set
 * administrator are in ./tenant-grants.ts (re-exported here).
 *
 * Decisions (SPEC leaves them open):
 * - code: letters, digits and underscores, at most 50, unique case-insensitively, not editable after
 *   creation (the APPCODE header names a product by it);
 * - version: letters, digits, dots, hyphens and underscores (e.g. `V2.1.0-beta`), at most 20;
 * - callback address: an http or https URL, at most 200;
 * - telephone: 7–15 digits, optionally with a leading `+`, spaces, hyphens and parentheses (mobile,
 *   landline with area code and extension, international);
 * - the built-in flag is chosen when the product is created and never changes afterwards, so the
 *   protection "built-in products cannot be deleted" cannot be switched off.
 * - single sign-on mode (`ssoMode`, docs/users.md "Opening an application"): how My apps opens the
 *   application — 1 OpenID Connect third-party-initiated login (default), 2 the console's SSO query
 *   (`ssotoken` = a single-use ticket the application's server exchanges; never the bearer token).
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { codeNameListBody, IdsStatusBody, PagingSchema, StatusValueSchema } from './common.js';

export const PRODUCT_RULES = {
  name: { max: MAX_LEN.middle },
  code: { pattern: /^[A-Za-z0-9_]+$/, max: MAX_LEN.middle },
  abbreviation: { max: MAX_LEN.small },
  version: { pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/, max: MAX_LEN.small },
  description: { max: MAX_LEN.huge },
  callbackUrl: { pattern: /^https?:\/\/[^\s/?#]+(?::\d{1,5})?(?:[/?#]\S*)?$/i, max: MAX_LEN.huge },
  department: { max: MAX_LEN.middle },
  ownerName: { max: MAX_LEN.middle },
  ownerEmail: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, max: MAX_LEN.large },
  ownerPhone: { pattern: /^(?=(?:\D*\d){7,15}\D*$)\+?[\d\s()-]{7,20}$/, max: MAX_LEN.small },
  opsOwner: { max: MAX_LEN.middle },
  /** At most this many administrators per product. */
  adminsMax: 50,
} as const;

/** SPEC §3 Application: how My apps opens it (docs/users.md "Opening an application"). */
export const SsoMode = { OIDC: 1, SSO_QUERY: 2 } as const;
export type SsoModeValue = (typeof SsoMode)[keyof typeof SsoMode];
export const SSO_MODES = [SsoMode.OIDC, SsoMode.SSO_QUERY] as const;

const text = (max: number) => Type.String({ maxLength: max });
const fields = {
  name: text(PRODUCT_RULES.name.max),
  abbreviation: text(PRODUCT_RULES.abbreviation.max),
  logo: Type.Optional(Type.String({ maxLength: 64 })),
  version: text(PRODUCT_RULES.version.max),
  description: Type.Optional(text(PRODUCT_RULES.description.max)),
  status: StatusValueSchema,
  callbackUrl: text(PRODUCT_RULES.callbackUrl.max),
  /** How My apps opens the application; 1 when left out (and kept as it was on edit). */
  ssoMode: Type.Optional(Type.Union([Type.Literal(SsoMode.OIDC), Type.Literal(SsoMode.SSO_QUERY)])),
  department: text(PRODUCT_RULES.department.max),
  ownerName: text(PRODUCT_RULES.ownerName.max),
  ownerEmail: text(PRODUCT_RULES.ownerEmail.max),
  ownerPhone: text(PRODUCT_RULES.ownerPhone.max),
  opsOwner: text(PRODUCT_RULES.opsOwner.max),
  /** User ids of the product's administrators (any tenant). */
  adminIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: PRODUCT_RULES.adminsMax })),
};

/** `addproduct`: every field; `builtIn` defaults to false. */
export const ProductAddBody = Type.Object({ code: text(PRODUCT_RULES.code.max), builtIn: Type.Optional(Type.Boolean()), ...fields });
export type ProductAddBody = Static<typeof ProductAddBody>;
/** `editproduct`: the id and the editable fields (code and built-in flag, when sent, are ignored). */
export const ProductEditBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.Optional(text(PRODUCT_RULES.code.max)),
  builtIn: Type.Optional(Type.Boolean()),
  ...fields,
});
export type ProductEditBody = Static<typeof ProductEditBody>;

/** Sortable columns of the product grid. */
export const PRODUCT_SORT_FIELDS = ['code', 'name', 'version', 'status', 'createdAt', 'updatedAt'] as const;

/** `listproduct` / `exportproduct`: paging, sort and the grid's filters. */
export const ProductListBody = codeNameListBody(PRODUCT_SORT_FIELDS);
export type ProductListBody = Static<typeof ProductListBody>;

export const ProductStatusBody = IdsStatusBody;
export type ProductStatusBody = Static<typeof ProductStatusBody>;

/** A user offered as (or chosen as) an administrator: never more than these fields. */
export interface AdminUserRow {
  id: string;
  username: string;
  employeeName: string;
  tenantId: string;
  tenantName: string;
  status: 0 | 1;
}

/** `listadmincandidate` (products and tenants): paged search by user name or employee name. */
export const AdminCandidateListBody = Type.Object({
  page: PagingSchema.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  /** For tenant administrators: the tenant they would administer. */
  tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type AdminCandidateListBody = Static<typeof AdminCandidateListBody>;

/** A product as the grid and form see it. */
export interface ProductRow {
  id: string;
  code: string;
  name: string;
  abbreviation: string;
  logo: string;
  /** URL of the logo image ('' without one), without the `code` query the console adds. */
  logoUrl: string;
  version: string;
  description: string;
  status: 0 | 1;
  builtIn: boolean;
  callbackUrl: string;
  ssoMode: SsoModeValue;
  department: string;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string;
  opsOwner: string;
  admins: AdminUserRow[];
  creator: string;
  createdAt: string;
  updatedAt: string;
}

export * from './tenant-grants.js';
