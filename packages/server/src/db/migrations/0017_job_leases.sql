ALTER TABLE "jobs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("lease_expires_at") WHERE "jobs"."state" IN ('queued', 'validating', 'applying');--> statement-breakpoint
-- Job leases (docs/operations.md "Job leases"; issue 13): a running job's instance renews
-- lease_expires_at by a heartbeat; every instance's sweep ends an unfinished job whose lease expired as
-- 'error' / 'interrupted'. Unfinished jobs from before this migration get a lease that ends 30 s after
-- their last progress, so the first sweep ends those that stopped.
UPDATE "jobs" SET "lease_expires_at" = "updated_at" + interval '30 seconds' WHERE "state" IN ('queued', 'validating', 'applying');
