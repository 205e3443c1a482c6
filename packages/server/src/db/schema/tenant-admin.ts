/**
 * Tables of the tenant administrator's area (issue 5 "Tenant administration"; SPEC §2 Tenant, §3):
 * background jobs (imports), organisation members, organisation and user mappings to applications,
 * external accounts bound to users, and the tenant's own configuration. All tenant-scoped and guarded
 * by row-level security (migration 0010); designs in docs/tenancy.md.
 */
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from './platform.js';
import { users } from './tenant.js';
import { organisations, products } from './catalog.js';

/**
 * Background jobs (docs/tenancy.md "Bulk import as a background job"): one row per job so any instance
 * answers a poll. `state`: 'queued' → 'validating' → 'applying' → 'done', or 'failed' (rows refused:
 * `report.errors`, nothing written) / 'error' (unexpected failure, or `report.message` 'interrupted': its
 * lease expired, nothing written). `processed` of `total` rows is the progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** e.g. 'import.users', 'import.organisations'. */
    kind: text('kind').notNull(),
    state: text('state').notNull().default('queued'),
    fileName: text('file_name').notNull().default(''),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** Outcome: `{ created, updated, errors: [{ row, field, message }] }` (shape per kind). */
    report: jsonb('report'),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Lease (docs/operations.md "Job leases"): the instance running the job, and until when it holds it (renewed by its heartbeat). */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('jobs_state_idx').on(t.state),
    index('jobs_lease_idx').on(t.leaseExpiresAt).where(sql`${t.state} IN ('queued', 'validating', 'applying')`),
  ],
);

/**
 * Organisation members (SPEC §2 orgEmployeeRelation): users belonging to an organisation besides (or
 * as) their affiliated organisation `users.org_id`.
 */
export const orgUsers = pgTable(
  'org_users',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.orgId, t.userId] }), index('org_users_user_idx').on(t.tenantId, t.userId)],
);

/**
 * Users per affiliated organisation and status (issue 5 "Scale"; docs/benchmarks.md "Tenant area"):
 * kept by the database triggers of migration 0013 on every insert and delete of users and every change
 * of a user's tenant, affiliated organisation or status, so a user grid's total over an organisation
 * subtree or a data scope is a sum over the organisations instead of a count of their users. `org_id`
 * '' counts the users without an affiliated organisation. Rows whose count fell to 0 stay (harmless).
 */
export const orgUserCounts = pgTable(
  'org_user_counts',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    status: smallint('status').notNull(),
    users: integer('users').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.orgId, t.status] })],
);

/**
 * Organisation mapping (SPEC §2 orgMappingManagement): a tenant organisation's counterpart in one of
 * the tenant's applications (the application's own organisation code and name).
 */
export const orgMappings = pgTable(
  'org_mappings',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    externalCode: text('external_code').notNull(),
    externalName: text('external_name').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('org_mappings_org_uq').on(t.tenantId, t.productId, t.orgId),
    uniqueIndex('org_mappings_code_uq').on(t.tenantId, t.productId, sql`lower(${t.externalCode})`),
    index('org_mappings_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    // the organisation filter and data-scope lookups of the mapping grid (docs/tenant-apps.md)
    index('org_mappings_tenant_org_idx').on(t.tenantId, t.orgId),
  ],
);

/**
 * User mapping (SPEC §2 employeeMappingManagement): a tenant user's account in one of the tenant's
 * applications.
 */
export const userMappings = pgTable(
  'user_mappings',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalAccount: text('external_account').notNull(),
    externalName: text('external_name').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_mappings_user_uq').on(t.tenantId, t.productId, t.userId),
    uniqueIndex('user_mappings_account_uq').on(t.tenantId, t.productId, sql`lower(${t.externalAccount})`),
    index('user_mappings_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    index('user_mappings_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * Accounts (SPEC §2 accountManagement; §3 WeChat type 1 enterprise WeChat, 2 official account, 3 open
 * platform): external sign-in accounts of the tenant, each associated with at most one user ("User
 * association succeeded"; unbinding clears `user_id`).
 */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** WeChat type 1/2/3 (SPEC §3). */
    accountType: smallint('account_type').notNull(),
    /** The account's id at the provider (open id / user id). */
    account: text('account').notNull(),
    nickname: text('nickname').notNull().default(''),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_accounts_account_uq').on(t.tenantId, t.accountType, sql`lower(${t.account})`),
    index('user_accounts_user_idx').on(t.tenantId, t.userId),
    index('user_accounts_tenant_updated_idx').on(t.tenantId, t.updatedAt),
  ],
);

/** The tenant's own configuration (SPEC §2 Tenant sysconfig): JSON values by key, per tenant. */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: text('updated_by').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
