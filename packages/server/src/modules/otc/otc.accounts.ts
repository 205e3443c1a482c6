/**
 * Finding the account a code or recovery mail is for: the one account whose e-mail, mobile or user name
 * it is, as every sign-in path resolves it (users/sign-in-names.ts; docs/login.md "One account per
 * sign-in name").
 */
import type { Tx } from '../../db/client.js';
import { findSignInAccount } from '../users/sign-in-names.js';
import type { UserRow } from '../users/users.repository.js';

/** What identifies the account: its e-mail, its mobile, or its user name. */
export type AccountKey = { kind: 'email' | 'mobile' | 'username'; value: string };

/** The one account whose `key.kind` field is `key.value`, as seen from the TENANTID header, or undefined. */
export async function findAccountByKey(tx: Tx, tenantHeader: string, key: AccountKey): Promise<UserRow | undefined> {
  return findSignInAccount(tx, tenantHeader, key.value, [key.kind]);
}

/** A masked address for the MFA step: `a***e@example.org`, `138****5678`. */
export function maskAddress(kind: 'email' | 'mobile', value: string): string {
  if (kind === 'mobile') return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
  const [name = '', domain = ''] = value.split('@');
  return `${name.slice(0, 1)}***${name.length > 1 ? name.slice(-1) : ''}@${domain}`;
}
