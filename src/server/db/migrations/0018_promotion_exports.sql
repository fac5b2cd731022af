-- Issue 14 (SPEC §7 'Promotions': CHECK_EXPORT_VOUCHERS / CHECK_EXPORT_OFFICES): the promotion a voucher
-- was sold under, as a real reference beside the promotion_long_name text. The column is nullable and has
-- no default, so adding it only changes the catalogue (no row is rewritten, instant on a million vouchers);
-- the foreign key's check reads the column once (all null). The index serves the voucher list's
-- `promotion` filter read by keyset on id (the promotion's voucher export).
ALTER TABLE "vouchers" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouchers_promotion_id_idx" ON "vouchers" USING btree ("promotion_id","id");
