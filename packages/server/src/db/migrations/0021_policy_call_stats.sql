-- Policy-service call counts (issue 15 "Application dashboard"; docs/applications.md "Dashboards"): per
-- application, UTC day and call ('permissions' | 'decision' | 'sync'), the number of calls and of answers with
-- HTTP status >= 400. Written only by plugins/policy-call-stats.ts in batched upserts (counts added, never
-- replaced); read by the application dashboard. Platform-level rows (no tenant, no RLS), always filtered by product.
CREATE TABLE "policy_call_stats" (
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"call" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "policy_call_stats_pk" PRIMARY KEY("product_id","day","call")
);
--> statement-breakpoint
ALTER TABLE "policy_call_stats" ADD CONSTRAINT "policy_call_stats_product_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON policy_call_stats TO mp_app;
