-- Approval workflow (issue 16 "Workflow: approvals"; SPEC §1 my task, process initiated, my handled, handle
-- pending; §8 'process error or inaccessible process'; docs/workflow.md). A request (`wf_requests`) asks for an
-- application (kind 'app': on final approval a row of app_user_grants) or an application role (kind 'approle':
-- a row of app_role_users). Its steps are the application's process (`wf_processes`, default: the
-- application's administrators) copied at submission; `current_step` indexes them. `wf_actions` is the step
-- history (submit, approve, reject, withdraw, reroute, close). Requests and actions belong to the requester's
-- tenant (row-level security as the other tenant tables); processes are platform rows of an application.
-- `org_id`: the requester's affiliated organisation when submitting — its managers approve manager steps.
-- `step_kind` / `step_role`: the current step's kind and (lower-case) approver role number, kept with every move.
CREATE TABLE "wf_processes" (
	"product_id" text PRIMARY KEY NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_processes" ADD CONSTRAINT "wf_processes_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
CREATE TABLE "wf_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"org_id" text,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"steps" jsonb NOT NULL,
	"current_step" smallint DEFAULT 0 NOT NULL,
	"step_kind" text DEFAULT '' NOT NULL,
	"step_role" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "wf_requests_kind_ck" CHECK ("kind" IN ('app', 'approle')),
	CONSTRAINT "wf_requests_status_ck" CHECK ("status" IN ('pending', 'approved', 'rejected', 'withdrawn', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "wf_requests" ADD CONSTRAINT "wf_requests_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "wf_requests" ADD CONSTRAINT "wf_requests_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "wf_requests" ADD CONSTRAINT "wf_requests_requester_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "wf_requests_requester_idx" ON "wf_requests" USING btree ("requester_id", "created_at");--> statement-breakpoint
CREATE INDEX "wf_requests_product_idx" ON "wf_requests" USING btree ("product_id", "status", "created_at");--> statement-breakpoint
-- the task lists and counts: pending manager steps by tenant and approver role, pending administrator steps by application
CREATE INDEX "wf_requests_manager_idx" ON "wf_requests" USING btree ("tenant_id", "step_role") WHERE "status" = 'pending' AND "step_kind" = 'manager';--> statement-breakpoint
CREATE INDEX "wf_requests_admin_idx" ON "wf_requests" USING btree ("product_id") WHERE "status" = 'pending' AND "step_kind" = 'appAdmin';--> statement-breakpoint
-- one open request per requester and target: a second submission is refused (workflow.duplicate)
CREATE UNIQUE INDEX "wf_requests_open_uq" ON "wf_requests" USING btree ("requester_id", "kind", "target_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE TABLE "wf_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"step" smallint NOT NULL,
	"action" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wf_actions_action_ck" CHECK ("action" IN ('submit', 'approve', 'reject', 'withdraw', 'reroute', 'close'))
);
--> statement-breakpoint
ALTER TABLE "wf_actions" ADD CONSTRAINT "wf_actions_request_fk" FOREIGN KEY ("request_id") REFERENCES "public"."wf_requests"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "wf_actions_request_idx" ON "wf_actions" USING btree ("request_id", "created_at");--> statement-breakpoint
CREATE INDEX "wf_actions_actor_idx" ON "wf_actions" USING btree ("actor_id", "created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON wf_processes, wf_requests, wf_actions TO mp_app;--> statement-breakpoint
ALTER TABLE wf_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON wf_requests USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));--> statement-breakpoint
ALTER TABLE wf_actions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON wf_actions USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
