-- Service accounts (issue 17 "The API as a product", helper S; docs/service-accounts.md).
-- A service account is a users row (the principal every guard, role, data-scope and acting-on rule already
-- understands) plus this credential row: a public key id and the SHA-256 of a 32-byte secret, an optional
-- expiry and the last use. The user row carries the name (employee_name), description and status; it has
-- no identity rows, no password anyone knows, no mobile or e-mail and no organisation.
CREATE TABLE "service_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "service_accounts" ADD CONSTRAINT "service_accounts_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_accounts_key_id_uq" ON "service_accounts" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "service_accounts_tenant_created_idx" ON "service_accounts" USING btree ("tenant_id", "created_at");--> statement-breakpoint
ALTER TABLE service_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_accounts USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON service_accounts TO mp_app;--> statement-breakpoint
-- Never administrator rights: a service account's user may hold no identity (administrator, application
-- administrator, enterprise user, test account), whoever writes the row.
CREATE FUNCTION mp_no_service_account_identity() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM service_accounts s WHERE s.user_id = NEW.user_id) THEN
    RAISE EXCEPTION 'a service account holds no identity' USING ERRCODE = '23514', CONSTRAINT = 'user_identities_service_account_ck';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER user_identities_service_account BEFORE INSERT OR UPDATE ON user_identities FOR EACH ROW EXECUTE FUNCTION mp_no_service_account_identity();
