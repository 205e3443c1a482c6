CREATE TABLE "org_user_counts" (
	"tenant_id" text NOT NULL,
	"org_id" text NOT NULL,
	"status" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_user_counts_tenant_id_org_id_status_pk" PRIMARY KEY("tenant_id","org_id","status")
);
--> statement-breakpoint
ALTER TABLE "org_user_counts" ADD CONSTRAINT "org_user_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Users per affiliated organisation and status, kept by triggers (docs/benchmarks.md "Tenant area").
-- The triggers run as the caller (mp_app under row-level security): a users row the caller may write
-- belongs to a tenant it sees, so its count row does too.
ALTER TABLE org_user_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON org_user_counts USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
-- Inserts and deletes: one statement-level trigger each, set-based over the transition table, so a bulk
-- import of 10,000 users adds one upsert per organisation, not one per user.
CREATE OR REPLACE FUNCTION mp_user_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_user_counts (tenant_id, org_id, status, users)
    SELECT tenant_id, coalesce(org_id, ''), status, count(*) FROM mp_new_users GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, org_id, status) DO UPDATE SET users = org_user_counts.users + excluded.users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_user_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_user_counts (tenant_id, org_id, status, users)
    SELECT tenant_id, coalesce(org_id, ''), status, -count(*) FROM mp_old_users GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, org_id, status) DO UPDATE SET users = org_user_counts.users + excluded.users;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: a row-level trigger that fires only when the tenant, organisation or status changes (other
-- updates of users — sign-in times, lockout counters — pay nothing).
CREATE OR REPLACE FUNCTION mp_user_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_user_counts (tenant_id, org_id, status, users)
    VALUES (OLD.tenant_id, coalesce(OLD.org_id, ''), OLD.status, -1)
  ON CONFLICT (tenant_id, org_id, status) DO UPDATE SET users = org_user_counts.users - 1;
  INSERT INTO org_user_counts (tenant_id, org_id, status, users)
    VALUES (NEW.tenant_id, coalesce(NEW.org_id, ''), NEW.status, 1)
  ON CONFLICT (tenant_id, org_id, status) DO UPDATE SET users = org_user_counts.users + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS mp_new_users
  FOR EACH STATEMENT EXECUTE FUNCTION mp_user_counts_insert();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS mp_old_users
  FOR EACH STATEMENT EXECUTE FUNCTION mp_user_counts_delete();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE OF tenant_id, org_id, status ON users
  FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION mp_user_counts_update();
--> statement-breakpoint
INSERT INTO org_user_counts (tenant_id, org_id, status, users)
  SELECT tenant_id, coalesce(org_id, ''), status, count(*) FROM users GROUP BY 1, 2, 3;
--> statement-breakpoint
ANALYZE org_user_counts;
