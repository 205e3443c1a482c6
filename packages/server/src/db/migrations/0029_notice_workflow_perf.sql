-- The workflow badge and "my task" at scale (issue 17 "Tests and figures"; docs/benchmarks.md "Workflow").
-- The task count tested every pending manager step of the caller's role numbers (10,000 in the bench) against
-- a hashed set of the organisations in the caller's data scope. `org_path` is the path of the request's
-- organisation (`org_id`, fixed at submission), kept by triggers: set on insert and when org_id changes,
-- rewritten when the organisation moves (its path changes, also as part of a moved subtree), emptied when it is
-- deleted. With it in the manager index, a scope made of subtrees is a few index ranges over the requests it
-- covers (workflow.repository.ts managerTasks); the admin index carries requester_id and tenant_id (read by the
-- row-level security policy) so the administrator part is an index-only scan.
ALTER TABLE "wf_requests" ADD COLUMN "org_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "wf_requests" r SET "org_path" = o."path" FROM "organisations" o WHERE o."id" = r."org_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_wf_request_org_path() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  NEW.org_path := coalesce((SELECT o.path FROM organisations o WHERE o.id = NEW.org_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER wf_requests_org_path BEFORE INSERT OR UPDATE OF org_id ON wf_requests
  FOR EACH ROW EXECUTE FUNCTION mp_wf_request_org_path();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_wf_org_moved() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE wf_requests SET org_path = CASE WHEN TG_OP = 'DELETE' THEN '' ELSE NEW.path END
    WHERE org_id = OLD.id AND status = 'pending';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisations_wf_path AFTER UPDATE ON organisations
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION mp_wf_org_moved();
--> statement-breakpoint
CREATE TRIGGER organisations_wf_delete AFTER DELETE ON organisations
  FOR EACH ROW EXECUTE FUNCTION mp_wf_org_moved();
--> statement-breakpoint
CREATE INDEX "wf_requests_pending_org_idx" ON "wf_requests" USING btree ("org_id") WHERE "status" = 'pending';--> statement-breakpoint
DROP INDEX IF EXISTS "wf_requests_manager_idx";--> statement-breakpoint
CREATE INDEX "wf_requests_manager_idx" ON "wf_requests" USING btree ("tenant_id", "step_role", "org_path" text_pattern_ops) INCLUDE ("org_id", "requester_id") WHERE "status" = 'pending' AND "step_kind" = 'manager';--> statement-breakpoint
DROP INDEX IF EXISTS "wf_requests_admin_idx";--> statement-breakpoint
CREATE INDEX "wf_requests_admin_idx" ON "wf_requests" USING btree ("product_id") INCLUDE ("requester_id", "tenant_id") WHERE "status" = 'pending' AND "step_kind" = 'appAdmin';
