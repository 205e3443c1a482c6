-- The platform's user list across tenants (issue 17 "Platform user list on PostgreSQL"; docs/benchmarks.md
-- "User list"): without a tenant filter every users index starts with tenant_id, so the first page (newest
-- first, the id breaking ties: users.query.ts orderOf) sorted all users of every tenant, and a keyword or a
-- sort by user name scanned them. These serve the page in index order and stop after it.
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX "users_username_lc_id_idx" ON "users" USING btree ("username_lc", "id");--> statement-breakpoint
CREATE INDEX "users_email_lc_idx" ON "users" USING btree ("email_lc");--> statement-breakpoint
CREATE INDEX "users_employee_name_lc_idx" ON "users" USING btree ("employee_name_lc");--> statement-breakpoint
CREATE INDEX "users_employee_code_idx" ON "users" USING btree ("employee_code");--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");--> statement-breakpoint
-- A user's identities by user (sign-in, session, OpenID claims: user_identities' key starts with the tenant).
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");
