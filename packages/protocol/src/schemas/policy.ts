/**
 * The policy service an application's backend calls (issue 14 "The policy service"; SPEC §7 Policy
 * service `POST /policy/sync/syncbydate`; docs/applications.md "Policy service"): request bodies
 * (TypeBox), answer types and paths. Calls authenticate as one of the application's confidential OIDC
 * clients (HTTP Basic or a client_credentials access token), not with the console's signature.
 */
import Type, { type Static } from 'typebox';
import type { MenuTypeValue, OpenTypeValue, PlatformTypeValue } from './app-common.js';

export * from '../codes/policy.js';

/** Gateway paths of the policy service. */
export const PolicyPaths = {
  permissions: '/gateway/policy/policy/user/permissions',
  check: '/gateway/policy/policy/decision/check',
  syncbydate: '/gateway/policy/policy/sync/syncbydate',
  /** The application's server exchanges an SSO-query ticket for the user (docs/users.md "Opening an application"). */
  ssoexchange: '/gateway/policy/policy/sso/exchange',
} as const;

/** The realm of the `WWW-Authenticate: Basic` challenge of a refused call. */
export const POLICY_REALM = 'policy';

/** The most changes one sync page may ask for, and the default. */
export const POLICY_SYNC_LIMIT = { max: 1000, default: 500 } as const;

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** Who the call is about: a tenant (id or code) and exactly one of `userId` / `username`. */
const UserRef = {
  tenantId: Id,
  userId: Type.Optional(Id),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
};

/** `user/permissions`: `platformType` 1 PC (menus of type 1 or 3), 2 Phone (2 or 3); absent: all. */
export const PolicyPermissionsBody = Type.Object({
  ...UserRef,
  platformType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
});
export type PolicyPermissionsBody = Static<typeof PolicyPermissionsBody>;

/** `decision/check`: exactly one of `api` (registered url, case-insensitive), `control` (id), `menu` (id or code). */
export const PolicyCheckBody = Type.Object({
  ...UserRef,
  api: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  control: Type.Optional(Id),
  menu: Type.Optional(Id),
  need: Type.Optional(Type.Union([Type.Literal('read'), Type.Literal('write')])),
});
export type PolicyCheckBody = Static<typeof PolicyCheckBody>;

/** `sync/syncbydate` (SPEC §7): changes since `syncDate`, or after `cursor` (the cursor wins). */
export const PolicySyncBody = Type.Object({
  syncDate: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POLICY_SYNC_LIMIT.max })),
});
export type PolicySyncBody = Static<typeof PolicySyncBody>;

/** `sso/exchange`: the `ssotoken` the application received on its callback address (a ticket, not a token). */
export const PolicySsoExchangeBody = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }) });
export type PolicySsoExchangeBody = Static<typeof PolicySsoExchangeBody>;

/**
 * `sso/exchange` answer: the user the ticket was issued for, for the application to open its own session
 * (docs/users.md "Opening an application"). `sessionExpiresAt`: when the console session it came from ends
 * (ms since the epoch) — an upper bound for the application's session.
 */
export interface PolicySsoUser {
  userId: string;
  username: string;
  employeeName: string;
  tenantId: string;
  tenantCode: string;
  sessionExpiresAt: number;
}

/** A menu node of a user's answer; `parentId` '0' at the top level. */
export interface PolicyMenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  menuType: MenuTypeValue;
  target: string;
  pageId: string | null;
  icon: string;
  sort: number;
  platformType: PlatformTypeValue;
  openType: OpenTypeValue;
  refresh: 0 | 1;
  /** Bits 1 read, 2 write (3 both); 0 for a node present only as the ancestor of a granted one. */
  purview: number;
  children: PolicyMenuNode[];
}

export interface PolicyRole {
  id: string;
  code: string;
  name: string;
}
export interface PolicyControl {
  id: string;
  pageId: string;
  name: string;
  alias: string;
  nodeType: string;
  purview: number;
}
export interface PolicyApi {
  id: string;
  name: string;
  url: string;
  serviceName: string;
  moduleName: string;
}
export interface PolicyDataScope {
  wholeTenant: boolean;
  orgIds: string[];
  orgTypes: number[];
}

/** `data` of `user/permissions`. */
export interface PolicyPermissions {
  tenantId: string;
  userId: string;
  username: string;
  /** False for a disabled, locked or expired user (everything else then empty). */
  active: boolean;
  roles: PolicyRole[];
  menus: PolicyMenuNode[];
  controls: PolicyControl[];
  apis: PolicyApi[];
  dataScope: PolicyDataScope;
  /** The sync position of this answer: give it to `syncbydate`. */
  cursor: string;
}

export type PolicyGrantKind = 'appmenu' | 'appcontrol' | 'appapi';

/** `data` of `decision/check`: `by` is the first granting role in role-code order, null when refused. */
export interface PolicyDecision {
  allow: boolean;
  by: { roleId: string; roleCode: string; roleName: string; kind: PolicyGrantKind; itemId: string; purview: number } | null;
}

export type PolicyChangeKind = 'menu' | 'page' | 'control' | 'api' | 'mobilemenu' | 'grant' | 'member' | 'role' | 'user' | 'subscription';

/** One change of the log (docs/applications.md "Sync" says what a cache does with each kind). */
export interface PolicyChange {
  seq: string;
  kind: PolicyChangeKind;
  op: 'upsert' | 'delete';
  tenantId: string | null;
  subjectId: string;
  roleId: string | null;
  userId: string | null;
  changedAt: string;
}

/** `data` of `sync/syncbydate`. */
export interface PolicySyncPage {
  changes: PolicyChange[];
  cursor: string;
  hasMore: boolean;
}
