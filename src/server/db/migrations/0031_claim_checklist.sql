-- Issue 30 §3: the claim's document checklist. Each claim receipt remembers the item (one of the
-- coverage's required documents, by name as the traveller saw it) it was added under; null for
-- files sent before the checklist or under 'Otros documentos'. The items a traveller marked
-- 'No lo tengo' are kept with the reason, one row per claim and item.
ALTER TABLE "refund_files" ADD COLUMN IF NOT EXISTS "item" varchar(255);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "refund_claim_missing_items" (
  "id" serial PRIMARY KEY NOT NULL,
  "claim_id" integer NOT NULL REFERENCES "refund_claims"("id") ON DELETE CASCADE,
  "item" varchar(255) NOT NULL,
  "reason" varchar(200) NOT NULL,
  CONSTRAINT "refund_claim_missing_items_reason_check" CHECK (length(btrim("reason")) > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refund_claim_missing_items_claim_item_key" ON "refund_claim_missing_items" ("claim_id", "item");
