-- Hourly rollup of the gateway call records (issue 18 "Log and service-call statistics"; docs/call-logs.md
-- "Hourly rollup"). One row per closed UTC hour × tenant × application × method × API pattern × status class
-- (status / 100) with the calls, failed calls, the latency sum (ms) and a latency histogram: `lat_idx[i]` is a
-- bucket of a logarithmic scale (bucket k holds latencies in (γ^(k-1), γ^k] ms, γ = 1.02 / 0.98, so any latency
-- read back from its bucket is within 2 % of the true one; -32768 holds latencies of 0 ms) and `lat_n[i]` its
-- count; sorted by `lat_idx`, only occupied buckets. Written only by modules/calllogs/calllogs.rollup.ts, which
-- replaces whole hours (delete + insert of an hour range and the watermark, in one transaction under an advisory
-- lock: a run interrupted halfway leaves nothing, a rerun writes the same rows). Read by the statistics calls for
-- the whole rolled hours of their window, the raw rows for the partial edges. Deleted with the raw rows by the
-- retention sweep (an hour once it ended before the cut-off).
CREATE TABLE "call_log_hours" (
	"hour" timestamp with time zone NOT NULL,
	"tenant_id" text,
	"product_id" text,
	"method" text NOT NULL,
	"api" text NOT NULL,
	"status_class" smallint NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	"latency_sum" double precision NOT NULL,
	"lat_idx" smallint[] NOT NULL,
	"lat_n" integer[] NOT NULL
);
--> statement-breakpoint
-- Platform statistics and the rollup's hour replacement: a range of hours.
CREATE INDEX "call_log_hours_hour_idx" ON "call_log_hours" ("hour");--> statement-breakpoint
-- A tenant administrator's statistics: one tenant, a range of hours.
CREATE INDEX "call_log_hours_tenant_hour_idx" ON "call_log_hours" ("tenant_id", "hour");--> statement-breakpoint
-- An application administrator's statistics: one application, a range of hours.
CREATE INDEX "call_log_hours_product_hour_idx" ON "call_log_hours" ("product_id", "hour") WHERE "product_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "call_log_hours" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "call_log_hours" USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "call_log_hours" TO mp_app;--> statement-breakpoint
-- The rolled range [start_hour, watermark): every hour in it is in call_log_hours (an hour without calls has no
-- row). One row (id 1), created by the first rollup run. Platform bookkeeping, no tenant data.
CREATE TABLE "call_log_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"start_hour" timestamp with time zone NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "call_log_rollup_state" TO mp_app;
