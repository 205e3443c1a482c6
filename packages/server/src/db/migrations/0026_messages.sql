-- Message templates, messages and deliveries (issue 16, part M; docs/messages.md).
-- message_templates and messages are platform-level rows of an application (product_id; the application area
-- filters by it, as app_menus). message_deliveries is tenant-bound (tenant_id + row-level security): one row per
-- recipient and channel, and the in-site inbox ("my message") is its in-site rows. user_languages records the
-- console language a user last used, so a template is rendered in the recipient's language.
CREATE TABLE "message_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"contents" jsonb NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_channel_ck" CHECK ("channel" IN ('insite', 'email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_code_uq" ON "message_templates" USING btree ("product_id", lower("code"));--> statement-breakpoint
CREATE INDEX "message_templates_product_updated_idx" ON "message_templates" USING btree ("product_id", "updated_at");--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"template_id" text,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"contents" jsonb NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"language" text DEFAULT 'ZH_CN' NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expanded_at" timestamp with time zone,
	CONSTRAINT "messages_channel_ck" CHECK ("channel" IN ('insite', 'email', 'sms')),
	CONSTRAINT "messages_status_ck" CHECK ("status" IN ('scheduled', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_template_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX "messages_product_created_idx" ON "messages" USING btree ("product_id", "created_at");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("send_at") WHERE "status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "messages_template_idx" ON "messages" USING btree ("template_id") WHERE "status" = 'scheduled';--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text,
	"product_id" text,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'ZH_CN' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"source_kind" text DEFAULT 'message' NOT NULL,
	"source_id" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_deliveries_channel_ck" CHECK ("channel" IN ('insite', 'email', 'sms')),
	CONSTRAINT "message_deliveries_status_ck" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'read'))
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
CREATE INDEX "message_deliveries_message_idx" ON "message_deliveries" USING btree ("message_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "message_deliveries_inbox_idx" ON "message_deliveries" USING btree ("tenant_id", "user_id", "created_at") WHERE "channel" = 'insite';--> statement-breakpoint
CREATE INDEX "message_deliveries_unread_idx" ON "message_deliveries" USING btree ("tenant_id", "user_id") WHERE "channel" = 'insite' AND "status" = 'sent';--> statement-breakpoint
CREATE INDEX "message_deliveries_queue_idx" ON "message_deliveries" USING btree ("created_at") WHERE "status" IN ('pending', 'sending');--> statement-breakpoint
ALTER TABLE message_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON message_deliveries USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
CREATE TABLE "user_languages" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_languages" ADD CONSTRAINT "user_languages_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE user_languages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_languages USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON message_templates, messages, message_deliveries, user_languages TO mp_app;
