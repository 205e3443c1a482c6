/**
 * Data roles and grants (SPEC §3 Role, Role-user link, Role member, Grant item; §5 Role; §6; §7
 * /plat/role/* and /plat/rolepurview/*): rules as data, TypeBox bodies and the row types the console
 * and server share. Every body names the tenant (`tenantId`): roles are scoped to a tenant.
 *
 * Schemas accept generous lengths; the exact limits of ROLE_RULES are checked by the server with
 * localised messages (and by the console's form rules, from the same data).
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { pageQuery, StatusValueSchema } from './common.js';

/** Role rules (SPEC §5 Role; §9 role number and name 30). */
export const ROLE_RULES = {
  /** Role number: letters, digits, underscore; unique in the tenant. */
  roleNo: { max: 30, pattern: /^[A-Za-z0-9_]+$/ },
  /** Role name: Chinese characters, letters, digits, underscore. */
  roleName: { max: 30, pattern: /^[\p{Script=Han}A-Za-z0-9_]+$/u },
  roleCategory: { max: MAX_LEN.middle },
  description: { max: MAX_LEN.huge },
} as const;

/** Permission bits of a grant (SPEC §4 "ticking write keeps read ticked"): 1 read, 2 write. */
export const Purview = { NONE: 0, READ: 1, WRITE: 2, READ_WRITE: 3 } as const;

/** Write implies read: returns the bits with read added whenever write is set. */
export function normalisePurview(purview: number): number {
  return purview & Purview.WRITE ? purview | Purview.READ : purview;
}

/** What a grant row is about (table role_grants.kind). */
export const GrantKind = { MENU: 'menu', ORG_TYPE: 'orgtype', ORG: 'org', API: 'api' } as const;
export type GrantKindValue = (typeof GrantKind)[keyof typeof GrantKind];

/** Organisation types of SPEC §3: 0 none, 1 group, 2 company, 3 department, 4 sub-department, 5 field, 6 franchise store. */
export const ORG_TYPES = [0, 1, 2, 3, 4, 5, 6] as const;

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Text = (max: number) => Type.String({ maxLength: max });

const roleFields = {
  tenantId: Id,
  orgId: Type.Optional(Text(64)),
  roleNo: Text(MAX_LEN.huge),
  roleName: Text(MAX_LEN.huge),
  roleCategory: Type.Optional(Text(MAX_LEN.huge)),
  roleStatus: Type.Optional(StatusValueSchema),
  description: Type.Optional(Text(1000)),
};

/** `addrole`. */
export const RoleAddBody = Type.Object(roleFields);
export type RoleAddBody = Static<typeof RoleAddBody>;
/** `editrole`: exactly one role, by `roleId`. */
export const RoleEditBody = Type.Object({ roleId: Id, ...roleFields });
export type RoleEditBody = Static<typeof RoleEditBody>;
/** `deleterole`: the roles to delete (at least one). */
export const RoleDeleteBody = Type.Object({ tenantId: Id, roleIds: Type.Array(Id, { maxItems: 1000 }) });
export type RoleDeleteBody = Static<typeof RoleDeleteBody>;

/** Sortable columns of the role grid. */
export const ROLE_SORT_FIELDS = ['roleNo', 'roleName', 'roleStatus', 'createdAt', 'updatedAt'] as const;

/** `listrole`: paged; search by role no, role name, member username / employee name; organisation subtree. */
export const RoleListBody = Type.Object({
  ...pageQuery(ROLE_SORT_FIELDS),
  tenantId: Id,
  orgId: Type.Optional(Text(64)),
  /** With `orgId`: also roles of its sub-organisations. */
  includeSub: Type.Optional(Type.Boolean()),
  roleNo: Type.Optional(Text(MAX_LEN.middle)),
  roleName: Type.Optional(Text(MAX_LEN.middle)),
  username: Type.Optional(Text(MAX_LEN.middle)),
  employeeName: Type.Optional(Text(MAX_LEN.middle)),
  roleStatus: Type.Optional(StatusValueSchema),
});
export type RoleListBody = Static<typeof RoleListBody>;
/** Sortable columns of the member grids. */
export const ROLE_USER_SORT_FIELDS = ['username', 'employeeName', 'updatedAt'] as const;

/** `listroleuser` / `listusernotinrole`: paged, searched by user name or employee name. */
export const RoleUserListBody = Type.Object({
  ...pageQuery(ROLE_USER_SORT_FIELDS),
  tenantId: Id,
  roleId: Id,
  keyword: Type.Optional(Text(MAX_LEN.middle)),
});
export type RoleUserListBody = Static<typeof RoleUserListBody>;
/** `addroleuser` / `deleteroleuser` (SPEC §3 Role-user link: relaId, roleId, userIds). */
export const RoleUserBody = Type.Object({
  /** The link's id in SPEC §3; members are keyed by role and user, so it is accepted and not needed. */
  relaId: Type.Optional(Text(64)),
  tenantId: Id,
  roleId: Id,
  userIds: Type.Array(Id, { maxItems: 1000 }),
});
export type RoleUserBody = Static<typeof RoleUserBody>;

/** A grant item (SPEC §3): the granted id and its permission bits. */
export const GrantItem = Type.Object({
  dpDataid: Type.String({ minLength: 1, maxLength: 64 }),
  dpPurview: Type.Integer({ minimum: 0, maximum: 255 }),
});
export type GrantItem = Static<typeof GrantItem>;

/** `savemenupurview` / `saveorgtypepurview`: the role's whole set of that kind, replaced. */
export const GrantSaveBody = Type.Object({ roleId: Id, tenantId: Id, dataPurview: Type.Array(GrantItem, { maxItems: 5000 }) });
export type GrantSaveBody = Static<typeof GrantSaveBody>;
/** `saveorgpurview`: the role's organisation grants of one category, replaced. */
export const OrgGrantSaveBody = Type.Object({
  roleId: Id,
  tenantId: Id,
  orgCategory: Type.Integer({ minimum: 0, maximum: 99999 }),
  dataPurview: Type.Array(GrantItem, { maxItems: 5000 }),
});
export type OrgGrantSaveBody = Static<typeof OrgGrantSaveBody>;

/** Query of `listmenupurviewtree` and `listorgtypepurview`. */
export const GrantQuery = Type.Object({ roleId: Id, tenantId: Id });
export type GrantQuery = Static<typeof GrantQuery>;
/** Query of `listorgpurview` (orgCategory defaults to the main tree). */
export const OrgGrantQuery = Type.Object({ roleId: Id, tenantId: Id, orgCategory: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })) });
export type OrgGrantQuery = Static<typeof OrgGrantQuery>;

/** A role as the grid and form see it (SPEC §3 Role). */
export interface RoleRow {
  roleId: string;
  tenantId: string;
  orgId: string;
  orgName: string;
  roleNo: string;
  roleName: string;
  roleCategory: string;
  /** 1 enabled, 0 disabled. */
  roleStatus: 0 | 1;
  builtIn: boolean;
  description: string;
  creator: string;
  createdAt: string;
  updatedAt: string;
}

/** A role member (SPEC §3 Role member), also a candidate of `listusernotinrole`. */
export interface RoleMemberRow {
  userId: string;
  orgId: string;
  orgName: string;
  username: string;
  employeeName: string;
  builtIn: boolean;
  status: number;
  updatedAt: string;
}

/** A node of the menu grant tree: root id '0' (no permission of its own), then the tenant menu. */
export interface MenuPurviewNode {
  id: string;
  parentId: string;
  name: string;
  icon: string;
  /** Granted bits (1 read, 2 write); 0 when not granted. */
  purview: number;
  children: MenuPurviewNode[];
}

/** An organisation type with the role's bits (`listorgtypepurview` rows, types 0–6). */
export interface OrgTypePurviewRow extends GrantItem {
  /** 0–6 (SPEC §3 Organisation types). */
  type: number;
}

/** A node of an organisation grant tree. */
export interface OrgPurviewNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  type: number;
  status: number;
  purview: number;
  children: OrgPurviewNode[];
}

/** An organisation category (SPEC §3: codeKey number, codeVal name). */
export interface OrgCategory {
  codeKey: number;
  codeVal: string;
}

/** `data` of `listorgpurview`: the tree of the category with the role's bits, and the categories. */
export interface OrgPurviewData {
  rows: OrgPurviewNode[];
  orgCategory: number;
  categories: OrgCategory[];
}
