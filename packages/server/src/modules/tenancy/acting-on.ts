/**
 * Who may act on whom (issue 12 §1 "A role holder must never act on someone more privileged"; SPEC §6
 * grants; docs/tenant-roles.md "Acting on people", docs/architecture.md "Declared access: acts on").
 *
 * Rule: a caller acts on a user of the tenant (edit, reset password, lock, enable, delete, end a
 * session, role / station / organisation membership, accounts, mappings, imports that update) only when
 * - the user is inside the caller's data scope (affiliated organisation, modules/tenancy/data-scope.ts;
 *   a user without one only for the whole tenant) — else `10009029001`; and
 * - the caller's own rights cover everything the user holds — else `user.outranks_caller`:
 *   - the super manager: nobody but themselves;
 *   - a platform administrator (identity 4): only platform administrators;
 *   - a tenant administrator (identity 3 of tenant X) or an application administrator (identity 2 of
 *     tenant X): only platform administrators and administrators of X;
 *   - a holder of roles: the tenant's administrators and platform administrators; any other caller
 *     only when they could grant every grant of every role the user holds (enabled or not), by the same
 *     rule as role authorisation ("a role holder passes on only what they hold", `holdsAll`): menus
 *     with at most the caller's bits, APIs the caller holds, application menus and controls with at
 *     most the caller's bits and application APIs the caller holds (issue 14), organisation types the
 *     caller's scope reaches, organisations inside the caller's scope, and a type-only role only with a
 *     whole-tenant reach.
 * Acting on oneself is never an outranking (the services refuse what one may not do to oneself).
 * Ids that are not users of the tenant are skipped: the service answers "not found" (under row-level
 * security it cannot see another tenant's users either).
 *
 * The checks are a handful of statements whatever the number of users (`reachOf`), never a query per
 * user. Routes declare the rule (`access.actsOn`, `checkDeclaredActsOn`); services whose targets come
 * from stored rows (accounts, mappings, sessions, imports) call `assertActsOn` in their transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppGrantKind, Codes, GrantKind, Identity, Purview, UserCodes } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { organisations, roleGrants, roles, roleUsers, userIdentities, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { TenantContext } from '../../types.js';
import { apisFromGrants, listMemberGrants, orgIdInScope, orgRowInScope, type DataScope } from './data-scope.js';

/** The caller of a tenant-area call: who, in which tenant, administrator or not, with which data scope. */
export interface ActingCaller {
  userId: string;
  tenantId: string;
  admin: boolean;
  scope: DataScope;
}

/** The acting caller of a tenant-area request (`request.tenant` set by the guard). */
export function actingCallerOf(request: FastifyRequest): ActingCaller {
  const t: TenantContext = request.tenant!;
  return { userId: request.auth!.userId, tenantId: t.id, admin: t.admin, scope: t.scope };
}

/**
 * What a role holder holds in the tenant, and so may pass on (or covers in others): console menus with
 * their bits, console APIs, organisation types and reach, and application items (issue 14; menus and
 * controls with their bits, APIs; keyed by item id, docs/applications.md "Grants reach the tenants").
 */
export interface Holdings {
  menus: Map<string, number>;
  apis: Set<string>;
  anyType: boolean;
  types: Set<number>;
  wholeTenant: boolean;
  appMenus: Map<string, number>;
  appControls: Map<string, number>;
  appApis: Set<string>;
}

/** The grant kinds held with bits (grants with the read bit of enabled roles). */
const BIT_KINDS = [GrantKind.MENU, AppGrantKind.MENU, AppGrantKind.CONTROL, AppGrantKind.API];

/**
 * The holdings of `userId` in the tenant (two statements): the menu, application menu, control and API
 * bits of their enabled roles (grants with the read bit), their API grants, and from `scope` the
 * organisation types and reach.
 */
export async function holdingsOf(tx: Tx, tenantId: string, userId: string, scope: DataScope): Promise<Holdings> {
  const rows = await listMemberGrants(tx, tenantId, userId);
  const bitRows = await tx
    .select({ kind: roleGrants.kind, id: roleGrants.dataId, bits: sql<number>`bit_or(${roleGrants.purview})` })
    .from(roleGrants)
    .innerJoin(roleUsers, and(eq(roleUsers.tenantId, roleGrants.tenantId), eq(roleUsers.roleId, roleGrants.roleId)))
    .innerJoin(roles, and(eq(roles.tenantId, roleGrants.tenantId), eq(roles.id, roleGrants.roleId)))
    .where(
      and(
        eq(roleGrants.tenantId, tenantId),
        eq(roleUsers.userId, userId),
        inArray(roleGrants.kind, BIT_KINDS),
        eq(roles.status, 1),
        sql`(${roleGrants.purview} & ${Purview.READ}) <> 0`,
      ),
    )
    .groupBy(roleGrants.kind, roleGrants.dataId);
  const bitsOf = (kind: string) => new Map(bitRows.filter((r) => r.kind === kind).map((r) => [r.id, Number(r.bits)]));
  const parts = scope.all ? [] : scope.parts;
  return {
    menus: bitsOf(GrantKind.MENU),
    appMenus: bitsOf(AppGrantKind.MENU),
    appControls: bitsOf(AppGrantKind.CONTROL),
    appApis: new Set(bitsOf(AppGrantKind.API).keys()),
    apis: apisFromGrants(rows),
    anyType: scope.all || parts.some((p) => p.types === null),
    types: new Set(parts.flatMap((p) => p.types ?? [])),
    wholeTenant: scope.all || parts.some((p) => p.prefixes === null),
  };
}

/**
 * True when holdings `h` cover every item (grants of `kind`): menus, application menus and controls with
 * at most the held bits, held APIs and application APIs, reachable organisation types. Organisation
 * grants are checked against the data scope instead (`assertOrgsInScope`, or `inScope` of the rows
 * here); other kinds pass.
 */
export function holdsAll(h: Holdings, kind: string, items: { dataId: string; purview: number }[]): boolean {
  const within = (held: Map<string, number>) => items.every((i) => (i.purview & ~(held.get(i.dataId) ?? 0)) === 0);
  switch (kind) {
    case GrantKind.MENU:
      return within(h.menus);
    case AppGrantKind.MENU:
      return within(h.appMenus);
    case AppGrantKind.CONTROL:
      return within(h.appControls);
    case AppGrantKind.API:
      return items.every((i) => h.appApis.has(i.dataId));
    case GrantKind.API:
      return items.every((i) => h.apis.has(i.dataId));
    case GrantKind.ORG_TYPE:
      return h.anyType || items.every((i) => h.types.has(Number(i.dataId)));
    default:
      return true;
  }
}

/** The kinds `holdsAll` decides (organisations are decided by the data scope). */
export const GRANT_KINDS_HELD: readonly string[] = [GrantKind.MENU, GrantKind.API, GrantKind.ORG_TYPE, ...BIT_KINDS.slice(1)];

/** Why a user is beyond the caller's reach: outside the data scope, or holding more than the caller. */
export type Beyond = 'scope' | 'outranks';

/** What is checked: 'act' the data scope and the rank (changing the user), 'read' the data scope only (seeing them). */
export type ReachMode = 'act' | 'read';

interface TargetRow {
  id: string;
  username: string;
  superManager: boolean;
  inScope: boolean;
  identities: { i: number; t: string }[];
}

/**
 * Runs `fn` with row-level security's platform view for this transaction (identity rows live in the
 * administered tenants), then restores the scope the transaction had. A failing statement aborts the
 * transaction, and its local settings go with it.
 */
async function withPlatformView<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const [s] = rowsOf<{ scope: string | null }>(await tx.execute(sql`select current_setting('mp.scope', true) as scope`));
  const raise = s?.scope !== 'platform';
  if (raise) await tx.execute(sql`select set_config('mp.scope', 'platform', true)`);
  const out = await fn();
  if (raise) await tx.execute(sql`select set_config('mp.scope', ${s?.scope ?? ''}, true)`);
  return out;
}

/** True when an identity row of a target is covered by a caller with these identity rows. */
function identityCovered(row: { i: number; t: string }, caller: { i: number; t: string }[]): boolean {
  if (caller.some((c) => c.i === Identity.PLATFORM_ADMIN)) return true;
  if (row.i === Identity.PLATFORM_ADMIN) return false;
  if (row.i === Identity.TENANT_ADMIN || row.i === Identity.APP_ADMIN) return caller.some((c) => c.i === Identity.TENANT_ADMIN && c.t === row.t);
  return true;
}

/**
 * The users among `userIds` (users of the caller's tenant; others are skipped) the caller may not act
 * on, with the reason, and their user names (for the message). Empty: the caller may act on all.
 * `mode` 'read' checks the data scope only: one statement. 'act': caller and target identities (2,
 * with the platform view raised and restored), then only when needed the caller's holdings (2) and the
 * targets' role grants (1).
 */
export async function usersBeyondReach(
  tx: Tx,
  caller: ActingCaller,
  userIds: readonly string[],
  mode: ReachMode = 'act',
): Promise<Map<string, { why: Beyond; username: string }>> {
  const out = new Map<string, { why: Beyond; username: string }>();
  const ids = [...new Set(userIds.filter((x) => typeof x === 'string' && x))];
  if (!ids.length) return out;
  // Columns named with their table: drizzle renders columns unqualified inside select fields.
  const u = { id: sql.raw('"users"."id"'), orgId: sql.raw('"users"."org_id"') };
  const inScopeSql = caller.scope.all ? sql<boolean>`true` : sql<boolean>`coalesce(${orgIdInScope(caller.scope, u.orgId)}, false)`;
  const identitiesSql = sql<{ i: number; t: string }[]>`coalesce((select json_agg(json_build_object('i', ui.identity, 't', ui.tenant_id))
    from user_identities ui where ui.user_id = ${u.id}), '[]'::json)`;
  const readTargets = (withIdentities: boolean) =>
    tx
      .select({
        id: users.id,
        username: users.username,
        superManager: users.superManager,
        inScope: inScopeSql,
        identities: withIdentities ? identitiesSql : sql<{ i: number; t: string }[]>`'[]'::json`,
      })
      .from(users)
      .where(and(eq(users.tenantId, caller.tenantId), inArray(users.id, ids))) as Promise<TargetRow[]>;
  const { targets, mine } =
    mode === 'read'
      ? { targets: await readTargets(false), mine: [] }
      : await withPlatformView(tx, async () => ({
          targets: await readTargets(true),
          mine: await tx
            .select({ i: userIdentities.identity, t: userIdentities.tenantId })
            .from(userIdentities)
            .where(eq(userIdentities.userId, caller.userId)),
        }));
  const candidates: TargetRow[] = [];
  for (const t of targets) {
    if (!t.inScope) out.set(t.id, { why: 'scope', username: t.username });
    else if (mode === 'read' || t.id === caller.userId) continue;
    else if (t.superManager || !t.identities.every((row) => identityCovered(row, mine))) out.set(t.id, { why: 'outranks', username: t.username });
    else candidates.push(t);
  }
  // Administrators of this tenant (and platform administrators) cover every role holder of it.
  const coversRoles = caller.admin || mine.some((c) => c.i === Identity.PLATFORM_ADMIN || (c.i === Identity.TENANT_ADMIN && c.t === caller.tenantId));
  if (coversRoles || !candidates.length) return out;
  const grants = await tx
    .select({
      userId: roleUsers.userId,
      roleId: roleUsers.roleId,
      kind: roleGrants.kind,
      dataId: roleGrants.dataId,
      purview: roleGrants.purview,
      orgInScope: sql<boolean>`coalesce(${orgRowInScope(caller.scope, { path: sql.raw('"organisations"."path"'), type: sql.raw('"organisations"."type"') })}, false)`,
    })
    .from(roleUsers)
    .innerJoin(roleGrants, and(eq(roleGrants.tenantId, roleUsers.tenantId), eq(roleGrants.roleId, roleUsers.roleId)))
    .leftJoin(organisations, and(eq(roleGrants.kind, GrantKind.ORG), eq(organisations.tenantId, roleGrants.tenantId), eq(organisations.id, roleGrants.dataId)))
    .where(
      and(
        eq(roleUsers.tenantId, caller.tenantId),
        inArray(
          roleUsers.userId,
          candidates.map((u) => u.id),
        ),
      ),
    );
  if (!grants.length) return out;
  const h = await holdingsOf(tx, caller.tenantId, caller.userId, caller.scope);
  for (const t of candidates) {
    const byRole = new Map<string, typeof grants>();
    for (const g of grants) if (g.userId === t.id) byRole.set(g.roleId, [...(byRole.get(g.roleId) ?? []), g]);
    const covered = [...byRole.values()].every((gs) => {
      const of = (kind: string) => gs.filter((g) => g.kind === kind);
      const typeOnly = of(GrantKind.ORG_TYPE).length > 0 && of(GrantKind.ORG).length === 0;
      return GRANT_KINDS_HELD.every((k) => holdsAll(h, k, of(k))) && of(GrantKind.ORG).every((g) => g.orgInScope) && (!typeOnly || h.wholeTenant);
    });
    if (!covered) out.set(t.id, { why: 'outranks', username: t.username });
  }
  return out;
}

/**
 * Refuses unless the caller may act on every user among `userIds` (the rule of the module comment).
 * @throws `10009029001` when one is outside the caller's data scope, else `user.outranks_caller`
 *   (params: username) when one holds more than the caller. Nothing is written either way.
 */
export async function assertActsOn(tx: Tx, caller: ActingCaller, userIds: readonly string[], mode: ReachMode = 'act'): Promise<void> {
  const beyond = [...(await usersBeyondReach(tx, caller, userIds, mode)).values()];
  if (beyond.some((b) => b.why === 'scope')) throw new AppError(Codes.NO_PERMISSION);
  if (beyond.length) throw new AppError(UserCodes.OUTRANKS_CALLER, { username: beyond[0]!.username });
}

/**
 * Refuses (`10009029001`) when a user of the tenant among `userIds` is outside `scope` by affiliated
 * organisation (a user without one is reachable only with the whole tenant); for reads and lists of
 * one user's things. Other ids are skipped.
 */
export function assertUsersInScope(tx: Tx, t: { tenantId: string; scope: DataScope }, userIds: readonly string[]): Promise<void> {
  return assertActsOn(tx, { userId: '', admin: false, ...t }, userIds, 'read');
}

/**
 * The user ids found at `path` in `body`: a dotted path of field names (`ids`, `userId`,
 * `members.userId`); arrays on the way are walked. Anything that is not a string is ignored (the
 * schema has already refused bad input).
 */
export function idsAt(body: unknown, path: string): string[] {
  let values: unknown[] = [body];
  for (const key of path.split('.')) {
    values = values
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((v) => (v && typeof v === 'object' && Object.hasOwn(v, key) ? [(v as Record<string, unknown>)[key]] : []));
  }
  return values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/**
 * The central check of declared access rules (`access: { tenant, menu, actsOn }`, types.ts): after the
 * body is validated (a preHandler), the user ids at the declared body paths are checked with
 * `assertActsOn` for the request's tenant context, in one short transaction with the platform view.
 * Routes without `actsOn` pass.
 */
export function registerActsOnCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || typeof access !== 'object' || !('tenant' in access) || !access.actsOn || !request.tenant) return;
    const ids = [access.actsOn].flat().flatMap((path) => idsAt(request.body, path));
    if (!ids.length) return;
    const caller = actingCallerOf(request);
    await inScope(app.database.db, PLATFORM_SCOPE, (tx) => assertActsOn(tx, caller, ids));
  });
}
