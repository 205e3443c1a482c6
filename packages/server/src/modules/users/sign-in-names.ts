/**
 * One account per sign-in name (docs/login.md "One account per sign-in name"; issue 12 "One tenant
 * cannot lock another's users out"). A user's user name, mobile and e-mail — trimmed and lower-cased —
 * are its sign-in names; they share one namespace across all tenants (table `sign_in_names`, kept by
 * triggers on `users`, migration 0016), so a name typed at sign-in belongs to at most one account and
 * no tenant can create a user that takes another tenant's user's name.
 *
 * Resolving (every path that finds an account by what a person types: password sign-in, dynamic code,
 * password recovery): with TENANTID naming a tenant other than 'sys', only that tenant's names count;
 * otherwise (the default console) the name's one global holder. Names shared by several accounts from
 * before the rule (`shared`) resolve only for sign-in naming their tenant.
 */
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULTS } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { signInNames, users } from '../../db/schema/index.js';
import { resolveTenant } from '../tenants/tenants.repository.js';
import type { UserRow } from './users.repository.js';

/** The fields of a user that are sign-in names. */
export type SignInKind = 'username' | 'mobile' | 'email';

/** The sign-in name of a typed or stored value: trimmed and lower-cased ('' for none), as migration 0016 stores it. */
export function signInName(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * The sign-in names of a user's fields, one entry per distinct name (a user name equal to the user's
 * own mobile is one name, reported as the user name): the user name, then mobile, then e-mail.
 */
export function signInNamesOf(f: { username: string; mobile?: string | null; email?: string | null }): { kind: SignInKind; name: string }[] {
  const out: { kind: SignInKind; name: string }[] = [];
  for (const kind of ['username', 'mobile', 'email'] as const) {
    const name = signInName(f[kind]);
    if (name && !out.some((n) => n.name === name)) out.push({ kind, name });
  }
  return out;
}

/**
 * Who holds each of `names` (already normalised), in any tenant: name → user ids. Runs through the
 * owner's function `mp_sign_in_name_holders`, so it sees every tenant also inside a tenant-scoped
 * transaction; it answers user ids only, which the callers use to tell "someone else" from "self".
 */
export async function findSignInNameHolders(tx: Tx, names: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const wanted = [...new Set(names.filter(Boolean))];
  if (!wanted.length) return out;
  // One JSON parameter for any number of names (an import asks for 10,000 at once).
  const rows = rowsOf<{ name: string; user_id: string }>(
    await tx.execute(sql`select name, user_id from mp_sign_in_name_holders(array(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)))`),
  );
  for (const r of rows) (out.get(r.name) ?? out.set(r.name, []).get(r.name)!).push(r.user_id);
  return out;
}

/** The user whose fields are being saved, as stored (undefined for a new user). */
export type SignInSelf = { id: string; username: string; mobile: string | null; email: string | null } | undefined;

/**
 * The fields of `f` whose sign-in name another account holds, in any tenant — each once, in the order
 * user name, mobile, e-mail. A name `self` already has is never taken (a name still shared from
 * before migration 0016 stays usable by each holder; only new names must be free). `holders` from
 * `findSignInNameHolders`.
 */
export function takenSignInKinds(
  f: { username: string; mobile?: string | null; email?: string | null },
  holders: Map<string, string[]>,
  self: SignInSelf,
): SignInKind[] {
  const own = new Set(self ? signInNamesOf(self).map((n) => n.name) : []);
  const taken: SignInKind[] = [];
  for (const kind of ['username', 'mobile', 'email'] as const) {
    const name = signInName(f[kind]);
    if (name && !own.has(name) && (holders.get(name) ?? []).some((id) => id !== self?.id)) taken.push(kind);
  }
  return taken;
}

/**
 * The one account that `value` (a user name, mobile or e-mail as typed) signs in, as seen from the
 * TENANTID header (id or code; see the module doc), or undefined. With `kinds`, the value must be
 * the account's field of one of those kinds (a code to an e-mail address finds no account by its
 * user name). Runs in a platform-scope transaction.
 */
export async function findSignInAccount(tx: Tx, tenantHeader: string, value: string, kinds?: readonly SignInKind[]): Promise<UserRow | undefined> {
  const name = signInName(value);
  if (!name) return undefined;
  const tenant = tenantHeader && tenantHeader !== DEFAULTS.tenantId ? await resolveTenant(tx, tenantHeader) : undefined;
  const where =
    tenant && tenant.id !== DEFAULTS.tenantId
      ? and(eq(signInNames.name, name), eq(signInNames.tenantId, tenant.id))
      : and(eq(signInNames.name, name), eq(signInNames.shared, false));
  const [row] = await tx.select({ user: users }).from(signInNames).innerJoin(users, eq(users.id, signInNames.userId)).where(where).limit(1);
  if (!row) return undefined;
  if (kinds && !kinds.some((k) => signInName(row.user[k]) === name)) return undefined;
  return row.user;
}
