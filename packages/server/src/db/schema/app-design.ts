/**
 * An application's design (issue 14; SPEC §2 Menu manager, Page manager, Mobile app menu list; §3 Menu
 * node, Page, Control, API, Mobile app menu): platform-level rows of a product, not of a tenant. Tenants
 * grant the items to their roles in `role_grants` (kinds `appmenu`, `appcontrol`, `appapi`; data id =
 * the id here). `policy_changes` is the change log of SPEC §7 `syncbydate`, written by the triggers of
 * migration 0018 (docs/applications.md).
 */
import { bigint, boolean, check, customType, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './catalog.js';

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Pages (SPEC §3 Page): formID, name, path, platform type (1 PC, 2 Phone, 3 both), the last setting file's name. */
export const appPages = pgTable(
  'app_pages',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    platformType: smallint('platform_type').notNull().default(3),
    settingFile: text('setting_file').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('app_pages_form_id_uq').on(t.productId, sql`lower(${t.formId})`),
    uniqueIndex('app_pages_path_uq').on(t.productId, sql`lower(${t.path})`),
    index('app_pages_product_updated_idx').on(t.productId, t.updatedAt),
  ],
);

/**
 * The forms, controls and grid columns of a page (SPEC §3 Control; §4 nesting rules): `nodeType` 'form'
 * (top level, no parent), 'composite' | 'button' | 'grid' | 'input' | 'display' (controls), 'column'
 * (a grid's column, `name` is the column name). `loadApiIds` / `saveApiIds`: the function definition's
 * APIs (ids of `app_apis`); the APIs of a page in the permission tree are the union over its nodes.
 */
export const appPageNodes = pgTable(
  'app_page_nodes',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => appPages.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => appPageNodes.id, { onDelete: 'cascade' }),
    nodeType: text('node_type').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull().default(''),
    selector: text('selector').notNull().default(''),
    selectorIndex: integer('selector_index').notNull().default(0),
    fieldName: text('field_name').notNull().default(''),
    dataSource: text('data_source').notNull().default(''),
    loadApiIds: text('load_api_ids').array().notNull().default(sql`'{}'`),
    saveApiIds: text('save_api_ids').array().notNull().default(sql`'{}'`),
    custom: boolean('custom').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...stamps,
  },
  (t) => [
    index('app_page_nodes_page_parent_idx').on(t.pageId, t.parentId, t.sort),
    index('app_page_nodes_parent_idx').on(t.parentId),
    check('app_page_nodes_type_ck', sql`${t.nodeType} IN ('form', 'composite', 'button', 'grid', 'input', 'display', 'column')`),
  ],
);

/**
 * Menu nodes (SPEC §3 Menu node): a tree per application under the root '0' (`parentId` null = a child
 * of the root). `menuType` 'module' | 'page' (pages only under modules or the root, never under a page);
 * `pageId` the target page's definition (optional), `target` the target page's address (required for
 * pages); `platformType` 1 PC, 2 Phone, 3 both; `openType` 1 in the framework, 2 new window with the
 * framework, 3 new window without it; `refresh` 0/1; `icon` an Ant Design icon name or `file:<id>`.
 */
export const appMenus = pgTable(
  'app_menus',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => appMenus.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    menuType: text('menu_type').notNull(),
    pageId: text('page_id').references(() => appPages.id, { onDelete: 'set null' }),
    target: text('target').notNull().default(''),
    enabled: smallint('enabled').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    icon: text('icon').notNull().default(''),
    description: text('description').notNull().default(''),
    platformType: smallint('platform_type').notNull().default(3),
    openType: smallint('open_type').notNull().default(1),
    refresh: smallint('refresh').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('app_menus_code_uq').on(t.productId, sql`lower(${t.code})`),
    index('app_menus_product_parent_idx').on(t.productId, t.parentId, t.sort),
    index('app_menus_page_idx').on(t.pageId),
    check('app_menus_type_ck', sql`${t.menuType} IN ('module', 'page')`),
  ],
);

/** The API registry (SPEC §3 API; §5 'The service url must end with .do'): unique url per application. */
export const appApis = pgTable(
  'app_apis',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serviceName: text('service_name').notNull(),
    moduleName: text('module_name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('app_apis_url_uq').on(t.productId, sql`lower(${t.url})`),
    index('app_apis_product_group_idx').on(t.productId, t.serviceName, t.moduleName, t.name),
  ],
);

/** Mobile app menus (SPEC §2 Mobile app menu list; §3 Mobile app menu): `id` is AM_ID; icons are file ids. */
export const appMobileMenus = pgTable(
  'app_mobile_menus',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    listIcon: text('list_icon').notNull().default(''),
    normalIcon: text('normal_icon').notNull().default(''),
    highlightIcon: text('highlight_icon').notNull().default(''),
    enabled: smallint('enabled').notNull().default(1),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('app_mobile_menus_name_uq').on(t.productId, sql`lower(${t.name})`), index('app_mobile_menus_product_sort_idx').on(t.productId, t.sort)],
);

/**
 * The policy change log (SPEC §7 `syncbydate`), written only by the triggers of migration 0018. `kind`:
 * 'menu' | 'page' | 'control' | 'api' | 'mobilemenu' (design; tenantId null), 'grant' (a role's grants of
 * the application), 'member' | 'role' | 'user' (productId null: every application of the tenant),
 * 'subscription' (the tenant's use of the application). `op` 'upsert' | 'delete'. Read in (xid, seq)
 * order below the reader's snapshot xmin (docs/applications.md "Sync").
 */
export const policyChanges = pgTable(
  'policy_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    productId: text('product_id'),
    tenantId: text('tenant_id'),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull().default(''),
    roleId: text('role_id'),
    userId: text('user_id'),
    op: text('op').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('policy_changes_xid_idx').on(t.xid, t.seq),
    index('policy_changes_product_idx').on(t.productId, t.xid, t.seq),
    index('policy_changes_tenant_idx').on(t.tenantId, t.xid, t.seq).where(sql`${t.productId} IS NULL`),
    index('policy_changes_changed_idx').on(t.changedAt),
  ],
);
