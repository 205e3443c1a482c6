-- Issue 14, the policy decision cache (modules/policy/policy.cache.ts; docs/applications.md "Decision
-- cache"): every change that alters a policy answer must reach the change log, since the cache (and an
-- application's local copy) drops entries only on what the log says. Migration 0018 missed some:
-- * users: the lock end (locked_until), the validity dates, the user name (a call may name the user by
--   it) and the tenant, beside status, locked and organisation;
-- * user_identities: a user's types decide whether the user is active (a test account only is not) and
--   whether the whole tenant is their data scope (tenant administrator);
-- * tenants: a disabled tenant's users are inactive; its code names it in calls;
-- * role_grants of kinds org / orgtype: the data scope of a permissions answer.
-- Each is logged with the kinds of the contract ('user', 'subscription', 'grant'), product_id null:
-- it concerns every application of the tenant.
CREATE OR REPLACE FUNCTION mp_policy_user_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO policy_changes (tenant_id, kind, subject_id, user_id, op) SELECT o.tenant_id, 'user', o.id, o.id, 'delete' FROM mp_old o;
  ELSE
    INSERT INTO policy_changes (tenant_id, kind, subject_id, user_id, op)
      SELECT n.tenant_id, 'user', n.id, n.id, 'upsert' FROM mp_new n JOIN mp_old o ON o.id = n.id
      WHERE o.status IS DISTINCT FROM n.status OR o.locked IS DISTINCT FROM n.locked OR o.org_id IS DISTINCT FROM n.org_id
        OR o.locked_until IS DISTINCT FROM n.locked_until OR o.effective_date IS DISTINCT FROM n.effective_date
        OR o.expiry_date IS DISTINCT FROM n.expiry_date OR o.username IS DISTINCT FROM n.username
        OR o.tenant_id IS DISTINCT FROM n.tenant_id;
    -- A user moved to another tenant is gone from the old one.
    INSERT INTO policy_changes (tenant_id, kind, subject_id, user_id, op)
      SELECT o.tenant_id, 'user', o.id, o.id, 'delete' FROM mp_new n JOIN mp_old o ON o.id = n.id WHERE o.tenant_id IS DISTINCT FROM n.tenant_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_policy_identity_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (tenant_id, kind, subject_id, user_id, op)
    SELECT DISTINCT r.tenant_id, 'user', r.user_id, r.user_id, 'upsert' FROM mp_rows r;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_identities_policy_ins AFTER INSERT ON user_identities REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_identity_change();--> statement-breakpoint
CREATE TRIGGER user_identities_policy_upd AFTER UPDATE ON user_identities REFERENCING NEW TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_identity_change();--> statement-breakpoint
CREATE TRIGGER user_identities_policy_del AFTER DELETE ON user_identities REFERENCING OLD TABLE AS mp_rows FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_identity_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_policy_tenant_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (tenant_id, kind, subject_id, op)
    SELECT n.id, 'subscription', n.id, 'upsert' FROM mp_new n JOIN mp_old o ON o.id = n.id
    WHERE o.status IS DISTINCT FROM n.status OR o.code IS DISTINCT FROM n.code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_policy_upd AFTER UPDATE ON tenants REFERENCING OLD TABLE AS mp_old NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_tenant_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_policy_grant_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (product_id, tenant_id, kind, subject_id, role_id, op)
    SELECT DISTINCT coalesce(m.product_id, c.product_id, a.product_id), g.tenant_id, 'grant', g.role_id, g.role_id, 'upsert'
    FROM (SELECT tenant_id, role_id, kind, data_id FROM mp_rows) g
    LEFT JOIN app_menus m ON g.kind = 'appmenu' AND m.id = g.data_id
    LEFT JOIN app_page_nodes c ON g.kind = 'appcontrol' AND c.id = g.data_id
    LEFT JOIN app_apis a ON g.kind = 'appapi' AND a.id = g.data_id
    WHERE g.kind IN ('appmenu', 'appcontrol', 'appapi', 'org', 'orgtype');
  RETURN NULL;
END $$;
