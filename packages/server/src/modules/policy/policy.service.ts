/**
 * The policy service an application's backend calls (issue 14 "The policy service"; SPEC §6, §7 Policy
 * service; docs/applications.md "Policy service"): a user's permissions for the calling client's
 * application, a decision, and the change log since a time or a cursor. Permissions and sync are one
 * platform-scope transaction of a few statements each, a decision one read-only statement
 * (policy.repository.ts).
 */
import {
  normalisePurview,
  PolicyCodes,
  Purview,
  type PolicyApi,
  type PolicyChange,
  type PolicyChangeKind,
  type PolicyCheckBody,
  type PolicyControl,
  type PolicyDecision,
  type PolicyMenuNode,
  type PolicyPermissions,
  type PolicyPermissionsBody,
  type PolicyRole,
  type PolicySyncBody,
  type PolicySyncPage,
  POLICY_SYNC_LIMIT,
} from '@mp/protocol';
import type { Db } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './policy.repository.js';
import { decodeCursor, encodeCursor, laterPosition, START } from './policy.cursor.js';
import { buildMenuTree } from './policy.menus.js';
import { checkedSubject, decideCompiled, type KnownSubject } from './policy.compiled.js';
import type { PolicyCache } from './policy.cache.js';

type UserRef = Pick<PolicyPermissionsBody, 'tenantId' | 'userId' | 'username'>;

/** @throws 400 `policy.user_required` unless exactly one of userId / username is given. */
function assertOneUser(b: UserRef): void {
  if ((b.userId === undefined) === (b.username === undefined)) throw new AppError(PolicyCodes.USER_REQUIRED, {}, 400);
}

const checked = checkedSubject;

/** The cursor "every change of a transaction older than `xmin` is reflected". */
const cursorAt = (xmin: string) => encodeCursor({ xid: xmin, seq: '0', issuedMs: Date.now() });

/**
 * `user/permissions`: the menus (tree with the ancestors of granted nodes), controls, APIs, roles and
 * data scope of a user for application `productId`, and the sync cursor of the answer.
 * @throws `policy.user_required` (400), `policy.tenant_not_subscribed`, `policy.user_not_found`.
 */
export async function userPermissions(db: Db, productId: string, b: PolicyPermissionsBody, cache?: PolicyCache): Promise<PolicyPermissions> {
  assertOneUser(b);
  if (cache) {
    // The entry's cursor was taken before its rows were read: sync from it delivers every later change.
    const u = await cache.user(productId, b.tenantId, b);
    const done = u.answers.get(b.platformType ?? 0);
    if (done) return done;
    const menus = u.grants.some((g) => g.kind === 'appmenu') ? (await cache.app(productId)).rows : [];
    const answer = assemble(u.subject, u.grants, menus, b.platformType, u.cursor);
    u.answers.set(b.platformType ?? 0, answer);
    return answer;
  }
  return inScope(db, PLATFORM_SCOPE, async (tx) => {
    // The position first: a change committed after it may or may not show below, and is delivered by sync.
    const cursor = cursorAt(await repo.snapshotXmin(tx));
    const s = checked(await repo.findSubject(tx, productId, b.tenantId, b));
    if (!s.active) return assemble(s, [], [], b.platformType, cursor);
    const grants = await repo.listUserGrants(tx, productId, s.tenantId, s.userId);
    const menus = grants.some((g) => g.kind === 'appmenu') ? await repo.listAppMenus(tx, productId) : [];
    return assemble(s, grants, menus, b.platformType, cursor);
  });
}

/**
 * The permissions answer of subject `s` from its grant rows (`listUserGrants`, role-code order) and the
 * application's menus (needed only when a menu is granted): shapes of the contract's `user/permissions`.
 */
function assemble(s: KnownSubject, grants: repo.UserGrantRow[], menuRows: repo.MenuRow[], platformType: number | undefined, cursor: string): PolicyPermissions {
  const empty: PolicyPermissions = {
    tenantId: s.tenantId,
    userId: s.userId,
    username: s.username,
    active: s.active,
    roles: [],
    menus: [],
    controls: [],
    apis: [],
    dataScope: { wholeTenant: false, orgIds: [], orgTypes: [] },
    cursor,
  };
  if (!s.active) return empty;
  const appRoles = new Map<string, PolicyRole>();
  const menus = new Map<string, number>();
  const controls = new Map<string, PolicyControl>();
  const apis = new Map<string, PolicyApi>();
  for (const g of grants) {
    if (g.kind === 'org' || g.kind === 'orgtype') continue;
    appRoles.set(g.role_id, { id: g.role_id, code: g.role_code, name: g.role_name });
    if (g.kind === 'appmenu') menus.set(g.data_id, normalisePurview((menus.get(g.data_id) ?? 0) | g.purview));
    if (g.kind === 'appcontrol') {
      const c = controls.get(g.data_id);
      controls.set(g.data_id, {
        id: g.data_id,
        pageId: g.page_id ?? '',
        name: g.control_name ?? '',
        alias: g.alias ?? '',
        nodeType: g.node_type ?? '',
        purview: normalisePurview((c?.purview ?? 0) | g.purview),
      });
    }
    if (g.kind === 'appapi')
      apis.set(g.data_id, { id: g.data_id, name: g.api_name ?? '', url: g.url ?? '', serviceName: g.service_name ?? '', moduleName: g.module_name ?? '' });
  }
  const orgIds = new Set<string>();
  const orgTypes = new Set<number>();
  for (const g of grants) {
    if (!appRoles.has(g.role_id)) continue;
    if (g.kind === 'org') orgIds.add(g.data_id);
    if (g.kind === 'orgtype' && /^\d{1,3}$/.test(g.data_id)) orgTypes.add(Number(g.data_id));
  }
  const tree: PolicyMenuNode[] = menus.size ? buildMenuTree(menuRows, menus, platformType) : [];
  return {
    ...empty,
    roles: [...appRoles.values()],
    menus: tree,
    controls: [...controls.values()].sort((x, y) => x.pageId.localeCompare(y.pageId) || x.id.localeCompare(y.id)),
    apis: [...apis.values()].sort((x, y) => x.url.localeCompare(y.url)),
    dataScope: { wholeTenant: s.tenantAdmin, orgIds: [...orgIds].sort(), orgTypes: [...orgTypes].sort((x, y) => x - y) },
  };
}

/** The decision target of a check body. @throws `policy.target_required` (400) unless exactly one is named. */
function targetOf(b: PolicyCheckBody): repo.DecisionTarget {
  const named = [b.api, b.control, b.menu].filter((x) => x !== undefined).length;
  if (named !== 1) throw new AppError(PolicyCodes.TARGET_REQUIRED, {}, 400);
  if (b.api !== undefined) return { kind: 'appapi', url: b.api };
  if (b.control !== undefined) return { kind: 'appcontrol', id: b.control };
  return { kind: 'appmenu', idOrCode: b.menu! };
}

/**
 * `decision/check`: may the user use the API, control or menu (with `need` read or write; write implies
 * read), and which role (the first by role code) grants it. A user who is not active is refused. One
 * statement (policy.repository.ts `findDecision`).
 * @throws `policy.user_required` / `policy.target_required` (400), `policy.tenant_not_subscribed`, `policy.user_not_found`.
 */
export async function decide(db: Db, productId: string, b: PolicyCheckBody, cache?: PolicyCache): Promise<PolicyDecision> {
  assertOneUser(b);
  const target = targetOf(b);
  const mask = target.kind !== 'appapi' && b.need === 'write' ? Purview.WRITE : Purview.READ_WRITE;
  if (cache) {
    const u = await cache.user(productId, b.tenantId, b);
    const answer = decideCompiled(u, target.kind === 'appmenu' && u.subject.active ? await cache.app(productId) : undefined, target, mask);
    if (answer) return answer; // undefined: text outside ASCII, where only SQL's lower() can tell
  }
  // One read-only statement on the pool: the platform scope's row-level security would let every row
  // through anyway, and every table in it is filtered by the resolved tenant and application.
  const found = await repo.findDecision(db, productId, b.tenantId, b, target, mask);
  const s = checked(found?.subject);
  const row = found?.grant;
  if (!s.active || !row) return { allow: false, by: null };
  return {
    allow: true,
    by: {
      roleId: row.role_id,
      roleCode: row.role_code,
      roleName: row.role_name,
      kind: target.kind,
      itemId: row.item_id,
      purview: normalisePurview(row.purview),
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `sync/syncbydate` (SPEC §7): the changes of the log concerning application `productId` after the
 * cursor (or since `syncDate`, or from the start), at most `limit`, in commit-safe order, and the next
 * cursor (docs/applications.md "Sync" for why it never skips a change).
 * @throws `policy.cursor_invalid` (400); `policy.cursor_expired` for a cursor or date older than
 * `retentionDays`, or a cursor ahead of this database's transactions (from another database).
 */
export async function syncChanges(db: Db, productId: string, b: PolicySyncBody, retentionDays: number, cache?: PolicyCache): Promise<PolicySyncPage> {
  const limit = b.limit ?? POLICY_SYNC_LIMIT.default;
  const oldest = Date.now() - retentionDays * DAY_MS;
  const given = b.cursor !== undefined ? decodeCursor(b.cursor) : undefined;
  const since = given === undefined && b.syncDate !== undefined ? new Date(b.syncDate) : undefined;
  if (since && Number.isNaN(since.getTime())) throw new AppError(PolicyCodes.CURSOR_INVALID, {}, 400);
  if ((given && given.issuedMs < oldest) || (since && since.getTime() < oldest)) throw new AppError(PolicyCodes.CURSOR_EXPIRED);
  const after = given ?? START;
  return inScope(db, PLATFORM_SCOPE, async (tx) => {
    const xmin = await repo.snapshotXmin(tx);
    // A cursor is never past the xmin of its read, and xmin only grows: one that is ahead comes from
    // another database (a restore, a switch from PGlite), whose transaction numbers say nothing here.
    if (given && BigInt(given.xid) > BigInt(xmin)) throw new AppError(PolicyCodes.CURSOR_EXPIRED);
    const rows = await repo.listChanges(tx, productId, after, xmin, limit + 1, since);
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    // A full page ends at its last row; otherwise every finished transaction has been read: move to xmin.
    const position = hasMore ? { xid: last!.xid, seq: last!.seq } : laterPosition(after, { xid: xmin, seq: '0' });
    // Before the client learns of these changes, this instance's cached answers stop reflecting the old state.
    cache?.invalidate(page.map((r) => ({ kind: r.kind, productId: r.product_id, tenantId: r.tenant_id, userId: r.user_id })));
    return {
      changes: page.map(
        (r): PolicyChange => ({
          seq: r.seq,
          kind: r.kind as PolicyChangeKind,
          op: r.op === 'delete' ? 'delete' : 'upsert',
          tenantId: r.tenant_id,
          subjectId: r.subject_id,
          roleId: r.role_id,
          userId: r.user_id,
          changedAt: new Date(r.changed_at).toISOString(),
        }),
      ),
      cursor: encodeCursor({ ...position, issuedMs: Date.now() }),
      hasMore,
    };
  });
}
