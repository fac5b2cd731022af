-- Issue 11 'a list page never sorts the whole table': every column a user may order the
-- million-row lists by (Pasajeros, Reservas, Vouchers) has an index in the order the engine asks
-- for — the column (its Spanish sort key for text, issue 18), then id in the same direction — so
-- the first page of any ordering walks an index, forwards or backwards, instead of sorting.
CREATE INDEX IF NOT EXISTS "pax_email_es_idx" ON "pax" USING btree ((es_sort_key("email") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pax_doc_type_es_idx" ON "pax" USING btree ((es_sort_key("doc_type") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pax_birth_date_id_idx" ON "pax" USING btree ("birth_date","id");--> statement-breakpoint
-- (status, id) and (date_in, id) serve what the single-column indexes served.
DROP INDEX IF EXISTS "reservations_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "reservations_date_in_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_status_id_idx" ON "reservations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_date_in_id_idx" ON "reservations" USING btree ("date_in","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_date_emision_id_idx" ON "reservations" USING btree ("date_emision","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_total_price_id_idx" ON "reservations" USING btree ("total_price","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_final_price_id_idx" ON "vouchers" USING btree ("final_price","id");
