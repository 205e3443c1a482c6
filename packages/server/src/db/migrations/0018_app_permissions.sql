-- Application permissions (issue 14; SPEC §2 Menu manager, Page manager, Mobile app menu list; §3 Menu
-- node, Page, Control, API, Mobile app menu; docs/applications.md). An application's design is
-- platform-level (it belongs to a product, not to a tenant): menus, pages with their forms, controls and
-- grid columns, the API registry and the mobile app menus. Tenants grant it to their roles through
-- role_grants (kinds 'appmenu', 'appcontrol', 'appapi'; data_id = the id here), so the tenant's
-- row-level security and the no-escalation rule of the tenant roles apply unchanged.
CREATE TABLE "app_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"form_id" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"platform_type" smallint DEFAULT 3 NOT NULL,
	"setting_file" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_pages" ADD CONSTRAINT "app_pages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_pages_form_id_uq" ON "app_pages" USING btree ("product_id", lower("form_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_pages_path_uq" ON "app_pages" USING btree ("product_id", lower("path"));--> statement-breakpoint
CREATE INDEX "app_pages_product_updated_idx" ON "app_pages" USING btree ("product_id", "updated_at");--> statement-breakpoint
CREATE TABLE "app_page_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"page_id" text NOT NULL,
	"parent_id" text,
	"node_type" text NOT NULL,
	"name" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"selector" text DEFAULT '' NOT NULL,
	"selector_index" integer DEFAULT 0 NOT NULL,
	"field_name" text DEFAULT '' NOT NULL,
	"data_source" text DEFAULT '' NOT NULL,
	"load_api_ids" text[] DEFAULT '{}' NOT NULL,
	"save_api_ids" text[] DEFAULT '{}' NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_page_nodes_type_ck" CHECK ("node_type" IN ('form', 'composite', 'button', 'grid', 'input', 'display', 'column'))
);
--> statement-breakpoint
ALTER TABLE "app_page_nodes" ADD CONSTRAINT "app_page_nodes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_page_nodes" ADD CONSTRAINT "app_page_nodes_page_id_app_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."app_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_page_nodes" ADD CONSTRAINT "app_page_nodes_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."app_page_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_page_nodes_page_parent_idx" ON "app_page_nodes" USING btree ("page_id", "parent_id", "sort");--> statement-breakpoint
CREATE INDEX "app_page_nodes_parent_idx" ON "app_page_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE TABLE "app_menus" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"parent_id" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"menu_type" text NOT NULL,
	"page_id" text,
	"target" text DEFAULT '' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"platform_type" smallint DEFAULT 3 NOT NULL,
	"open_type" smallint DEFAULT 1 NOT NULL,
	"refresh" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_menus_type_ck" CHECK ("menu_type" IN ('module', 'page'))
);
--> statement-breakpoint
ALTER TABLE "app_menus" ADD CONSTRAINT "app_menus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_menus" ADD CONSTRAINT "app_menus_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."app_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_menus" ADD CONSTRAINT "app_menus_page_id_app_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."app_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_menus_code_uq" ON "app_menus" USING btree ("product_id", lower("code"));--> statement-breakpoint
CREATE INDEX "app_menus_product_parent_idx" ON "app_menus" USING btree ("product_id", "parent_id", "sort");--> statement-breakpoint
CREATE INDEX "app_menus_page_idx" ON "app_menus" USING btree ("page_id");--> statement-breakpoint
CREATE TABLE "app_apis" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"service_name" text NOT NULL,
	"module_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_apis" ADD CONSTRAINT "app_apis_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_apis_url_uq" ON "app_apis" USING btree ("product_id", lower("url"));--> statement-breakpoint
CREATE INDEX "app_apis_product_group_idx" ON "app_apis" USING btree ("product_id", "service_name", "module_name", "name");--> statement-breakpoint
CREATE TABLE "app_mobile_menus" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"list_icon" text DEFAULT '' NOT NULL,
	"normal_icon" text DEFAULT '' NOT NULL,
	"highlight_icon" text DEFAULT '' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_mobile_menus" ADD CONSTRAINT "app_mobile_menus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_mobile_menus_name_uq" ON "app_mobile_menus" USING btree ("product_id", lower("name"));--> statement-breakpoint
CREATE INDEX "app_mobile_menus_product_sort_idx" ON "app_mobile_menus" USING btree ("product_id", "sort");--> statement-breakpoint
-- Grants of application items, found by item when an item is deleted (in every tenant).
CREATE INDEX "role_grants_kind_data_idx" ON "role_grants" USING btree ("kind", "data_id");--> statement-breakpoint
-- The policy change log (SPEC §7 POST /policy/sync/syncbydate; docs/applications.md "Sync"): one row per
-- changed statement subject, written by triggers so no code path can forget it. `xid` is the writing
-- transaction; a reader returns only rows whose transaction is older than every transaction still
-- running (pg_snapshot_xmin of its snapshot), ordered by (xid, seq), so a change committed late is never
-- skipped by a cursor that already moved on. product_id null: a change in a tenant that concerns every
-- application of the tenant (role membership, role status, user status); tenant_id null: an
-- application's design (every tenant).
CREATE TABLE "policy_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" text,
	"tenant_id" text,
	"kind" text NOT NULL,
	"subject_id" text DEFAULT '' NOT NULL,
	"role_id" text,
	"user_id" text,
	"op" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "policy_changes_xid_idx" ON "policy_changes" USING btree ("xid", "seq");--> statement-breakpoint
CREATE INDEX "policy_changes_product_idx" ON "policy_changes" USING btree ("product_id", "xid", "seq");--> statement-breakpoint
CREATE INDEX "policy_changes_tenant_idx" ON "policy_changes" USING btree ("tenant_id", "xid", "seq") WHERE "product_id" IS NULL;--> statement-breakpoint
CREATE INDEX "policy_changes_changed_idx" ON "policy_changes" USING btree ("changed_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON app_pages, app_page_nodes, app_menus, app_apis, app_mobile_menus, policy_changes TO mp_app;
--> statement-breakpoint
-- Design changes: one row per changed item (kind 'menu' | 'page' | 'control' | 'api' | 'mobilemenu').
CREATE OR REPLACE FUNCTION mp_policy_design_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO policy_changes (product_id, kind, subject_id, op)
      SELECT o.product_id, TG_ARGV[0], o.id, 'delete' FROM mp_old o;
  ELSE
    INSERT INTO policy_changes (product_id, kind, subject_id, op)
      SELECT n.product_id, TG_ARGV[0], n.id, 'upsert' FROM mp_new n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_menus_policy_ins AFTER INSERT ON app_menus REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('menu');--> statement-breakpoint
CREATE TRIGGER app_menus_policy_upd AFTER UPDATE ON app_menus REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('menu');--> statement-breakpoint
CREATE TRIGGER app_menus_policy_del AFTER DELETE ON app_menus REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('menu');--> statement-breakpoint
CREATE TRIGGER app_pages_policy_ins AFTER INSERT ON app_pages REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('page');--> statement-breakpoint
CREATE TRIGGER app_pages_policy_upd AFTER UPDATE ON app_pages REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('page');--> statement-breakpoint
CREATE TRIGGER app_pages_policy_del AFTER DELETE ON app_pages REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('page');--> statement-breakpoint
CREATE TRIGGER app_page_nodes_policy_ins AFTER INSERT ON app_page_nodes REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('control');--> statement-breakpoint
CREATE TRIGGER app_page_nodes_policy_upd AFTER UPDATE ON app_page_nodes REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('control');--> statement-breakpoint
CREATE TRIGGER app_page_nodes_policy_del AFTER DELETE ON app_page_nodes REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('control');--> statement-breakpoint
CREATE TRIGGER app_apis_policy_ins AFTER INSERT ON app_apis REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('api');--> statement-breakpoint
CREATE TRIGGER app_apis_policy_upd AFTER UPDATE ON app_apis REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('api');--> statement-breakpoint
CREATE TRIGGER app_apis_policy_del AFTER DELETE ON app_apis REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('api');--> statement-breakpoint
CREATE TRIGGER app_mobile_menus_policy_ins AFTER INSERT ON app_mobile_menus REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('mobilemenu');--> statement-breakpoint
CREATE TRIGGER app_mobile_menus_policy_upd AFTER UPDATE ON app_mobile_menus REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('mobilemenu');--> statement-breakpoint
CREATE TRIGGER app_mobile_menus_policy_del AFTER DELETE ON app_mobile_menus REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_design_change('mobilemenu');--> statement-breakpoint
-- Grants of application items: one row per (tenant, role, application) whose grants changed.
CREATE OR REPLACE FUNCTION mp_policy_grant_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, role_id, op)
    SELECT DISTINCT coalesce(m.product_id, c.product_id, a.product_id), g.tenant_id, 'grant', g.role_id, g.role_id, 'upsert'
    FROM (SELECT tenant_id, role_id, kind, data_id FROM mp_rows) g
    LEFT JOIN app_menus m ON g.kind = 'appmenu' AND m.id = g.data_id
    LEFT JOIN app_page_nodes c ON g.kind = 'appcontrol' AND c.id = g.data_id
    LEFT JOIN app_apis a ON g.kind = 'appapi' AND a.id = g.data_id
    WHERE g.kind IN ('appmenu', 'appcontrol', 'appapi');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER role_grants_policy_ins AFTER INSERT ON role_grants REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_grant_change();--> statement-breakpoint
CREATE TRIGGER role_grants_policy_upd AFTER UPDATE ON role_grants REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_grant_change();--> statement-breakpoint
CREATE TRIGGER role_grants_policy_del AFTER DELETE ON role_grants REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_grant_change();--> statement-breakpoint
-- Role membership: concerns every application of the tenant (product_id null).
CREATE OR REPLACE FUNCTION mp_policy_member_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (tenant_id, kind, subject_id, role_id, user_id, op)
    SELECT r.tenant_id, 'member', r.user_id, r.role_id, r.user_id, CASE WHEN TG_OP = 'DELETE' THEN 'delete' ELSE 'upsert' END FROM mp_rows r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER role_users_policy_ins AFTER INSERT ON role_users REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_member_change();--> statement-breakpoint
CREATE TRIGGER role_users_policy_del AFTER DELETE ON role_users REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_member_change();--> statement-breakpoint
-- A role's status or its deletion: concerns every application of the tenant.
CREATE OR REPLACE FUNCTION mp_policy_role_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO policy_changes (tenant_id, kind, subject_id, role_id, op) SELECT o.tenant_id, 'role', o.id, o.id, 'delete' FROM mp_old o;
  ELSE
    INSERT INTO policy_changes (tenant_id, kind, subject_id, role_id, op)
      SELECT n.tenant_id, 'role', n.id, n.id, 'upsert' FROM mp_new n JOIN mp_old o ON o.id = n.id WHERE o.status IS DISTINCT FROM n.status OR o.code IS DISTINCT FROM n.code OR o.name IS DISTINCT FROM n.name;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_policy_upd AFTER UPDATE ON roles REFERENCING OLD TABLE AS mp_old NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_role_change();--> statement-breakpoint
CREATE TRIGGER roles_policy_del AFTER DELETE ON roles REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_role_change();--> statement-breakpoint
-- A user disabled, locked, expired, moved or deleted: concerns every application of the tenant.
CREATE OR REPLACE FUNCTION mp_policy_user_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO policy_changes (tenant_id, kind, subject_id, user_id, op) SELECT o.tenant_id, 'user', o.id, o.id, 'delete' FROM mp_old o;
  ELSE
    INSERT INTO policy_changes (tenant_id, kind, subject_id, user_id, op)
      SELECT n.tenant_id, 'user', n.id, n.id, 'upsert' FROM mp_new n JOIN mp_old o ON o.id = n.id
      WHERE o.status IS DISTINCT FROM n.status OR o.locked IS DISTINCT FROM n.locked OR o.org_id IS DISTINCT FROM n.org_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_policy_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS mp_old NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_user_change();--> statement-breakpoint
CREATE TRIGGER users_policy_del AFTER DELETE ON users REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_user_change();--> statement-breakpoint
-- A tenant's use of an application (product authorisation, application tenant status).
CREATE OR REPLACE FUNCTION mp_policy_subscription_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, op) SELECT o.product_id, o.tenant_id, 'subscription', o.tenant_id, 'delete' FROM mp_old o;
  ELSE
    INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, op) SELECT n.product_id, n.tenant_id, 'subscription', n.tenant_id, 'upsert' FROM mp_new n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenant_products_policy_ins AFTER INSERT ON tenant_products REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_subscription_change();--> statement-breakpoint
CREATE TRIGGER tenant_products_policy_upd AFTER UPDATE ON tenant_products REFERENCING NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_subscription_change();--> statement-breakpoint
CREATE TRIGGER tenant_products_policy_del AFTER DELETE ON tenant_products REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_subscription_change();
--> statement-breakpoint
-- Deleting an application item withdraws its grants in every tenant (SPEC §6 "deleting a tenant's menus
-- disables them"): also for items deleted by a cascade (a module's children, a page's controls, the
-- application itself). Runs as the owner: the grants live in every tenant.
CREATE OR REPLACE FUNCTION mp_app_item_grants_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM role_grants g USING mp_old o WHERE g.kind = TG_ARGV[0] AND g.data_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_menus_grants_del AFTER DELETE ON app_menus REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_app_item_grants_delete('appmenu');--> statement-breakpoint
CREATE TRIGGER app_page_nodes_grants_del AFTER DELETE ON app_page_nodes REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_app_item_grants_delete('appcontrol');--> statement-breakpoint
CREATE TRIGGER app_apis_grants_del AFTER DELETE ON app_apis REFERENCING OLD TABLE AS mp_old FOR EACH STATEMENT EXECUTE FUNCTION mp_app_item_grants_delete('appapi');
