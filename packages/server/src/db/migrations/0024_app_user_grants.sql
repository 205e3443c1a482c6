-- Application users by grant (issue 16 approvals; docs/applications.md "Application people"): a user of a
-- tenant that uses the application, given the application individually — by an approved access request
-- (docs/workflow.md) — although outside its root organisations. `isAppUser` reads it
-- (modules/appusers/app-users.scope.ts); the tenant must still use the application.
CREATE TABLE "app_user_grants" (
	"product_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source" text DEFAULT 'request' NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_grants_pk" PRIMARY KEY("product_id","user_id"),
	CONSTRAINT "app_user_grants_source_ck" CHECK ("source" IN ('request', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "app_user_grants" ADD CONSTRAINT "app_user_grants_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_user_grants" ADD CONSTRAINT "app_user_grants_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "app_user_grants" ADD CONSTRAINT "app_user_grants_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "app_user_grants_user_idx" ON "app_user_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "app_user_grants_tenant_idx" ON "app_user_grants" USING btree ("tenant_id", "product_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON app_user_grants TO mp_app;
--> statement-breakpoint
-- A grant makes (or stops making) the user an application user: the user's policy changes.
CREATE OR REPLACE FUNCTION mp_policy_app_user_grant_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, user_id, op)
    SELECT r.product_id, r.tenant_id, 'user', r.user_id, r.user_id, 'upsert' FROM mp_rows r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_user_grants_policy_ins AFTER INSERT ON app_user_grants REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_app_user_grant_change();--> statement-breakpoint
CREATE TRIGGER app_user_grants_policy_del AFTER DELETE ON app_user_grants REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_app_user_grant_change();
