-- Notices (issue 16 "Notices"; SPEC §1 notice details, §2 App notice; docs/notices.md). An application's
-- announcements are platform-level rows of a product (the application area works across the tenants that
-- use it; every statement filters by product_id):
-- * notices: title, sanitised rich-text body, status 0 draft / 1 published / 2 withdrawn, publish time
--   (a published notice whose publish_at is still ahead shows as "scheduled"), expiry, pinned, author.
-- * notice_targets: the audience, evaluated in SQL at read time (never copied per user): kind 'tenant'
--   (every application user of the tenant), 'org' (the organisation only), 'orgtree' (with its
--   sub-organisations), 'role' (a tenant role), 'approle' (an application role), 'user'. While the notice is
--   published each row carries its publish time (live_from), expiry (live_until) and pinned flag, written by
--   the status moves (modules/notices/notices.service.ts), so "which live notices name one of my keys" is an
--   index-only scan of the partial index notice_targets_live_idx, without visiting the notices.
-- * notice_files: the uploaded images a notice body shows (the notice image route serves only these).
-- * notice_reads: who opened which notice (once; primary key), tenant-bound with row-level security.
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"title_lc" text GENERATED ALWAYS AS (lower("title")) STORED,
	"body" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"author_id" text DEFAULT '' NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_status_ck" CHECK ("status" IN (0, 1, 2)),
	CONSTRAINT "notices_published_time_ck" CHECK ("status" <> 1 OR "publish_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "notices_product_updated_idx" ON "notices" USING btree ("product_id", "updated_at");--> statement-breakpoint
CREATE INDEX "notices_product_title_idx" ON "notices" USING gin ("title_lc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notices_live_idx" ON "notices" USING btree ("product_id", "pinned", "publish_at") WHERE "status" = 1;--> statement-breakpoint
CREATE TABLE "notice_targets" (
	"notice_id" text NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"tenant_id" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"live_from" timestamp with time zone,
	"live_until" timestamp with time zone,
	CONSTRAINT "notice_targets_pk" PRIMARY KEY("notice_id","kind","target_id"),
	CONSTRAINT "notice_targets_kind_ck" CHECK ("kind" IN ('tenant', 'org', 'orgtree', 'role', 'approle', 'user'))
);
--> statement-breakpoint
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_notice_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "notice_targets_live_idx" ON "notice_targets" USING btree ("kind", "target_id") INCLUDE ("notice_id", "product_id", "pinned", "live_from", "live_until") WHERE "live_from" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "notice_files" (
	"notice_id" text NOT NULL,
	"file_id" text NOT NULL,
	CONSTRAINT "notice_files_pk" PRIMARY KEY("notice_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "notice_files" ADD CONSTRAINT "notice_files_notice_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "notice_files_file_idx" ON "notice_files" USING btree ("file_id");--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "notice_reads_user_idx" ON "notice_reads" USING btree ("user_id", "notice_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notices, notice_targets, notice_files, notice_reads TO mp_app;
--> statement-breakpoint
ALTER TABLE notice_reads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notice_reads USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
