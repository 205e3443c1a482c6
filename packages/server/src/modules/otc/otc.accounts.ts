/**
 * Finding the account a code or recovery mail is for (docs/architecture.md "Sign-in tenant"): in the
 * tenant named by TENANTID (id or code); with the default 'sys', an address found nowhere there is
 * looked up across tenants and taken only when exactly one account has it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { resolveTenant } from '../tenants/tenants.repository.js';
import type { UserRow } from '../users/users.repository.js';

/** What identifies the account: its e-mail, its mobile, or its user name. */
export type AccountKey = { kind: 'email' | 'mobile' | 'username'; value: string };

function matchOf(key: AccountKey) {
  const v = key.value.trim();
  if (key.kind === 'mobile') return eq(users.mobile, v);
  if (key.kind === 'email') return sql`lower(${users.email}) = ${v.toLowerCase()}`;
  return sql`lower(${users.username}) = ${v.toLowerCase()}`;
}

/** Users with this key in `tenantId`, or in every tenant (at most 2: enough to tell "exactly one"). */
export async function findUsersByKey(tx: Tx, key: AccountKey, tenantId?: string): Promise<UserRow[]> {
  return tx.select().from(users).where(tenantId ? and(eq(users.tenantId, tenantId), matchOf(key)) : matchOf(key)).limit(2);
}

/** The one account for `key` as seen from the TENANTID header, or undefined. */
export async function findAccountByKey(tx: Tx, tenantHeader: string, key: AccountKey): Promise<UserRow | undefined> {
  const tenant = await resolveTenant(tx, tenantHeader);
  if (tenant) {
    const [u] = await findUsersByKey(tx, key, tenant.id);
    if (u || tenant.id !== 'sys') return u;
  }
  const all = await findUsersByKey(tx, key);
  return all.length === 1 ? all[0] : undefined;
}

/** A masked address for the MFA step: `a***e@example.org`, `138****5678`. */
export function maskAddress(kind: 'email' | 'mobile', value: string): string {
  if (kind === 'mobile') return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
  const [name = '', domain = ''] = value.split('@');
  return `${name.slice(0, 1)}***${name.length > 1 ? name.slice(-1) : ''}@${domain}`;
}
