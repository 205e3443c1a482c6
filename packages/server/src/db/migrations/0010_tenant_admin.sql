CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"org_id" text NOT NULL,
	"external_code" text NOT NULL,
	"external_name" text DEFAULT '' NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_users" (
	"tenant_id" text NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_users_tenant_id_org_id_user_id_pk" PRIMARY KEY("tenant_id","org_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"tenant_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_settings_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"account_type" smallint NOT NULL,
	"account" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"user_id" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"bound_at" timestamp with time zone,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"external_account" text NOT NULL,
	"external_name" text DEFAULT '' NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "name_lc" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "creator" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_products" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_products" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_products" ADD COLUMN "creator" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_mappings" ADD CONSTRAINT "org_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_mappings" ADD CONSTRAINT "org_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_mappings" ADD CONSTRAINT "org_mappings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mappings" ADD CONSTRAINT "user_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mappings" ADD CONSTRAINT "user_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mappings" ADD CONSTRAINT "user_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_tenant_created_idx" ON "jobs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_state_idx" ON "jobs" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "org_mappings_org_uq" ON "org_mappings" USING btree ("tenant_id","product_id","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_mappings_code_uq" ON "org_mappings" USING btree ("tenant_id","product_id",lower("external_code"));--> statement-breakpoint
CREATE INDEX "org_mappings_tenant_updated_idx" ON "org_mappings" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "org_users_user_idx" ON "org_users" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_account_uq" ON "user_accounts" USING btree ("tenant_id","account_type",lower("account"));--> statement-breakpoint
CREATE INDEX "user_accounts_user_idx" ON "user_accounts" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "user_accounts_tenant_updated_idx" ON "user_accounts" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_mappings_user_uq" ON "user_mappings" USING btree ("tenant_id","product_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_mappings_account_uq" ON "user_mappings" USING btree ("tenant_id","product_id",lower("external_account"));--> statement-breakpoint
CREATE INDEX "user_mappings_tenant_updated_idx" ON "user_mappings" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "organisations_tenant_path_idx" ON "organisations" USING btree ("tenant_id","path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organisations_tenant_name_lc_idx" ON "organisations" USING btree ("tenant_id","name_lc");--> statement-breakpoint
CREATE INDEX "organisations_tenant_parent_sort_idx" ON "organisations" USING btree ("tenant_id","category","parent_id","sort","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_products_tenant_code_uq" ON "tenant_products" USING btree ("tenant_id",lower("code")) WHERE "tenant_products"."code" <> '';--> statement-breakpoint
-- Row-level security for the tenant-scoped tables above (see 0001_rls.sql).
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON jobs USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE org_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON org_users USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE org_mappings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON org_mappings USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE user_mappings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_mappings USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE user_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_accounts USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE tenant_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenant_settings USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
-- Application tenants authorised before this migration take the product's name, and its code when
-- that is letters and digits only (SPEC §8 'The application tenant code must consist of letters and numbers').
UPDATE tenant_products tp SET name = p.name, code = CASE WHEN p.code ~ '^[A-Za-z0-9]+$' THEN p.code ELSE '' END
  FROM products p WHERE p.id = tp.product_id AND tp.name = '';
--> statement-breakpoint
-- Materialised organisation paths (docs/tenancy.md "Data scope"): '/' + ids from the top + '/'.
-- On insert, and when parent_id changes, the row's path is its parent's path + its id (a missing parent
-- makes it a top); after a move every descendant's path is rewritten in one statement (which sets only
-- `path`, so neither trigger fires again for the descendants). A move under
-- itself or a descendant is refused here too (the service refuses it first with a localised message).
CREATE OR REPLACE FUNCTION mp_org_path_before() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE parent_path text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id AND OLD.path <> '' THEN
    RETURN NEW;
  END IF;
  IF NEW.parent_id IS NOT NULL AND NEW.parent_id <> NEW.id THEN
    SELECT o.path INTO parent_path FROM organisations o WHERE o.id = NEW.parent_id AND o.tenant_id = NEW.tenant_id;
  END IF;
  IF TG_OP = 'UPDATE' AND parent_path IS NOT NULL AND starts_with(parent_path, OLD.path) THEN
    RAISE EXCEPTION 'organisation % cannot move under itself or a descendant', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  NEW.path := coalesce(nullif(parent_path, ''), '/') || NEW.id || '/';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_org_path_after() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.path <> OLD.path AND OLD.path <> '' THEN
    UPDATE organisations SET path = NEW.path || substr(path, length(OLD.path) + 1)
      WHERE tenant_id = NEW.tenant_id AND starts_with(path, OLD.path) AND id <> NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisations_path_before BEFORE INSERT OR UPDATE OF parent_id ON organisations
  FOR EACH ROW EXECUTE FUNCTION mp_org_path_before();
--> statement-breakpoint
CREATE TRIGGER organisations_path_after AFTER UPDATE OF parent_id ON organisations
  FOR EACH ROW EXECUTE FUNCTION mp_org_path_after();
--> statement-breakpoint
WITH RECURSIVE tree AS (
  SELECT o.id, o.tenant_id, '/' || o.id || '/' AS path FROM organisations o
    WHERE o.parent_id IS NULL OR o.parent_id = o.id
      OR NOT EXISTS (SELECT 1 FROM organisations p WHERE p.id = o.parent_id AND p.tenant_id = o.tenant_id)
  UNION ALL
  SELECT c.id, c.tenant_id, t.path || c.id || '/' FROM organisations c
    JOIN tree t ON c.parent_id = t.id AND c.tenant_id = t.tenant_id AND c.id <> t.id
)
UPDATE organisations o SET path = tree.path FROM tree WHERE o.id = tree.id AND o.path = '';
