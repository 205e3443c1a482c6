/**
 * Wire types of the policy service (docs/applications.md "Policy service"; SPEC §7), re-exported under the
 * client's names from @mp/protocol (type-only: erased at run time, so the client still needs only `fetch`).
 */
import type {
  PolicyApi,
  PolicyChange,
  PolicyChangeKind,
  PolicyControl,
  PolicyDataScope,
  PolicyDecision,
  PolicyMenuNode,
  PolicyPermissions,
  PolicyRole,
  PolicySsoUser,
  PolicySyncPage,
} from '@mp/protocol';

/** 1 PC, 2 Phone, 3 both (SPEC §3 Platform type). */
export type PlatformType = 1 | 2 | 3;
/** 'read' needs purview bit 1, 'write' bit 2. */
export type Need = 'read' | 'write';
/** A user of a tenant: by id or by user name (exactly one). */
export type UserRef = { userId: string; username?: never } | { username: string; userId?: never };
/** What a decision asks: an API (registered URL), a control (id) or a menu (id or code). */
export type DecisionQuery = { api: string } | { control: string; need?: Need } | { menu: string; need?: Need };

export type MenuNode = PolicyMenuNode;
export type ControlGrant = PolicyControl;
export type ApiGrant = PolicyApi;
export type RoleRef = PolicyRole;
export type DataScope = PolicyDataScope;
/** The answer of `user/permissions` (menus, controls with purview bits, APIs, roles, data scope, cursor). */
export type UserPermissions = PolicyPermissions;
/** The answer of `decision/check`. */
export type Decision = PolicyDecision;
export type ChangeKind = PolicyChangeKind;
/** One row of the change log. */
export type Change = PolicyChange;
/** The answer of `sync/syncbydate`. */
export type SyncPage = PolicySyncPage;
/** The answer of `sso/exchange`: the user an SSO-query ticket was issued for. */
export type SsoUser = PolicySsoUser;

/** The platform's envelope. */
export interface Envelope<T> {
  result: string;
  msg?: string;
  message?: string;
  scode?: string;
  data: T;
}

/** Gateway paths of the policy service (the same as @mp/protocol's PolicyPaths, kept here as values so nothing of the platform loads at run time). */
export const POLICY_PATHS = {
  permissions: '/gateway/policy/policy/user/permissions',
  check: '/gateway/policy/policy/decision/check',
  syncbydate: '/gateway/policy/policy/sync/syncbydate',
  ssoexchange: '/gateway/policy/policy/sso/exchange',
} as const;
