/**
 * An application's people (issue 15; SPEC §2 App org, user, orgUserRelation, roleManagement; migration 0020;
 * docs/applications.md "Application people"): platform-level rows of a product, read and written by the
 * application area across the tenants that use the application, always filtered by `product_id`.
 */
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organisations, products } from './catalog.js';
import { tenants } from './platform.js';
import { users } from './tenant.js';

/**
 * The organisations the application serves (SPEC §2 App `org`, "app root organisation settings"). A tenant
 * using the application with no row here: all its users are the application's users; with rows: only users
 * whose affiliated organisation is inside one of them (subtree, organisations.path).
 */
export const appRootOrgs = pgTable(
  'app_root_orgs',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'app_root_orgs_pk', columns: [t.productId, t.tenantId, t.orgId] }), index('app_root_orgs_tenant_idx').on(t.tenantId, t.productId)],
);

/**
 * Application users by grant (migration 0024; issue 16 approvals): a user given the application individually
 * (an approved access request, `source` 'request' with the request id in `referenceId`), although outside its
 * root organisations. `isAppUser` counts them while their tenant uses the application.
 */
export const appUserGrants = pgTable(
  'app_user_grants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'request' (an approved access request) | 'admin' */
    source: text('source').notNull().default('request'),
    referenceId: text('reference_id').notNull().default(''),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'app_user_grants_pk', columns: [t.productId, t.userId] }),
    index('app_user_grants_user_idx').on(t.userId),
    index('app_user_grants_tenant_idx').on(t.tenantId, t.productId),
  ],
);

/** Permission templates (issue 15): a tree of named, reusable grant sets of one application. */
export const appPermissionTemplates = pgTable(
  'app_permission_templates',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => appPermissionTemplates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_permission_templates_name_uq').on(t.productId, sql`coalesce(${t.parentId}, '')`, sql`lower(${t.name})`),
    index('app_permission_templates_parent_idx').on(t.productId, t.parentId, t.sort),
  ],
);

/** A template's grants: kinds appmenu / appcontrol / appapi (AppGrantKind), bits as role_grants. */
export const appTemplateGrants = pgTable(
  'app_template_grants',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => appPermissionTemplates.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    kind: text('kind').notNull(),
    dataId: text('data_id').notNull(),
    purview: integer('purview').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'app_template_grants_pk', columns: [t.templateId, t.kind, t.dataId] }),
    index('app_template_grants_kind_data_idx').on(t.kind, t.dataId),
  ],
);

/**
 * The application's own roles (SPEC §2 App `roleManagement`). `templateId`/`templateMode`: made from a
 * permission template, either following it ('sync') or copied once ('copy').
 */
export const appRoles = pgTable(
  'app_roles',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: smallint('status').notNull().default(1),
    templateId: text('template_id').references(() => appPermissionTemplates.id, { onDelete: 'set null' }),
    templateMode: text('template_mode').notNull().default('copy'),
    creator: text('creator').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_roles_code_uq').on(t.productId, sql`lower(${t.code})`),
    index('app_roles_product_updated_idx').on(t.productId, t.updatedAt),
    index('app_roles_template_idx').on(t.templateId),
  ],
);

/** Members of an application role: users of tenants using the application (tenant kept for the change log). */
export const appRoleUsers = pgTable(
  'app_role_users',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => appRoles.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'app_role_users_pk', columns: [t.roleId, t.userId] }), index('app_role_users_user_idx').on(t.productId, t.tenantId, t.userId)],
);

/** Grants of an application role: kinds appmenu / appcontrol / appapi, bits as role_grants. */
export const appRoleGrants = pgTable(
  'app_role_grants',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => appRoles.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    kind: text('kind').notNull(),
    dataId: text('data_id').notNull(),
    purview: integer('purview').notNull().default(1),
  },
  (t) => [primaryKey({ name: 'app_role_grants_pk', columns: [t.roleId, t.kind, t.dataId] }), index('app_role_grants_kind_data_idx').on(t.kind, t.dataId)],
);
