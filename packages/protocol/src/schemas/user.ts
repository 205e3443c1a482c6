/**
 * User schemas (SPEC §3 User, §5 User; docs/protocol.md "Calls" listuser … templateuser): TypeBox
 * bodies the server validates and the console sends, and the row shapes it answers. Field rules live
 * in rules/user.ts (re-exported here); the schemas only bound sizes, the rules give the messages.
 */
import Type, { type Static } from 'typebox';
import { pageQuery, StatusValueSchema } from './common.js';

export * from '../rules/user.js';

const id = Type.String({ minLength: 1, maxLength: 64 });
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** Editable fields. Text limits here are generous bounds; USER_RULES gives the real ones with messages. */
const fields = {
  username: Type.String({ maxLength: 200 }),
  employeeName: text(200),
  employeeCode: text(200),
  gender: text(8),
  /** Affiliated organisation (required, in the user's tenant). */
  orgId: Type.String({ maxLength: 64 }),
  defaultOrgId: text(64),
  /** Station (position) in the user's tenant, or ''. */
  stationId: text(64),
  effectiveDate: Type.String({ maxLength: 20 }),
  expiryDate: Type.String({ maxLength: 20 }),
  status: StatusValueSchema,
  email: text(200),
  mobile: text(50),
  officePhone: text(50),
  homePhone: text(50),
  idCard: text(50),
  /** File id of the avatar (an image of at most 500K). */
  avatar: text(64),
  /** File id of the face photo (an image of at most 500K; SPEC §3 User face photo). */
  facePhoto: text(64),
  signature: text(400),
  description: text(400),
};

/** `adduser`: `tenantId` names the tenant; `password` is encrypted for the wire (PROTOCOL.md). */
export const UserAddBody = Type.Object({ tenantId: id, ...fields, password: Type.String({ maxLength: 1024 }) });
export type UserAddBody = Static<typeof UserAddBody>;

/** `edituser`: the tenant stays; `password` (encrypted) only when it changes. */
export const UserEditBody = Type.Object({ id, ...fields, password: Type.Optional(Type.String({ maxLength: 1024 })) });
export type UserEditBody = Static<typeof UserEditBody>;

/** Sortable columns of the user grid. */
export const USER_SORT_FIELDS = ['username', 'employeeName', 'employeeCode', 'status', 'createdAt', 'updatedAt', 'tenantName'] as const;

/** `listuser` / `exportuser`: paging, sort and the grid's filters. Without `tenantId`: every tenant. */
export const UserListBody = Type.Object({
  ...pageQuery(USER_SORT_FIELDS),
  tenantId: Type.Optional(Type.String({ maxLength: 64 })),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  username: Type.Optional(Type.String({ maxLength: 50 })),
  employeeName: Type.Optional(Type.String({ maxLength: 50 })),
  employeeCode: Type.Optional(Type.String({ maxLength: 50 })),
  mobile: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(StatusValueSchema),
  locked: Type.Optional(Type.Boolean()),
  orgId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type UserListBody = Static<typeof UserListBody>;

const ids = Type.Array(id, { minItems: 1, maxItems: 1000 });
export const UserStatusBody = Type.Object({ ids, status: StatusValueSchema });
export type UserStatusBody = Static<typeof UserStatusBody>;
export const UserLockBody = Type.Object({ ids, locked: Type.Boolean() });
export type UserLockBody = Static<typeof UserLockBody>;
/** `resetuserpassword`: the new password encrypted for the wire. */
export const UserResetPasswordBody = Type.Object({ id, password: Type.String({ minLength: 1, maxLength: 1024 }) });
export type UserResetPasswordBody = Static<typeof UserResetPasswordBody>;

/** A user as grids and forms see it. Never carries the password hash. */
export interface UserRow {
  id: string;
  tenantId: string;
  tenantCode: string;
  tenantName: string;
  username: string;
  employeeName: string;
  employeeCode: string;
  gender: '' | 'M' | 'F';
  orgId: string;
  orgName: string;
  defaultOrgId: string;
  defaultOrgName: string;
  /** Station (position) id and name, or ''. */
  stationId: string;
  stationName: string;
  effectiveDate: string;
  expiryDate: string;
  builtIn: boolean;
  superManager: boolean;
  status: 0 | 1;
  /** Locked by an administrator. */
  locked: boolean;
  /** Locked after failed sign-ins until this time (ISO), or ''. Unlock clears it too. */
  lockedUntil: string;
  email: string;
  mobile: string;
  officePhone: string;
  homePhone: string;
  idCard: string;
  avatar: string;
  /** Address of the avatar image without the `code` query, or ''. */
  avatarUrl: string;
  /** File id and address of the face photo, or ''. */
  facePhoto: string;
  facePhotoUrl: string;
  signature: string;
  description: string;
  creator: string;
  createdAt: string;
  updatedAt: string;
}

/** One failed cell of an import: Excel row number (the heading is row 1), field, message (localised). */
export interface UserImportError {
  row: number;
  field: string;
  /** The column heading in the request's language. */
  column: string;
  message: string;
}

/** `importuser` success: how many users were created and updated. */
export interface UserImportResult {
  created: number;
  updated: number;
}
