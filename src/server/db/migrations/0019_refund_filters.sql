-- Issue 17 'Staff review': the Reintegros list filters by document (exact), the claims' country
-- (exact) and coverage (contains); each gets an index (house rule: contains filters use trigram
-- indexes), so a filter never reads every refund or claim.
CREATE INDEX IF NOT EXISTS "refunds_doc_number_idx" ON "refunds" USING btree ("doc_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_claims_country_idx" ON "refund_claims" USING btree ("sinister_country","refund_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_claims_coverage_name_trgm" ON "refund_claims" USING gin ("coverage_name" gin_trgm_ops) WITH (fastupdate=false);
