ALTER TABLE "audit_log" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_action_at_idx" ON "audit_log" USING btree ("tenant_id","action","at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_entity_at_idx" ON "audit_log" USING btree ("tenant_id","entity","at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_user_at_idx" ON "audit_log" USING btree ("tenant_id","user_id","at");--> statement-breakpoint
CREATE INDEX "users_tenant_station_idx" ON "users" USING btree ("tenant_id","station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_tenant_code_uq" ON "stations" USING btree ("tenant_id",lower("code")) WHERE "stations"."code" <> '';