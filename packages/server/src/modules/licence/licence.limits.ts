/**
 * Licence limits (SPEC §1 system activation; docs/operations.md "Licences"). Every write that adds tenants
 * or users calls `assertLicenceAllows` inside its transaction, before it inserts:
 *
 *   await assertLicenceAllows(tx, 'users', rows.length);   // user add: 1; import: the number of rows
 *
 * What is allowed:
 * - unactivated, inside the trial (LICENCE_RULES.trialDays from installation): no count limits;
 * - a licence in force: at most its `maxTenants` / `maxUsers` (a missing limit is no limit);
 * - after the trial or the licence's expiry: nothing may be added until a code is activated.
 * Nothing else is ever refused for licence reasons: signing in and managing existing records keep
 * working, so an identity platform never locks its users out over a licence.
 */
import { sql } from 'drizzle-orm';
import { LICENCE_RULES, LicenceCodes, type LicenceLimits, type LicenceState } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { countLicensedTenants, countLicensedUsers, findInstallationTime, findLicenceInForce, type LicenceRecord } from './licence.repository.js';

const DAY_MS = 86_400_000;

/** Where the system stands: its state, the licence in force (if any), the end date and the limits. */
export interface LicenceStanding {
  state: LicenceState;
  licence: LicenceRecord | undefined;
  /** Installation time during the trial, else the licence's issue time. */
  startsAt: Date;
  expiresAt: Date;
  limits: LicenceLimits;
}

/** Reads the standing at `now` (ms). */
export async function readLicenceStanding(tx: Tx, now = Date.now()): Promise<LicenceStanding> {
  const licence = await findLicenceInForce(tx);
  if (!licence) {
    const installed = await findInstallationTime(tx);
    const expiresAt = new Date(installed.getTime() + LICENCE_RULES.trialDays * DAY_MS);
    return { state: expiresAt.getTime() > now ? 'trial' : 'trial_ended', licence, startsAt: installed, expiresAt, limits: {} };
  }
  const limits = (licence.limits ?? {}) as LicenceLimits;
  return { state: licence.expiresAt.getTime() > now ? 'active' : 'expired', licence, startsAt: licence.issuedAt, expiresAt: licence.expiresAt, limits };
}

/** Whole days from `now` until `expiresAt`, rounded up; 0 once passed. */
export function daysLeft(expiresAt: Date, now = Date.now()): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now) / DAY_MS));
}

/**
 * Refuses, with a localised AppError, a write that would add `adding` tenants or users beyond what the
 * licence allows: `licence.trial_ended` / `licence.expired` (`{{date}}`) when the trial or licence has
 * lapsed, `licence.tenant_limit` / `licence.user_limit` (`{{limit}}`, `{{count}}`, `{{adding}}`) when the
 * count would pass the limit. Takes a transaction-scoped advisory lock per kind first, so two concurrent
 * additions on PostgreSQL cannot both pass the count; the lock ends with the caller's transaction.
 */
export async function assertLicenceAllows(tx: Tx, kind: 'tenants' | 'users', adding = 1): Promise<void> {
  if (adding <= 0) return;
  const standing = await readLicenceStanding(tx);
  const date = standing.expiresAt.toISOString().slice(0, 10);
  if (standing.state === 'trial_ended') throw new AppError(LicenceCodes.LICENCE_TRIAL_ENDED, { date });
  if (standing.state === 'expired') throw new AppError(LicenceCodes.LICENCE_EXPIRED, { date });
  const limit = kind === 'tenants' ? standing.limits.maxTenants : standing.limits.maxUsers;
  if (limit === undefined || limit === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mp.licence.${kind}`}))`);
  const count = kind === 'tenants' ? await countLicensedTenants(tx) : await countLicensedUsers(tx);
  if (count + adding > limit) {
    throw new AppError(kind === 'tenants' ? LicenceCodes.LICENCE_TENANT_LIMIT : LicenceCodes.LICENCE_USER_LIMIT, { limit, count, adding });
  }
}
