CREATE INDEX "sessions_state_created_idx" ON "sessions" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "sessions_tenant_state_created_idx" ON "sessions" USING btree ("tenant_id","state","created_at");--> statement-breakpoint
CREATE INDEX "product_admins_user_idx" ON "product_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");