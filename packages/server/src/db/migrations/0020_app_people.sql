-- Application people (issue 15; SPEC §2 App org, user, orgUserRelation, roleManagement; docs/applications.md
-- "Application people"). Platform-level rows of a product (the application area works across the tenants
-- that use the application, always filtered by product_id):
-- * app_root_orgs: the organisations (of the tenants using the application) the application serves. A tenant
--   with no root organisation for the application: every user of that tenant is the application's user;
--   with some: only users whose affiliated organisation is inside one of them (subtree).
-- * app_roles, app_role_users, app_role_grants: the application's own roles, members from the tenants using
--   it, grants of the application's items (kinds appmenu / appcontrol / appapi, bits as role_grants).
-- * app_permission_templates (a tree) and app_template_grants: named reusable grant sets; a role made from a
--   template keeps `template_id` and `template_mode` ('sync': follows the template; 'copy': copied once).
CREATE TABLE "app_root_orgs" (
	"product_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"org_id" text NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_root_orgs_pk" PRIMARY KEY("product_id","tenant_id","org_id")
);
--> statement-breakpoint
ALTER TABLE "app_root_orgs" ADD CONSTRAINT "app_root_orgs_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_root_orgs" ADD CONSTRAINT "app_root_orgs_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_root_orgs" ADD CONSTRAINT "app_root_orgs_org_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "app_root_orgs_tenant_idx" ON "app_root_orgs" USING btree ("tenant_id", "product_id");--> statement-breakpoint
CREATE TABLE "app_permission_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_permission_templates" ADD CONSTRAINT "app_permission_templates_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_permission_templates" ADD CONSTRAINT "app_permission_templates_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."app_permission_templates"("id") ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "app_permission_templates_name_uq" ON "app_permission_templates" USING btree ("product_id", coalesce("parent_id", ''), lower("name"));--> statement-breakpoint
CREATE INDEX "app_permission_templates_parent_idx" ON "app_permission_templates" USING btree ("product_id", "parent_id", "sort");--> statement-breakpoint
CREATE TABLE "app_template_grants" (
	"template_id" text NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"data_id" text NOT NULL,
	"purview" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "app_template_grants_pk" PRIMARY KEY("template_id","kind","data_id"),
	CONSTRAINT "app_template_grants_kind_ck" CHECK ("kind" IN ('appmenu', 'appcontrol', 'appapi'))
);
--> statement-breakpoint
ALTER TABLE "app_template_grants" ADD CONSTRAINT "app_template_grants_template_fk" FOREIGN KEY ("template_id") REFERENCES "public"."app_permission_templates"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "app_template_grants_kind_data_idx" ON "app_template_grants" USING btree ("kind", "data_id");--> statement-breakpoint
CREATE TABLE "app_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"template_id" text,
	"template_mode" text DEFAULT 'copy' NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_roles_template_mode_ck" CHECK ("template_mode" IN ('sync', 'copy'))
);
--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_template_fk" FOREIGN KEY ("template_id") REFERENCES "public"."app_permission_templates"("id") ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX "app_roles_code_uq" ON "app_roles" USING btree ("product_id", lower("code"));--> statement-breakpoint
CREATE INDEX "app_roles_product_updated_idx" ON "app_roles" USING btree ("product_id", "updated_at");--> statement-breakpoint
CREATE INDEX "app_roles_template_idx" ON "app_roles" USING btree ("template_id");--> statement-breakpoint
CREATE TABLE "app_role_users" (
	"role_id" text NOT NULL,
	"product_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_role_users_pk" PRIMARY KEY("role_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "app_role_users" ADD CONSTRAINT "app_role_users_role_fk" FOREIGN KEY ("role_id") REFERENCES "public"."app_roles"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_role_users" ADD CONSTRAINT "app_role_users_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "app_role_users_user_idx" ON "app_role_users" USING btree ("product_id", "tenant_id", "user_id");--> statement-breakpoint
CREATE TABLE "app_role_grants" (
	"role_id" text NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"data_id" text NOT NULL,
	"purview" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "app_role_grants_pk" PRIMARY KEY("role_id","kind","data_id"),
	CONSTRAINT "app_role_grants_kind_ck" CHECK ("kind" IN ('appmenu', 'appcontrol', 'appapi'))
);
--> statement-breakpoint
ALTER TABLE "app_role_grants" ADD CONSTRAINT "app_role_grants_role_fk" FOREIGN KEY ("role_id") REFERENCES "public"."app_roles"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "app_role_grants_kind_data_idx" ON "app_role_grants" USING btree ("kind", "data_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON app_root_orgs, app_permission_templates, app_template_grants, app_roles, app_role_users, app_role_grants TO mp_app;
--> statement-breakpoint
-- Deleting an application item also withdraws it from application roles and permission templates.
CREATE OR REPLACE FUNCTION mp_app_item_grants_delete() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM role_grants g USING mp_old o WHERE g.kind = TG_ARGV[0] AND g.data_id = o.id;
  DELETE FROM app_role_grants g USING mp_old o WHERE g.kind = TG_ARGV[0] AND g.data_id = o.id;
  DELETE FROM app_template_grants g USING mp_old o WHERE g.kind = TG_ARGV[0] AND g.data_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Change log (docs/applications.md "Sync"): an application role's grants, status or deletion concern every
-- user of the application ('approle', tenant null); a membership concerns that user ('member').
CREATE OR REPLACE FUNCTION mp_policy_approle_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_TABLE_NAME = 'app_role_grants' THEN
    INSERT INTO policy_changes (product_id, kind, subject_id, role_id, op)
      SELECT DISTINCT r.product_id, 'approle', r.role_id, r.role_id, 'upsert' FROM mp_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO policy_changes (product_id, kind, subject_id, role_id, op) SELECT r.product_id, 'approle', r.id, r.id, 'delete' FROM mp_rows r;
  ELSE
    INSERT INTO policy_changes (product_id, kind, subject_id, role_id, op) SELECT r.product_id, 'approle', r.id, r.id, 'upsert' FROM mp_rows r;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_role_grants_policy_ins AFTER INSERT ON app_role_grants REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_approle_change();--> statement-breakpoint
CREATE TRIGGER app_role_grants_policy_upd AFTER UPDATE ON app_role_grants REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_approle_change();--> statement-breakpoint
CREATE TRIGGER app_role_grants_policy_del AFTER DELETE ON app_role_grants REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_approle_change();--> statement-breakpoint
CREATE TRIGGER app_roles_policy_upd AFTER UPDATE ON app_roles REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_approle_change();--> statement-breakpoint
CREATE TRIGGER app_roles_policy_del AFTER DELETE ON app_roles REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_approle_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_policy_app_member_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, role_id, user_id, op)
    SELECT r.product_id, r.tenant_id, 'member', r.user_id, r.role_id, r.user_id, CASE WHEN TG_OP = 'DELETE' THEN 'delete' ELSE 'upsert' END FROM mp_rows r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_role_users_policy_ins AFTER INSERT ON app_role_users REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_app_member_change();--> statement-breakpoint
CREATE TRIGGER app_role_users_policy_del AFTER DELETE ON app_role_users REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_app_member_change();--> statement-breakpoint
-- The application's root organisations decide who its users are: a change concerns the tenant's users.
CREATE OR REPLACE FUNCTION mp_policy_root_org_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, op)
    SELECT DISTINCT r.product_id, r.tenant_id, 'subscription', r.tenant_id, 'upsert' FROM mp_rows r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_root_orgs_policy_ins AFTER INSERT ON app_root_orgs REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_root_org_change();--> statement-breakpoint
CREATE TRIGGER app_root_orgs_policy_del AFTER DELETE ON app_root_orgs REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_root_org_change();
