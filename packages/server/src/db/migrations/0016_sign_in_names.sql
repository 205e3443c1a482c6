CREATE TABLE "sign_in_names" (
	"name" text NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sign_in_names_pk" PRIMARY KEY("tenant_id","name")
);
--> statement-breakpoint
ALTER TABLE "sign_in_names" ADD CONSTRAINT "sign_in_names_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_names" ADD CONSTRAINT "sign_in_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_names_name_uq" ON "sign_in_names" USING btree ("name") WHERE not "sign_in_names"."shared";--> statement-breakpoint
CREATE INDEX "sign_in_names_name_idx" ON "sign_in_names" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sign_in_names_user_idx" ON "sign_in_names" USING btree ("user_id");--> statement-breakpoint
-- One account per sign-in name (docs/login.md "One account per sign-in name"; issue 12). The user name,
-- mobile and e-mail of every user, lower-cased and trimmed, share one namespace across tenants: a row
-- here per distinct name of a user (a user whose user name equals its own mobile has one row).
-- Row-level security as on users; the triggers and mp_sign_in_name_holders run as the owner
-- (SECURITY DEFINER) because a name must be free in every tenant, not only in the caller's.
ALTER TABLE sign_in_names ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sign_in_names USING (mp_tenant_visible(tenant_id)) WITH CHECK (mp_tenant_visible(tenant_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sign_in_names TO mp_app;
--> statement-breakpoint
-- The sign-in names of one user: (kind, name), kind 'username' | 'mobile' | 'email', one row per name.
CREATE OR REPLACE FUNCTION mp_sign_in_names_of(username text, mobile text, email text) RETURNS TABLE (kind text, name text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT ON (v.name) v.kind, v.name
  FROM (VALUES ('username', 1, lower(btrim(username))), ('mobile', 2, lower(btrim(mobile))), ('email', 3, lower(btrim(email)))) AS v(kind, ord, name)
  WHERE v.name IS NOT NULL AND v.name <> ''
  ORDER BY v.name, v.ord
$$;
--> statement-breakpoint
-- Who holds these names (any tenant), for the services' pre-check; tells the server only user ids.
CREATE OR REPLACE FUNCTION mp_sign_in_name_holders(names text[]) RETURNS TABLE (name text, user_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT s.name, s.user_id FROM sign_in_names s WHERE s.name = ANY (names)
$$;
--> statement-breakpoint
-- New users (one statement may insert thousands: an import): refuse a name another account holds with
-- a unique violation naming the field ('sign_in_names_username_uq' | '_mobile_uq' | '_email_uq', which
-- the services map to their localised "already in use"), then record the names. Two simultaneous
-- writers of one name: the second meets sign_in_names_name_uq.
CREATE OR REPLACE FUNCTION mp_sign_in_names_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE clash text;
BEGIN
  SELECT n.kind INTO clash FROM mp_new_users u CROSS JOIN LATERAL mp_sign_in_names_of(u.username, u.mobile, u.email) n
    JOIN sign_in_names s ON s.name = n.name AND s.user_id <> u.id LIMIT 1;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'a sign-in name (%) of the new user is held by another account', clash
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'sign_in_names_' || clash || '_uq';
  END IF;
  INSERT INTO sign_in_names (name, tenant_id, user_id)
    SELECT n.name, u.tenant_id, u.id FROM mp_new_users u CROSS JOIN LATERAL mp_sign_in_names_of(u.username, u.mobile, u.email) n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_sign_in_names_insert AFTER INSERT ON users REFERENCING NEW TABLE AS mp_new_users
  FOR EACH STATEMENT EXECUTE FUNCTION mp_sign_in_names_insert();
--> statement-breakpoint
-- A changed user name, mobile or e-mail: names the user no longer has are freed, names it keeps keep
-- their row (a `shared` one stays shared), new ones must be free in every tenant.
CREATE OR REPLACE FUNCTION mp_sign_in_names_update() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE clash text;
BEGIN
  DELETE FROM sign_in_names s WHERE s.user_id = NEW.id
    AND NOT EXISTS (SELECT 1 FROM mp_sign_in_names_of(NEW.username, NEW.mobile, NEW.email) n WHERE n.name = s.name);
  SELECT n.kind INTO clash FROM mp_sign_in_names_of(NEW.username, NEW.mobile, NEW.email) n
    JOIN sign_in_names s ON s.name = n.name AND s.user_id <> NEW.id
    WHERE NOT EXISTS (SELECT 1 FROM sign_in_names o WHERE o.user_id = NEW.id AND o.name = n.name) LIMIT 1;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'a sign-in name (%) of the user is held by another account', clash
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'sign_in_names_' || clash || '_uq';
  END IF;
  INSERT INTO sign_in_names (name, tenant_id, user_id)
    SELECT n.name, NEW.tenant_id, NEW.id FROM mp_sign_in_names_of(NEW.username, NEW.mobile, NEW.email) n
    WHERE NOT EXISTS (SELECT 1 FROM sign_in_names o WHERE o.user_id = NEW.id AND o.name = n.name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_sign_in_names_update AFTER UPDATE OF username, mobile, email ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.mobile IS DISTINCT FROM NEW.mobile OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION mp_sign_in_names_update();
--> statement-breakpoint
-- Existing data. A name held by several accounts (possible until now: names were unique per tenant
-- only) is not an error and no account loses its sign-in: the holder in the built-in tenant 'sys'
-- keeps it (the default console found that one first until now), else a holder by its user name
-- (every account keeps its own user name), else the oldest account (created_at, then id); that holder
-- signs in with it from anywhere. Every other holder keeps it as `shared`: it signs in with it only
-- naming its tenant (TENANTID / the console's #tenant_id=<code>), and keeps its other names. Inside one
-- tenant the same order picks one holder (a user name beats another user's equal mobile). An
-- administrator ends the sharing by changing the name (docs/login.md lists the query).
WITH names AS (
  SELECT u.id AS user_id, u.tenant_id, u.created_at, n.kind, n.name
  FROM users u CROSS JOIN LATERAL mp_sign_in_names_of(u.username, u.mobile, u.email) n
), ranked AS (
  SELECT names.*,
    row_number() OVER (PARTITION BY name ORDER BY (tenant_id = 'sys') DESC, (kind = 'username') DESC, created_at, user_id) AS overall,
    row_number() OVER (PARTITION BY name, tenant_id ORDER BY (kind = 'username') DESC, created_at, user_id) AS in_tenant
  FROM names
)
INSERT INTO sign_in_names (name, tenant_id, user_id, shared)
  SELECT name, tenant_id, user_id, overall > 1 FROM ranked WHERE in_tenant = 1;
