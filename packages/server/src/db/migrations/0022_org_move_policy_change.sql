-- An organisation moved in its tree (its materialised path changed, also for the subtree the move
-- carries) can take users into or out of an application's root organisations (issue 15, isAppUser) and
-- changes data scopes: log it for the tenant (docs/applications.md "Change log"; kind 'subscription',
-- product null: every application of the tenant), one row per statement's tenant.
CREATE OR REPLACE FUNCTION mp_policy_org_move_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO policy_changes (tenant_id, kind, subject_id, op)
    SELECT DISTINCT n.tenant_id, 'subscription', n.tenant_id, 'upsert' FROM mp_new n JOIN mp_old o ON o.id = n.id WHERE o.path IS DISTINCT FROM n.path;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisations_policy_move AFTER UPDATE ON organisations REFERENCING OLD TABLE AS mp_old NEW TABLE AS mp_new FOR EACH STATEMENT EXECUTE FUNCTION mp_policy_org_move_change();
