/**
 * Platform-level tables of the sign-in journeys and single sign-on (issue "Sign-in journeys"; SPEC §1
 * Login, §4 Login flow, §7 auth service calls). Not owned by one tenant, so no row-level security;
 * every instance reads the same rows (CONVENTIONS: no state in process memory).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';

/**
 * One-time codes sent to a person: sign-in dynamic codes by e-mail or SMS, MFA codes and
 * password-recovery flags. Only a hash of the code is kept; a code expires, is good for one use and
 * a few wrong tries. `purpose`: 'login_email' | 'login_mobile' | 'mfa_email' | 'mfa_mobile' | 'reset'.
 * `subject` is the address or user the code was sent for (lower-cased).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull().default(''),
    tenantId: text('tenant_id').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    /** The product an application ticket was issued for ('' for other codes; migration 0023). */
    audience: text('audience').notNull().default(''),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_subject_idx').on(t.purpose, t.subject, t.createdAt),
    index('one_time_codes_expires_idx').on(t.expiresAt),
    // single-use tickets looked up by their hash (OIDC hand-off, MFA tickets)
    index('one_time_codes_hash_idx').on(t.codeHash),
  ],
);

/**
 * Fixed-window rate-limit counters shared by every instance: `key` names what is limited
 * (e.g. 'otc:email:<address>'), `windowStart` the start of the current window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * OpenID Connect clients (SPEC §2 App `client`): an application's registered relying parties. The
 * secret is kept only as a hash (shown once on creation); redirect URIs are matched exactly.
 * `token_endpoint_auth_method` is the client type (docs/clients.md): `client_secret_basic` for a
 * confidential client (it has a secret), `none` for a public client (single-page or mobile app: no
 * secret, PKCE S256 only) — the check keeps the two columns in agreement.
 */
export const oidcClients = pgTable(
  'oidc_clients',
  {
    clientId: text('client_id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the secret; null for a public client. */
    secretHash: text('secret_hash'),
    tokenEndpointAuthMethod: text('token_endpoint_auth_method').notNull().default('client_secret_basic'),
    redirectUris: text('redirect_uris').array().notNull(),
    postLogoutRedirectUris: text('post_logout_redirect_uris').array().notNull().default([]),
    grantTypes: text('grant_types').array().notNull(),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    description: text('description').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oidc_clients_product_idx').on(t.productId, t.createdAt),
    check(
      'oidc_clients_auth_method_ck',
      sql`(${t.tokenEndpointAuthMethod} = 'client_secret_basic' and ${t.secretHash} is not null) or (${t.tokenEndpointAuthMethod} = 'none' and ${t.secretHash} is null)`,
    ),
  ],
);

/**
 * The OpenID provider's state (oidc-provider adapter models: Session, Grant, AuthorizationCode,
 * AccessToken, RefreshToken, Interaction, …) so every instance shares it.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The provider's signing keys (private JWKs), generated once; every instance serves the same set. */
export const oidcKeys = pgTable(
  'oidc_keys',
  {
    kid: text('kid').primaryKey(),
    jwk: jsonb('jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_keys_created_uq').on(t.createdAt, t.kid)],
);
