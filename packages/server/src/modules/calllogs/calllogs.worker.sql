-- The schema of the call-record database of the worker store (calllogs.worker.ts; docs/call-logs.md "Where the
-- records live"): the SAME tables and columns as migrations 0031_call_logs.sql and 0034_call_log_rollup.sql of the
-- main database, and the same indexes but two: call_logs keeps only its BRIN index on "at" here. The two B-tree
-- indexes of the main database (tenant, at) and (application, at) cost more than half of a COPY's CPU per row on
-- the embedded database (docs/benchmarks.md "Call logs"); without them a tenant's or an application's log page
-- reads the date range through the BRIN index (the worker keeps it summarised: db/embedded-maintenance.ts).
-- Applied by the worker whenever calllog_schema holds an older version, idempotently (IF [NOT] EXISTS); version 2
-- dropped the two B-tree indexes of version 1 and cached the identity's values. No row-level security here: this
-- database holds nothing but call records, and every query of the worker filters by the view's tenant /
-- application in SQL (docs/security.md "Call records"). The role mp_app exists because the shared query code
-- (db/context.ts inScope) sets it in each transaction.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mp_app') THEN
    CREATE ROLE mp_app NOLOGIN;
  END IF;
END
$$;
GRANT USAGE ON SCHEMA public TO mp_app;
CREATE TABLE IF NOT EXISTS "call_logs" (
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
CREATE INDEX IF NOT EXISTS "call_logs_at_idx" ON "call_logs" USING brin ("at");
DROP INDEX IF EXISTS "call_logs_tenant_at_idx";
DROP INDEX IF EXISTS "call_logs_product_at_idx";
-- the identity's sequence hands out 1,000 values at a time instead of one (≈ 15 % less CPU per recorded row; a restart
-- leaves a gap in "id", which only orders the records of one instant)
ALTER TABLE "call_logs" ALTER COLUMN "id" SET CACHE 1000;
GRANT SELECT, INSERT, UPDATE, DELETE ON "call_logs" TO mp_app;
CREATE TABLE IF NOT EXISTS "call_log_hours" (
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
CREATE INDEX IF NOT EXISTS "call_log_hours_hour_idx" ON "call_log_hours" ("hour");
CREATE INDEX IF NOT EXISTS "call_log_hours_tenant_hour_idx" ON "call_log_hours" ("tenant_id", "hour");
CREATE INDEX IF NOT EXISTS "call_log_hours_product_hour_idx" ON "call_log_hours" ("product_id", "hour") WHERE "product_id" IS NOT NULL;
GRANT SELECT, INSERT, DELETE ON "call_log_hours" TO mp_app;
CREATE TABLE IF NOT EXISTS "call_log_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"start_hour" timestamp with time zone NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
GRANT SELECT, INSERT, UPDATE ON "call_log_rollup_state" TO mp_app;
CREATE TABLE IF NOT EXISTS "calllog_schema" ("id" smallint PRIMARY KEY CHECK ("id" = 1), "version" integer NOT NULL);
