/**
 * Licence (system activation) and audit-log read schemas and types (SPEC §1 "system activation by a
 * code with an expiry", §4 "Activation code expires; a warning shows the days left", §5 "Activation code
 * required", §5 Generic "log query date range required", logs 30 days). Rules as data in LICENCE_RULES
 * and AUDIT_LOG_RULES so console and server say the same thing.
 */
import Type, { type Static } from 'typebox';
import { pageQuery } from './common.js';

/** Licence rules and constants. */
export const LICENCE_RULES = {
  /** Longest activation code accepted, in characters. */
  codeMax: 4096,
  /** The console warns when fewer than this many days are left (SPEC §4). */
  warnDays: 30,
  /** Days an unactivated system runs as a trial, counted from installation (docs/operations.md "Licences"). */
  trialDays: 30,
} as const;

/** Audit-log query rules (SPEC §5 Generic: date range required; §9 logs 30 days). */
export const AUDIT_LOG_RULES = {
  maxRangeDays: 30,
} as const;

/** Limits a licence carries; a missing limit means no limit. */
export interface LicenceLimits {
  maxTenants?: number;
  maxUsers?: number;
}

/**
 * How the system stands: `trial` (unactivated, inside the trial), `trial_ended` (unactivated, after it),
 * `active` (a licence in force), `expired` (the licence in force has passed its expiry).
 */
export type LicenceState = 'trial' | 'trial_ended' | 'active' | 'expired';

/** `getlicence` → `data.row`: the licence in force, its limits and what is used of them. */
export interface LicenceStatus {
  state: LicenceState;
  /** Serial number of the licence (from the code); '' during the trial. */
  serial: string;
  customer: string;
  /** ISO times. During the trial `issuedAt` is the installation time and `expiresAt` the trial's end. */
  issuedAt: string;
  expiresAt: string;
  /** Whole days until `expiresAt`, rounded up; 0 once passed. */
  daysLeft: number;
  /** True when `daysLeft` is below LICENCE_RULES.warnDays or the licence has lapsed. */
  warn: boolean;
  /** `null` means no limit. */
  limits: { maxTenants: number | null; maxUsers: number | null };
  /** Tenants (the built-in platform tenant not counted) and user accounts now in the system. */
  usage: { tenants: number; users: number };
  activatedBy: string;
  activatedAt: string;
}

export const LicenceActivateBody = Type.Object({
  code: Type.String({ maxLength: LICENCE_RULES.codeMax }),
});
export type LicenceActivateBody = Static<typeof LicenceActivateBody>;

/** Sortable columns of the licence history. */
export const LICENCE_SORT_FIELDS = ['customer', 'issuedAt', 'expiresAt', 'activatedAt'] as const;

export const LicenceListBody = Type.Object({ ...pageQuery(LICENCE_SORT_FIELDS) });
export type LicenceListBody = Static<typeof LicenceListBody>;

/** One activation in the history (`listlicence`); the code itself is not answered, only its fingerprint. */
export interface LicenceRow {
  id: string;
  serial: string;
  customer: string;
  issuedAt: string;
  expiresAt: string;
  limits: { maxTenants: number | null; maxUsers: number | null };
  /** True for the licence in force. */
  active: boolean;
  /** First 16 hex characters of the code's SHA-256, to tell codes apart. */
  fingerprint: string;
  activatedBy: string;
  activatedAt: string;
}

/** Sortable columns of the audit log. */
export const AUDIT_LOG_SORT_FIELDS = ['at', 'action', 'entity', 'username', 'tenantId'] as const;

export const AuditLogListBody = Type.Object({
  ...pageQuery(AUDIT_LOG_SORT_FIELDS),
  /** ISO date-time; required with `endTime` (checked by the server with a localised message). */
  startTime: Type.Optional(Type.String({ maxLength: 40 })),
  endTime: Type.Optional(Type.String({ maxLength: 40 })),
  tenantId: Type.Optional(Type.String({ maxLength: 64 })),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
  /** Exact user name, case-insensitive. */
  username: Type.Optional(Type.String({ maxLength: 100 })),
  /** Exact action, e.g. `tenant.add`, `signin`. */
  action: Type.Optional(Type.String({ maxLength: 64 })),
  entity: Type.Optional(Type.String({ maxLength: 64 })),
  entityId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type AuditLogListBody = Static<typeof AuditLogListBody>;

/** One audit-log entry: who, when, what, before/after. */
export interface AuditLogRow {
  id: string;
  tenantId: string;
  tenantName: string;
  userId: string;
  username: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  ip: string;
  /** The client's User-Agent when the entry was written ('' for entries before it was recorded). */
  userAgent: string;
  requestId: string;
  at: string;
}
