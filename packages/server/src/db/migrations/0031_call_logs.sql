-- Gateway call records (issue 18 "Log and service-call statistics"; docs/call-logs.md). One row per answered
-- call under /gateway, written only by plugins/call-log.ts in multi-row INSERTs (one statement per batch, per
-- instance; never one per request). `api` is the route pattern (`/gateway/…/:id`), `code` the envelope's
-- `scode` ('1' for success), `latency_ms` Fastify's elapsed time. `caller_type` user | client | anonymous:
-- a signed-in user (`caller_id` the user id), a policy-service OIDC client (`caller_id` the client id) or
-- nobody. No foreign keys: a record outlives its tenant, application or user, and writes stay cheap.
-- Deleted after MP_CALL_LOG_RETENTION_DAYS by the sweep (modules/calllogs/calllogs.retention.ts).
-- Row-level security like audit_log: a tenant-scope query sees only its tenant's rows.
CREATE TABLE "call_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"tenant_id" text,
	"product_id" text,
	"method" text NOT NULL,
	"api" text NOT NULL,
	"status" smallint NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"latency_ms" real NOT NULL,
	"caller_type" text NOT NULL,
	"caller_id" text DEFAULT '' NOT NULL,
	"caller_name" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
-- The platform screens and the retention sweep: a time range over everything. Rows arrive in time order, so a
-- BRIN index (a summary per block range) serves the range at a fraction of a b-tree's cost per insert. No primary
-- key either (`id` only orders rows of the same instant): every index is paid by every recorded call.
CREATE INDEX "call_logs_at_idx" ON "call_logs" USING brin ("at");--> statement-breakpoint
-- The tenant administrator's screens: one tenant, a time range.
CREATE INDEX "call_logs_tenant_at_idx" ON "call_logs" ("tenant_id", "at");--> statement-breakpoint
-- The application administrator's screens: one application, a time range. Partial: most calls belong to no
-- application, and they cost this index nothing.
CREATE INDEX "call_logs_product_at_idx" ON "call_logs" ("product_id", "at") WHERE "product_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "call_logs" USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "call_logs" TO mp_app;
