-- Substring search ("contains", ILIKE '%…%') on the platform lists of tenants and products uses
-- trigram GIN indexes (pg_trgm is a trusted extension: the database owner may create it). These
-- tables have no row-level security, so the planner may use the indexes for ILIKE. Tenant-scoped
-- lists under row-level security search by prefix with leakproof starts_with instead (users.query.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tenants_name_trgm_idx ON tenants USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tenants_code_trgm_idx ON tenants USING gin (code gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS tenants_abbreviation_trgm_idx ON tenants USING gin (abbreviation gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_code_trgm_idx ON products USING gin (code gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_abbreviation_trgm_idx ON products USING gin (abbreviation gin_trgm_ops);
