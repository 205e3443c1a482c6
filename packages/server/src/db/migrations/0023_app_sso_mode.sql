-- How My apps opens an application (issue 15; docs/users.md "Opening an application"):
-- 1 = OpenID Connect third-party-initiated login (the callback address is the login initiation URI),
-- 2 = the console's SSO query: the callback address gets `ssotoken=<single-use ticket>&username=…`
--     and the application's server exchanges the ticket (client-authenticated) for the user.
ALTER TABLE products ADD COLUMN sso_mode smallint NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_sso_mode_ck CHECK (sso_mode IN (1, 2));
--> statement-breakpoint
-- The audience of a single-use ticket: the product an application ticket was issued for ('' otherwise).
ALTER TABLE one_time_codes ADD COLUMN audience text NOT NULL DEFAULT '';
