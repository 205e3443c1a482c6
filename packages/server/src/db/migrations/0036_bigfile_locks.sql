-- Big files on several instances (issue 18; docs/bigfile.md "Several instances"). Platform-level, no tenant.
-- bigfile_locks: tus's per-upload lock shared by every instance (modules/bigfiles/bigfiles.locker.ts). A row is a
-- lease: `holder` (a random token of the holding request) owns upload `id` until `expires_at`, which the holding
-- instance pushes forward every second; a crashed holder stops doing so and its lease runs out. A request that
-- wants the lock sets `release_requested`; the holder sees it at its next renewal and ends its request (tus's
-- request-release). All times are the database's clock (now()), never an instance's.
CREATE TABLE "bigfile_locks" (
	"id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"release_requested" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- bigfile_reservations: the declared size of every upload created in the last minutes, whatever instance created
-- it, so the quota check counts creations another instance made before their record shows in the shared folder.
-- Written under a transaction-level advisory lock (one creation checks at a time across instances); an upload is
-- counted once, from its record when the folder shows it, else from its reservation.
CREATE TABLE "bigfile_reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bigfile_locks_holder_idx" ON "bigfile_locks" USING btree ("holder");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON bigfile_locks TO mp_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON bigfile_reservations TO mp_app;
