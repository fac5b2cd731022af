-- Issue 40 'Lists': every column of a list sorts on the server. The columns of the large tables
-- that sort by their own value get an index in the order the engine asks for (the column, its
-- Spanish sort key for text, then id in the same direction), as migration 0023 did, so the first
-- page of such an ordering walks an index forwards or backwards instead of sorting the table.
-- Plain CREATE INDEX: the migrator runs each migration in a transaction (no CONCURRENTLY).
CREATE INDEX IF NOT EXISTS "reservations_payment_method_es_idx" ON "reservations" USING btree ((es_sort_key("payment_method") COLLATE "C"),"id");--> statement-breakpoint
-- (reservation_id, id) serves what the single-column index served (a reservation's vouchers).
DROP INDEX IF EXISTS "vouchers_reservation_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_reservation_id_idx" ON "vouchers" USING btree ("reservation_id","id");--> statement-breakpoint
-- Reintegros: every column (id is the primary key; the default order is -created_at).
DROP INDEX IF EXISTS "refunds_voucher_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_voucher_id_idx" ON "refunds" USING btree ("voucher_id","id");--> statement-breakpoint
DROP INDEX IF EXISTS "refunds_created_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_created_at_id_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_name_es_idx" ON "refunds" USING btree ((es_sort_key("name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_doc_number_es_idx" ON "refunds" USING btree ((es_sort_key("doc_number") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_status_es_idx" ON "refunds" USING btree ((es_sort_key("status") COLLATE "C"),"id");
