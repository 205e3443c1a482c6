-- Row-level security for the tenant-scoped stations table of migration 0005 (see 0001_rls.sql).
ALTER TABLE stations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stations USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
