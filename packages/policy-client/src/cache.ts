/**
 * The permission cache of the policy client and what a change of the log invalidates in it (pure logic,
 * no I/O). Contract, docs/applications.md "Sync": a design change (tenantId null) may change every cached
 * user of the application; 'grant', 'role' and 'subscription' every cached user of that tenant; 'member'
 * and 'user' that user in that tenant. An unknown kind drops everything (never keep a stale answer).
 */
import type { Change, UserPermissions, UserRef } from './types.js';

/** The cache key of a question: the tenant as the caller named it (id or code) and the user (id or name). */
export function cacheKey(tenantId: string, user: UserRef, platformType?: number): string {
  const who = user.userId !== undefined ? `i:${user.userId}` : `n:${(user.username ?? '').toLowerCase()}`;
  return `${tenantId}\u0000${who}\u0000${platformType ?? ''}`;
}

const USER_KINDS = new Set(['member', 'user']);
const TENANT_KINDS = new Set(['grant', 'role', 'subscription']);
const DESIGN_KINDS = new Set(['menu', 'page', 'control', 'api', 'mobilemenu']);

/**
 * Whether `change` may alter the cached answer `p` (resolved ids of the answer: `p.tenantId`, `p.userId`).
 * A tenant-less change of a tenant kind, or a user change without a user, is treated as concerning everyone.
 */
export function concerns(change: Change, p: Pick<UserPermissions, 'tenantId' | 'userId'>): boolean {
  if (DESIGN_KINDS.has(change.kind) && change.tenantId === null) return true;
  if (change.tenantId !== null && change.tenantId !== p.tenantId) return false;
  if (USER_KINDS.has(change.kind)) return change.userId === null || change.userId === p.userId;
  if (TENANT_KINDS.has(change.kind) || DESIGN_KINDS.has(change.kind)) return true;
  return true; // unknown kind: be safe
}

/** The cached answers, keyed by {@link cacheKey}. */
export class PermissionCache {
  private readonly entries = new Map<string, UserPermissions>();

  get size(): number {
    return this.entries.size;
  }
  get(key: string): UserPermissions | undefined {
    return this.entries.get(key);
  }
  set(key: string, p: UserPermissions): void {
    this.entries.set(key, p);
  }
  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry `change` concerns; returns how many were dropped. */
  apply(change: Change): number {
    let dropped = 0;
    for (const [k, p] of this.entries) {
      if (concerns(change, p)) {
        this.entries.delete(k);
        dropped++;
      }
    }
    return dropped;
  }
}
