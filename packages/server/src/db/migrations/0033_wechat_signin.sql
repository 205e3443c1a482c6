-- WeChat QR sign-in tickets (issue 18 "WeChat sign-in"; docs/wechat-signin.md). Platform-level (no tenant,
-- no row-level security) like sessions and captchas; secrets only as SHA-256 hashes; rows live minutes.
CREATE TABLE "wechat_login_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"state_hash" text NOT NULL,
	"config_id" text NOT NULL,
	"wx_type" smallint NOT NULL,
	"tenant_hint" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"wx_account" text,
	"error" jsonb,
	"bind_failures" integer DEFAULT 0 NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_login_tickets_ticket_uq" ON "wechat_login_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_login_tickets_state_uq" ON "wechat_login_tickets" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "wechat_login_tickets_expires_idx" ON "wechat_login_tickets" USING btree ("expires_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "wechat_login_tickets" TO mp_app;
