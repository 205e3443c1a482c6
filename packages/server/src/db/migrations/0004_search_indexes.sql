ALTER TABLE "users" ADD COLUMN "username_lc" text GENERATED ALWAYS AS (lower(username)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_lc" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employee_name_lc" text GENERATED ALWAYS AS (lower(employee_name)) STORED;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "users_tenant_username_lc_idx" ON "users" USING btree ("tenant_id","username_lc");--> statement-breakpoint
CREATE INDEX "users_tenant_email_lc_idx" ON "users" USING btree ("tenant_id","email_lc");--> statement-breakpoint
CREATE INDEX "users_tenant_employee_name_lc_idx" ON "users" USING btree ("tenant_id","employee_name_lc");--> statement-breakpoint
CREATE INDEX "roles_tenant_created_idx" ON "roles" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "roles_tenant_updated_idx" ON "roles" USING btree ("tenant_id","updated_at");