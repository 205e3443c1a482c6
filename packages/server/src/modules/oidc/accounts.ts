/**
 * Accounts and claims of the OpenID provider (issue 4 "Claims carry the user's tenant, user types,
 * roles and organisation"; docs/oidc.md "Claims"). `sub` is the user id. A user who is deleted,
 * disabled, locked, outside their validity dates, a test account, or whose tenant is disabled has no
 * account: the provider then issues nothing (code exchange and refresh answer `invalid_grant`,
 * userinfo `invalid_token`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { expandIdentities } from '@mp/protocol';
import type { Db, Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, productAdmins, roles, roleUsers, tenants, userIdentities, users } from '../../db/schema/index.js';
import { isAppUser } from '../appusers/app-users.scope.js';
import { listIdentitiesOfUser, type UserRow } from '../users/users.repository.js';
import { listAppRoleCodes } from '../policy/policy.repository.js';

/**
 * Claims by scope (the provider's `claims` configuration). The custom ones ride with `openid`.
 * `app_roles` is listed with `openid` so the ID token carries it, but it is only filled when the client
 * asks for the scope `app_roles` (`appRoleClaims`).
 */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub', 'tenant_id', 'tenant_code', 'user_types', 'roles', 'org_id', 'org_name', 'app_roles'],
  profile: ['name', 'preferred_username'],
  email: ['email'],
  phone: ['phone_number'],
} as const;

/** Everything a token of this user may say about them. */
export interface AccountClaims {
  sub: string;
  preferred_username: string;
  name: string;
  email?: string;
  phone_number?: string;
  tenant_id: string;
  tenant_code: string;
  /** User types of SPEC §3 ('1' platform admin … '7' enterprise user), as strings. */
  user_types: string[];
  /** Role numbers (codes) of the enabled roles the user holds in their tenant. */
  roles: string[];
  org_id?: string;
  org_name?: string;
}

function outsideValidity(u: Pick<UserRow, 'effectiveDate' | 'expiryDate'>, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  return (!!u.effectiveDate && u.effectiveDate > today) || (!!u.expiryDate && u.expiryDate < today);
}

/** Enabled, unlocked, inside the validity dates, in an enabled tenant. */
function usable(u: Pick<UserRow, 'status' | 'locked' | 'lockedUntil' | 'effectiveDate' | 'expiryDate'>, tenantStatus: number, now: Date): boolean {
  return u.status === 1 && !u.locked && !(u.lockedUntil && u.lockedUntil > now) && !outsideValidity(u, now) && tenantStatus === 1;
}

/** The user if they may hold tokens now (see the module doc), else undefined. */
export async function findUsableUser(
  tx: Tx,
  userId: string,
  now = new Date(),
): Promise<{ user: UserRow; tenantCode: string; identities: number[] } | undefined> {
  const [row] = await tx
    .select({ user: users, tenantCode: tenants.code, tenantStatus: tenants.status })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user } = row;
  if (!usable(user, row.tenantStatus, now)) return undefined;
  const identities = await listIdentitiesOfUser(tx, user.id);
  // Test accounts (identity 5) hold no user type and may not sign in (SPEC §4 Login flow).
  if (!expandIdentities(identities).length) return undefined;
  return { user, tenantCode: row.tenantCode, identities };
}

/** The row `claimsOfRow` turns into claims: the user with tenant, identities, role codes and organisation name. */
export type AccountRow = Awaited<ReturnType<typeof readAccountRow>>;

/**
 * Reads what the claims of user `userId` are made of, in ONE statement on the pool as the owner, like
 * the adapter's lookups (issue 17 userinfo hot path): the user with their tenant, identities, enabled
 * role codes and organisation name as sub-selects (was a transaction of six). Undefined: no such user.
 */
export async function readAccountRow(db: Db, userId: string) {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        username: users.username,
        employeeName: users.employeeName,
        email: users.email,
        mobile: users.mobile,
        tenantId: users.tenantId,
        orgId: users.orgId,
        defaultOrgId: users.defaultOrgId,
        status: users.status,
        locked: users.locked,
        lockedUntil: users.lockedUntil,
        effectiveDate: users.effectiveDate,
        expiryDate: users.expiryDate,
      },
      tenantCode: tenants.code,
      tenantStatus: tenants.status,
      identities: sql<number[]>`array(select distinct ${userIdentities.identity} from ${userIdentities} where ${userIdentities.userId} = ${users.id})`,
      roleCodes: sql<string[]>`array(select r.code from ${roleUsers} ru join ${roles} r on r.id = ru.role_id
      where ru.tenant_id = ${users.tenantId} and ru.user_id = ${users.id} and r.status = 1)`,
      orgName: sql<string | null>`(select o.name from ${organisations} o where o.id = coalesce(${users.orgId}, ${users.defaultOrgId}))`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId));
  return row;
}

/**
 * The claims of an account row at `now`; undefined when the user is not usable then (findUsableUser's
 * rules: status, lock and lock end, validity dates, tenant status, not a test account only).
 */
export function claimsOfRow(row: AccountRow | undefined, now = new Date()): AccountClaims | undefined {
  if (!row || !usable(row.user, row.tenantStatus, now)) return undefined;
  const identities = [...new Set((row.identities ?? []).map(Number))].sort((a, b) => b - a);
  const types = expandIdentities(identities);
  if (!types.length) return undefined; // test accounts (identity 5) hold no user type
  const { user } = row;
  const orgId = user.orgId ?? user.defaultOrgId ?? undefined;
  return {
    sub: user.id,
    preferred_username: user.username,
    name: user.employeeName || user.username,
    ...(user.email ? { email: user.email } : {}),
    ...(user.mobile ? { phone_number: user.mobile } : {}),
    tenant_id: user.tenantId,
    tenant_code: row.tenantCode,
    user_types: types.map(String),
    roles: [...(row.roleCodes ?? [])].sort(),
    ...(orgId ? { org_id: orgId, org_name: row.orgName ?? '' } : {}),
  };
}

/**
 * Reads the claims of a usable user (any tenant) from the database, one statement; undefined when not
 * usable (findUsableUser's rules). Nothing is cached here (userinfo's memo: claims-memo.ts).
 */
export async function loadAccountClaims(db: Db, userId: string, now = new Date()): Promise<AccountClaims | undefined> {
  return claimsOfRow(await readAccountRow(db, userId), now);
}

/** The scope that adds the `app_roles` claim (docs/oidc.md "Roles of the application"). */
export const APP_ROLES_SCOPE = 'app_roles';

/**
 * The `app_roles` claim for a token of the client's application `productId` when `scope` (the granted
 * scopes, space-separated) holds `app_roles`: codes of the user's enabled roles in their tenant that
 * grant anything of the application (issue 14; docs/applications.md "Roles in tokens"). Else nothing.
 */
export async function appRoleClaims(
  db: Db,
  claims: Pick<AccountClaims, 'sub' | 'tenant_id'>,
  productId: string,
  scope: string | undefined,
): Promise<{ app_roles?: string[] }> {
  if (!productId || !(scope ?? '').split(' ').includes(APP_ROLES_SCOPE)) return {};
  const codes = await inScope(db, PLATFORM_SCOPE, (tx) => listAppRoleCodes(tx, productId, claims.tenant_id, claims.sub));
  return { app_roles: codes };
}

/**
 * Whether the user may sign in to the app `productId`: they are one of its users (`isAppUser`: their
 * tenant holds an enabled authorisation of the app, and they are inside its root organisations of the
 * tenant when it has any — the same rule as My apps, docs/users.md), or they administer the app.
 */
export async function mayUseApp(tx: Tx, user: { id: string; tenantId: string }, productId: string): Promise<boolean> {
  const [authorised] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, user.id), eq(users.tenantId, user.tenantId), isAppUser(productId)));
  if (authorised) return true;
  const [admin] = await tx
    .select({ p: productAdmins.productId })
    .from(productAdmins)
    .where(and(eq(productAdmins.productId, productId), eq(productAdmins.userId, user.id)));
  return !!admin;
}
