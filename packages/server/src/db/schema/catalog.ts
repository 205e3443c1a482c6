/**
 * Products, organisations, roles and grants (issue "Platform administration"; SPEC §3 Application,
 * Organisation, Role, Grant item). Tenant-scoped tables carry `tenant_id` in their keys and are guarded
 * by row-level security (migration 0003_rls_catalog.sql). Later issues extend these tables.
 */
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from './platform.js';
import { users } from './tenant.js';

/** Products (SPEC §3 Application): platform-level. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    logo: text('logo').notNull().default(''),
    version: text('version').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(1),
    builtIn: boolean('built_in').notNull().default(false),
    callbackUrl: text('callback_url').notNull(),
    /** How My apps opens it: 1 OpenID Connect login initiation, 2 the SSO query with a ticket (migration 0023). */
    ssoMode: smallint('sso_mode').notNull().default(1),
    department: text('department').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerEmail: text('owner_email').notNull(),
    ownerPhone: text('owner_phone').notNull(),
    opsOwner: text('ops_owner').notNull(),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(sql`lower(${t.code})`),
    index('products_name_idx').on(t.name),
    index('products_status_idx').on(t.status),
    index('products_created_idx').on(t.createdAt),
  ],
);

/** Product administrators (SPEC §3 Application "administrators (user names)"), chosen from users. */
export const productAdmins = pgTable(
  'product_admins',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId] }), index('product_admins_user_idx').on(t.userId)],
);

/** Product authorisation of a tenant (SPEC §2 tenant list "product authorisation"): which products and versions. */
export const tenantProducts = pgTable(
  'tenant_products',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: text('version').notNull().default(''),
    status: smallint('status').notNull().default(1),
    /**
     * The application tenant (SPEC §3 Application tenant): the tenant's own name and code of the
     * application (code letters and digits, unique in the tenant), who created it and when it changed.
     * Empty code/name mean "as the product" (rows authorised before migration 0010 are backfilled).
     */
    code: text('code').notNull().default(''),
    name: text('name').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.productId] }),
    index('tenant_products_product_idx').on(t.productId),
    uniqueIndex('tenant_products_tenant_code_uq').on(t.tenantId, sql`lower(${t.code})`).where(sql`${t.code} <> ''`),
  ],
);

/** Organisations (SPEC §3 Organisation): a tree per tenant; types 0–6; `category` groups trees. */
export const organisations = pgTable(
  'organisations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: text('parent_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 0 none, 1 group, 2 company, 3 department, 4 sub-department, 5 field, 6 franchise store. */
    type: smallint('type').notNull().default(0),
    /** Organisation category (code table of organisation categories); 0 for the main tree. */
    category: integer('category').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    description: text('description').notNull().default(''),
    /**
     * Materialised path: '/' + the ids from the tree's top down to this organisation + '/', e.g.
     * '/t1/d1/d2/'. Kept by the trigger of migration 0010 (insert, and every move of a subtree), so
     * "inside the subtree of X" is `starts_with(path, X.path)` on an index (docs/tenancy.md "Data scope").
     */
    path: text('path').notNull().default(''),
    /** Lower-cased name for indexed "starts with" search under row-level security (as users.username_lc). */
    nameLc: text('name_lc').generatedAlwaysAs(sql`lower(name)`),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organisations_tenant_code_uq').on(t.tenantId, t.category, sql`lower(${t.code})`),
    index('organisations_tenant_parent_idx').on(t.tenantId, t.parentId),
    index('organisations_tenant_path_idx').on(t.tenantId, t.path.op('text_pattern_ops')),
    index('organisations_tenant_name_lc_idx').on(t.tenantId, t.nameLc),
    index('organisations_tenant_parent_sort_idx').on(t.tenantId, t.category, t.parentId, t.sort, t.name),
  ],
);

/** Roles (SPEC §3 Role): created per organisation or group, inside a tenant. */
export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orgId: text('org_id'),
    /** Role number (SPEC §5: letters, digits, underscore, ≤ 30), unique in the tenant. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    status: smallint('status').notNull().default(1),
    builtIn: boolean('built_in').notNull().default(false),
    description: text('description').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_tenant_code_uq').on(t.tenantId, sql`lower(${t.code})`),
    index('roles_tenant_org_idx').on(t.tenantId, t.orgId),
    index('roles_tenant_name_idx').on(t.tenantId, t.name),
    index('roles_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('roles_tenant_updated_idx').on(t.tenantId, t.updatedAt),
  ],
);

/** Role members (SPEC §3 Role-user link). */
export const roleUsers = pgTable(
  'role_users',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.userId] }), index('role_users_user_idx').on(t.tenantId, t.userId)],
);

/**
 * Grants of a role (SPEC §3 Grant item: dpDataid, dpPurview; §7 rolepurview calls): `kind` is 'menu',
 * 'orgtype' or 'org'; `dataId` the menu id, organisation type or organisation id; `purview` the
 * permission bits (menus: 1 read, 2 write); `orgCategory` the organisation category of 'org' grants.
 */
export const roleGrants = pgTable(
  'role_grants',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dataId: text('data_id').notNull(),
    purview: integer('purview').notNull().default(1),
    orgCategory: integer('org_category').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.kind, t.orgCategory, t.dataId] }),
    // grants of an application item, found by item when it is deleted (migration 0018)
    index('role_grants_kind_data_idx').on(t.kind, t.dataId),
  ],
);

/**
 * Stations, i.e. positions (SPEC §3 Station): a tree per tenant under an organisation. `level` is the
 * required level (grade) of SPEC §5; `parentIdList` the ancestor ids joined by ',' for subtree queries.
 */
export const stations = pgTable(
  'stations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orgId: text('org_id'),
    parentId: text('parent_id'),
    parentIdList: text('parent_id_list').notNull().default(''),
    code: text('code').notNull().default(''),
    name: text('name').notNull(),
    level: text('level').notNull(),
    stationLevel: integer('station_level').notNull().default(0),
    stationLayer: integer('station_layer').notNull().default(0),
    /** Position type (SPEC §3 Position, §5: name and type required). */
    type: text('type').notNull().default(''),
    description: text('description').notNull().default(''),
    /** 1 enabled, 0 disabled. */
    enabled: smallint('enabled').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stations_tenant_org_idx').on(t.tenantId, t.orgId),
    index('stations_tenant_parent_idx').on(t.tenantId, t.parentId),
    index('stations_tenant_name_idx').on(t.tenantId, t.name),
    // a code, when given, is unique in the tenant (modules/stations)
    uniqueIndex('stations_tenant_code_uq').on(t.tenantId, sql`lower(${t.code})`).where(sql`${t.code} <> ''`),
  ],
);
