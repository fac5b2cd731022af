-- Reservas y Vouchers (issue 15): Agencia's provider filter (SPEC §6), the terms acceptance,
-- and the indexes the lists at a million rows need (office scope, status filter, product contains).
ALTER TABLE "vouchers" ADD COLUMN IF NOT EXISTS "voucher_filter_proveedor" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN IF NOT EXISTS "conditions_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_office_idx" ON "reservations" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_status_id_idx" ON "vouchers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_product_idx" ON "vouchers" USING btree ("product_id");
