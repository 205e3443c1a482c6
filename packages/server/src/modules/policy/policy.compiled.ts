/**
 * Compiled permissions of the decision cache (issue 14 "The policy service", benchmark goal;
 * docs/applications.md "Decision cache"): a user's grants for one application indexed per item, and an
 * application's menus indexed by id and code, so `decision/check` answers `allow` and `by` exactly as the
 * SQL of policy.repository.ts `findDecision` does (first granting enabled role in (code, id) order, the
 * order `listUserGrants` returns). Where PostgreSQL's `lower()` could differ from an ASCII lower-casing
 * (text outside ASCII), the compiled form answers "unknown" and the caller asks SQL.
 */
import { normalisePurview, PolicyCodes, type PolicyDecision, type PolicyPermissions } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import type { DecisionTarget, MenuRow, SubjectRow, UserGrantRow } from './policy.repository.js';

/** One role's grant of an item: the `by` of a decision. */
export interface GrantRef {
  roleId: string;
  roleCode: string;
  roleName: string;
  itemId: string;
  purview: number;
}

/** A checked subject: the tenant uses the application and the user exists. */
export type KnownSubject = SubjectRow & { userId: string; username: string };

/** The checked subject of a call. @throws the contract's refusals (`policy.tenant_not_subscribed`, `policy.user_not_found`). */
export function checkedSubject(s: SubjectRow | undefined): KnownSubject {
  if (!s || s.subscription !== 1) throw new AppError(PolicyCodes.TENANT_NOT_SUBSCRIBED);
  if (!s.userId) throw new AppError(PolicyCodes.USER_NOT_FOUND);
  return s as KnownSubject;
}

/** A user's compiled permissions for one application (empty maps when the user is not active). */
export interface CompiledUser {
  productId: string;
  subject: KnownSubject;
  /** The rows `userPermissions` assembles its answer from (role-code order). */
  grants: UserGrantRow[];
  /** The sync cursor taken before the rows were read. */
  cursor: string;
  /** Lower-cased API url → grants; false when a granted url is not ASCII (ask SQL). */
  api: Map<string, GrantRef[]> | false;
  control: Map<string, GrantRef[]>;
  menu: Map<string, GrantRef[]>;
  /**
   * `user/permissions` answers already assembled, per platform type (0: none). Safe to keep with the
   * entry: a design change of the application drops the entry together with the application's menus.
   */
  answers: Map<number, PolicyPermissions>;
}

/** An application's menus, indexed. */
export interface CompiledApp {
  rows: MenuRow[];
  byId: Map<string, MenuRow>;
  /** Lower-cased code → enabled menus; false when a code is not ASCII (ask SQL). */
  byCode: Map<string, MenuRow[]> | false;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included, is meant
const ASCII = /^[\x00-\x7f]*$/;
/** Lower-cases A–Z only: equal to PostgreSQL's `lower()` on ASCII text in every locale. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

function push<K>(map: Map<K, GrantRef[]>, key: K, ref: GrantRef): void {
  const list = map.get(key);
  if (list) list.push(ref);
  else map.set(key, [ref]);
}

/** Compiles a user's grant rows (from `listUserGrants`, in its order) for application `productId`. */
export function compileUser(productId: string, subject: KnownSubject, grants: UserGrantRow[], cursor: string): CompiledUser {
  const api = new Map<string, GrantRef[]>();
  const control = new Map<string, GrantRef[]>();
  const menu = new Map<string, GrantRef[]>();
  let apiAscii = true;
  for (const g of grants) {
    const ref: GrantRef = { roleId: g.role_id, roleCode: g.role_code, roleName: g.role_name, itemId: g.data_id, purview: Number(g.purview) };
    if (g.kind === 'appapi' && g.url !== null) {
      if (!ASCII.test(g.url)) apiAscii = false;
      push(api, asciiLower(g.url), ref);
    } else if (g.kind === 'appcontrol' && g.node_type !== 'form' && g.node_type !== 'column') push(control, g.data_id, ref);
    else if (g.kind === 'appmenu') push(menu, g.data_id, ref);
  }
  return { productId, subject, grants, cursor, api: apiAscii && api, control, menu, answers: new Map() };
}

/** Indexes an application's menus (from `listAppMenus`). */
export function compileApp(rows: MenuRow[]): CompiledApp {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let byCode: Map<string, MenuRow[]> | false = new Map();
  for (const r of rows) {
    if (!ASCII.test(r.code)) byCode = false;
    if (byCode && Number(r.enabled) === 1) byCode.set(asciiLower(r.code), [...(byCode.get(asciiLower(r.code)) ?? []), r]);
  }
  return { rows, byId, byCode };
}

/** The menu a decision names (as `itemSelect`): enabled, by id first, then by code; every ancestor enabled. */
function menuItem(app: CompiledApp, idOrCode: string): string | null | undefined {
  const byId = app.byId.get(idOrCode);
  let m: MenuRow | undefined = byId && Number(byId.enabled) === 1 ? byId : undefined;
  if (!m) {
    if (!app.byCode || !ASCII.test(idOrCode)) return undefined;
    m = app.byCode.get(asciiLower(idOrCode))?.[0];
  }
  if (!m) return null;
  let parent = m.parent_id;
  for (let depth = 0; parent !== null && depth < 64; depth++) {
    const p = app.byId.get(parent);
    if (!p) break;
    if (Number(p.enabled) !== 1) return null;
    parent = p.parent_id;
  }
  return m.id;
}

/**
 * The decision for `target` with any of the bits `mask`, as `findDecision` answers it; undefined when
 * only SQL can tell (text outside ASCII). `app` is needed for menu targets only.
 */
export function decideCompiled(u: CompiledUser, app: CompiledApp | undefined, target: DecisionTarget, mask: number): PolicyDecision | undefined {
  if (!u.subject.active) return { allow: false, by: null };
  let refs: GrantRef[] | undefined;
  if (target.kind === 'appapi') {
    if (!u.api || !ASCII.test(target.url)) return undefined;
    refs = u.api.get(asciiLower(target.url));
  } else if (target.kind === 'appcontrol') refs = u.control.get(target.id);
  else {
    const id = app ? menuItem(app, target.idOrCode) : undefined;
    if (id === undefined) return undefined;
    refs = id === null ? undefined : u.menu.get(id);
  }
  const ref = refs?.find((r) => (r.purview & mask) !== 0);
  if (!ref) return { allow: false, by: null };
  return {
    allow: true,
    by: { roleId: ref.roleId, roleCode: ref.roleCode, roleName: ref.roleName, kind: target.kind, itemId: ref.itemId, purview: normalisePurview(ref.purview) },
  };
}
