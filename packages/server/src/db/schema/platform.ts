/**
 * Platform-level tables: not owned by one tenant, so no row-level security (SPEC §3 Tenant; PROTOCOL.md
 * sessions, nonces, captchas, deployment key). Tenant-scoped tables live in tenant.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const tenants = pgTable(
  'tenants',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    logo: text('logo').notNull().default(''),
    address: text('address').notNull().default(''),
    status: smallint('status').notNull().default(1),
    description: text('description').notNull().default(''),
    builtIn: boolean('built_in').notNull().default(false),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tenants_name_idx').on(t.name),
    index('tenants_status_idx').on(t.status),
    index('tenants_created_at_idx').on(t.createdAt),
    index('tenants_updated_at_idx').on(t.updatedAt),
  ],
);

/** Signed-in sessions. Only hashes of the token are kept: SHA-256 (lookup) and MD5 (image `code`). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenMd5: text('token_md5').notNull(),
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** Snapshot at sign-in, so the per-request check reads one platform table only. */
    username: text('username').notNull(),
    identities: smallint('identities').array().notNull(),
    superManager: boolean('super_manager').notNull().default(false),
    /**
     * First sign-in forced password change (modules/auth/password-change.ts): until `modifypassword`
     * succeeds the guard refuses every call but OPEN_DURING_PASSWORD_CHANGE.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** 'active' | 'replaced' | 'ended' */
    state: text('state').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId, t.state),
    index('sessions_token_md5_idx').on(t.tokenMd5),
    index('sessions_expires_idx').on(t.expiresAt),
    // the online-session lists (modules/session/sessions.routes.ts): all tenants, or one tenant
    index('sessions_state_created_idx').on(t.state, t.createdAt),
    index('sessions_tenant_state_created_idx').on(t.tenantId, t.state, t.createdAt),
  ],
);

/** Nonces seen inside the signature window (PROTOCOL.md Signature): shared by every instance. */
export const requestNonces = pgTable(
  'request_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_nonces_expires_idx').on(t.expiresAt)],
);

/** Image captchas: the answer only as a hash; one try each. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Deployment settings (the `mpk` key, the login configuration, …) as JSON values. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Code table (SPEC §7 codetable calls, §9): type 1 is the password rule. Organisation categories (type
 * 11, key '<tenant id>:<n>') are unique by name within a tenant, any case (migration 0014): the index
 * backs the save's pre-check against two simultaneous saves.
 */
export const codeTable = pgTable(
  'code_table',
  {
    codeType: integer('code_type').notNull(),
    codeKey: text('code_key').notNull(),
    codeVal: text('code_val').notNull(),
    sort: integer('sort').notNull().default(0),
    description: text('description').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.codeType, t.codeKey] }),
    uniqueIndex('code_table_org_category_name_uq').on(sql`split_part(${t.codeKey}, ':', 1)`, sql`lower(${t.codeVal})`).where(sql`${t.codeType} = 11`),
  ],
);
