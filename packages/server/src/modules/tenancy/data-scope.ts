/**
 * Data scopes of the tenant area (issue 5 "Grants are enforced, not only stored"; SPEC §6 "Each role
 * receives menu, organisation-type and organisation-tree grants"; docs/tenancy.md "Data scope").
 *
 * A tenant administrator's scope is the whole tenant. Any other caller's scope is the union over the
 * enabled roles they are a member of, where one role grants:
 * - its organisation-tree grants (`role_grants.kind = 'org'`): those organisations and their subtrees;
 * - its organisation-type grants (`kind = 'orgtype'`): only organisations of those types — inside the
 *   granted subtrees, or anywhere in the tenant when the role grants types but no subtree;
 * - neither: nothing.
 * Scopes are evaluated in SQL on the materialised organisation path (`organisations.path`, migration
 * 0010): "inside a granted subtree" is `starts_with(path, prefix)`, leakproof and so an index range even
 * under row-level security. Users are in scope by their affiliated organisation (`users.org_id`),
 * positions and roles by their organisation (`org_id`), organisations by themselves; a row without an
 * organisation is in scope only for administrators.
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Codes } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { organisations, roleGrants, roleUsers, roles } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** What one role lets its members reach: subtrees by path prefix (null = the whole tenant), types (null = any). */
export interface ScopePart {
  prefixes: string[] | null;
  types: number[] | null;
}

/** A caller's data scope in one tenant: everything, or the union of `parts` (empty: nothing). */
export type DataScope = { all: true } | { all: false; parts: ScopePart[] };

export const WHOLE_TENANT: DataScope = { all: true };

/** One row of the grants a role holder has (what resolveMemberGrants reads). */
export interface MemberGrantRow {
  roleId: string;
  kind: string | null;
  dataId: string | null;
  path: string | null;
}

/**
 * Reads, in one statement, the grants of every enabled role `userId` is a member of in `tenantId`,
 * with the path of each granted organisation. No rows: the user holds no enabled role there.
 */
export async function listMemberGrants(tx: Tx, tenantId: string, userId: string): Promise<MemberGrantRow[]> {
  return tx
    .select({ roleId: roles.id, kind: roleGrants.kind, dataId: roleGrants.dataId, path: organisations.path })
    .from(roleUsers)
    .innerJoin(roles, and(eq(roles.tenantId, roleUsers.tenantId), eq(roles.id, roleUsers.roleId)))
    .leftJoin(roleGrants, and(eq(roleGrants.tenantId, roles.tenantId), eq(roleGrants.roleId, roles.id), inArray(roleGrants.kind, ['org', 'orgtype', 'api'])))
    .leftJoin(organisations, and(eq(roleGrants.kind, 'org'), eq(organisations.tenantId, roleGrants.tenantId), eq(organisations.id, roleGrants.dataId)))
    .where(and(eq(roleUsers.tenantId, tenantId), eq(roleUsers.userId, userId), eq(roles.status, 1)));
}

/** The data scope the grant rows give (see the module comment for the rule). */
export function scopeFromGrants(rows: MemberGrantRow[]): DataScope {
  const byRole = new Map<string, { prefixes: string[]; types: number[] }>();
  for (const r of rows) {
    const role = byRole.get(r.roleId) ?? { prefixes: [], types: [] };
    byRole.set(r.roleId, role);
    if (r.kind === 'org' && r.path) role.prefixes.push(r.path);
    if (r.kind === 'orgtype' && r.dataId !== null && /^\d+$/.test(r.dataId)) role.types.push(Number(r.dataId));
  }
  const parts: ScopePart[] = [];
  for (const { prefixes, types } of byRole.values()) {
    if (!prefixes.length && !types.length) continue;
    parts.push({ prefixes: prefixes.length ? minimalPrefixes(prefixes) : null, types: types.length ? [...new Set(types)].sort() : null });
  }
  return { all: false, parts };
}

/** The API paths the grant rows allow (`kind = 'api'`). */
export function apisFromGrants(rows: MemberGrantRow[]): Set<string> {
  return new Set(rows.filter((r) => r.kind === 'api' && r.dataId).map((r) => r.dataId!));
}

/** Drops prefixes inside another one ('/a/b/' under '/a/'), so conditions stay short. */
function minimalPrefixes(prefixes: string[]): string[] {
  const sorted = [...new Set(prefixes)].sort((a, b) => a.length - b.length);
  return sorted.filter((p, i) => !sorted.slice(0, i).some((q) => p.startsWith(q)));
}

/**
 * "`path` lies in the subtree whose path is `prefix`" (SPEC §3 Organisation tree; migration 0010's
 * materialised paths) as a range of the index organisations (tenant_id, path text_pattern_ops). Unlike
 * `starts_with`, which becomes an index range only for a constant, this also works when `prefix` is a
 * column of an outer row or a sub-select. Paths end with '/', so the subtree is the range from `prefix`
 * up to `prefix` with its last '/' replaced by '0', the next character in byte order. `strict`: without
 * the organisation itself. A null prefix (organisation not found) matches nothing. Both operators are
 * leakproof, so the range holds under row-level security.
 */
export function pathInSubtree(path: SQLWrapper, prefix: SQLWrapper, strict = false): SQL {
  return sql`(${path} ${sql.raw(strict ? '~>~' : '~>=~')} ${prefix} and ${path} ~<~ (left(${prefix}, -1) || '0'))`;
}

/**
 * The condition "this organisation row is in scope", on the columns of `organisations` (or an alias of
 * it with the same column names: pass `table`). `sql\`true\`` for the whole tenant, `false` for nothing.
 */
export function orgRowInScope(scope: DataScope, table: { path: SQLWrapper; type: SQLWrapper } = organisations): SQL {
  if (scope.all) return sql`true`;
  if (!scope.parts.length) return sql`false`;
  const ors = scope.parts.map((p) => {
    const conds: SQL[] = [];
    if (p.prefixes)
      conds.push(
        sql`(${sql.join(
          p.prefixes.map((x) => sql`starts_with(${table.path}, ${x})`),
          sql` or `,
        )})`,
      );
    if (p.types)
      conds.push(
        sql`${table.type} in (${sql.join(
          p.types.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    return sql`(${sql.join(conds, sql` and `)})`;
  });
  return sql`(${sql.join(ors, sql` or `)})`;
}

/**
 * The condition "the organisation id in `orgIdColumn` is in scope" for rows that belong to an
 * organisation (users by `org_id`, positions, roles): a semi-join on organisations of the same tenant.
 * A null organisation is in scope only for the whole tenant.
 */
export function orgIdInScope(scope: DataScope, orgIdColumn: SQLWrapper): SQL {
  if (scope.all) return sql`true`;
  if (!scope.parts.length) return sql`false`;
  return sql`${orgIdColumn} in (select ${organisations.id} from ${organisations} where ${orgRowInScope(scope)})`;
}

/**
 * Refuses (`10009029001`) unless every organisation id given is inside the caller's scope: for writes,
 * both the record's current organisation and any new one (moving something out of scope is refused).
 * Ids that are empty are skipped; unknown ids are out of scope.
 */
export async function assertOrgsInScope(tx: Tx, scope: DataScope, orgIds: (string | null | undefined)[]): Promise<void> {
  if (scope.all) return;
  const ids = [...new Set(orgIds.filter((x): x is string => !!x))];
  if (!ids.length) return;
  const rows = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(inArray(organisations.id, ids), orgRowInScope(scope)));
  if (rows.length !== ids.length) throw new AppError(Codes.NO_PERMISSION);
}
