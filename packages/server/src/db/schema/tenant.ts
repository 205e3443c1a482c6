/**
 * Tenant-scoped tables: each carries `tenant_id` in its keys and is guarded by row-level security on
 * the per-transaction settings `mp.tenant_id` / `mp.scope` (see migrations/0001_rls.sql, db/context.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './platform.js';

/** Users (SPEC §3 User). The user name is unique inside its tenant; mobile and e-mail too. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: text('username').notNull(),
    employeeName: text('employee_name').notNull().default(''),
    employeeCode: text('employee_code').notNull().default(''),
    mobile: text('mobile'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
    locked: boolean('locked').notNull().default(false),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    failedCount: integer('failed_count').notNull().default(0),
    failedWindowStart: timestamp('failed_window_start', { withTimezone: true }),
    superManager: boolean('super_manager').notNull().default(false),
    builtIn: boolean('built_in').notNull().default(false),
    effectiveDate: date('effective_date'),
    expiryDate: date('expiry_date'),
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** 'M' | 'F' | '' (SPEC §3 User gender). */
    gender: text('gender').notNull().default(''),
    /** Affiliated organisation (required by SPEC §5 on the user form) and default organisation. */
    orgId: text('org_id'),
    defaultOrgId: text('default_org_id'),
    stationId: text('station_id'),
    officePhone: text('office_phone').notNull().default(''),
    homePhone: text('home_phone').notNull().default(''),
    idCard: text('id_card').notNull().default(''),
    /** File ids of the avatar and face photo (files table). */
    avatar: text('avatar').notNull().default(''),
    facePhoto: text('face_photo').notNull().default(''),
    signature: text('signature').notNull().default(''),
    description: text('description').notNull().default(''),
    creator: text('creator').notNull().default(''),
    /**
     * Lower-cased copies for case-insensitive "starts with" search: under row-level security PostgreSQL
     * uses an index only for leakproof conditions, and `lower()` / `LIKE` are not (users.query.ts).
     */
    usernameLc: text('username_lc').generatedAlwaysAs(sql`lower(username)`),
    emailLc: text('email_lc').generatedAlwaysAs(sql`lower(email)`),
    employeeNameLc: text('employee_name_lc').generatedAlwaysAs(sql`lower(employee_name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_tenant_username_lc_idx').on(t.tenantId, t.usernameLc),
    index('users_tenant_email_lc_idx').on(t.tenantId, t.emailLc),
    index('users_tenant_employee_name_lc_idx').on(t.tenantId, t.employeeNameLc),
    index('users_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('users_tenant_status_idx').on(t.tenantId, t.status),
    index('users_tenant_org_idx').on(t.tenantId, t.orgId),
    index('users_tenant_station_idx').on(t.tenantId, t.stationId),
    index('users_tenant_employee_name_idx').on(t.tenantId, t.employeeName),
    index('users_tenant_employee_code_idx').on(t.tenantId, t.employeeCode),
    uniqueIndex('users_tenant_username_uq').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_mobile_uq').on(t.tenantId, t.mobile),
    uniqueIndex('users_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    index('users_username_idx').on(sql`lower(${t.username})`),
    // The platform's list across tenants (migration 0028).
    index('users_created_id_idx').on(t.createdAt.desc(), t.id),
    index('users_username_lc_id_idx').on(t.usernameLc, t.id),
    index('users_email_lc_idx').on(t.emailLc),
    index('users_employee_name_lc_idx').on(t.employeeNameLc),
    index('users_employee_code_idx').on(t.employeeCode),
    index('users_mobile_idx').on(t.mobile),
  ],
);

/**
 * Sign-in names (docs/login.md "One account per sign-in name"): the lower-cased user name, mobile and
 * e-mail of every user, in one namespace across tenants, so a name typed at sign-in names at most one
 * account. Kept by triggers on `users` (migration 0016), which refuse a name another account holds.
 * `shared` marks a name that already had several holders in different tenants when the rule came in:
 * the oldest kept it (`shared` false); each other holder keeps it only for sign-in naming its tenant.
 */
export const signInNames = pgTable(
  'sign_in_names',
  {
    name: text('name').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'sign_in_names_pk', columns: [t.tenantId, t.name] }),
    uniqueIndex('sign_in_names_name_uq').on(t.name).where(sql`not ${t.shared}`),
    /** Every holder of a name, shared or not (the triggers' and services' checks). */
    index('sign_in_names_name_idx').on(t.name),
    index('sign_in_names_user_idx').on(t.userId),
  ],
);

/** Identities a user holds (SPEC §3 Identity: 4 platform admin, 3 tenant admin, 2 app admin, 1 user, 5 test). */
export const userIdentities = pgTable(
  'user_identities',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identity: smallint('identity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.identity] }), index('user_identities_user_idx').on(t.userId)],
);

/** Stored files (logos, avatars, icons): in the database so every instance serves them. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: text('data').notNull(),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_tenant_idx').on(t.tenantId)],
);

/** Audit log: who did what, when, with the record before and after (read by later screens). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull().default(''),
    username: text('username').notNull().default(''),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    /** The client's User-Agent (at most 300 characters), with `ip` the "from where" of an entry. */
    userAgent: text('user_agent').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_tenant_at_idx').on(t.tenantId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_entity_at_idx').on(t.entity, t.at),
    index('audit_log_entity_id_idx').on(t.entityId),
    // the tenant audit log's filters (modules/audit: listtenantauditlog)
    index('audit_log_tenant_action_at_idx').on(t.tenantId, t.action, t.at),
    index('audit_log_tenant_entity_at_idx').on(t.tenantId, t.entity, t.at),
    index('audit_log_tenant_user_at_idx').on(t.tenantId, t.userId, t.at),
  ],
);
