-- Row-level security for tenant-scoped tables (CONVENTIONS "Tenant isolation in two layers").
-- The server runs its queries as the non-owner role mp_app (SET LOCAL ROLE in every transaction),
-- so the policies hold even for the owner's connection. A transaction sets:
--   mp.scope     = 'platform' (platform administrator / trusted system work) or 'tenant'
--   mp.tenant_id = the caller's tenant id
-- Without CREATEROLE, an administrator pre-creates mp_app and grants it to the login (docs/operations.md
-- "PostgreSQL"); then nothing is created or granted here, since either would need CREATEROLE.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mp_app') THEN
    CREATE ROLE mp_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT pg_has_role(current_user, 'mp_app', 'MEMBER') THEN
    GRANT mp_app TO CURRENT_USER;
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO mp_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO mp_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO mp_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO mp_app;
--> statement-breakpoint
CREATE FUNCTION mp_tenant_visible(row_tenant text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT current_setting('mp.scope', true) = 'platform' OR row_tenant = current_setting('mp.tenant_id', true)
$$;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE user_identities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_identities USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON files USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_log USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
