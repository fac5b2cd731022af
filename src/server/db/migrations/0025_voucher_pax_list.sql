-- The voucher's travellers as a copy on the voucher (issue 15): a list page of 25 vouchers read
-- them by building a JSON array from voucher_passengers and pax for each row, half of the page's
-- database time at a million vouchers. The copy is kept by statement-level triggers (one
-- set-based update per statement, so a bulk load of links updates its vouchers once) on
-- voucher_passengers (a traveller added to or removed from a voucher) and pax (a traveller's
-- data edited), in the writing transaction: a reader never sees it out of step.
ALTER TABLE "vouchers" ADD COLUMN IF NOT EXISTS "pax_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A traveller as a voucher's answer shows it (the contract's VoucherPax).
CREATE OR REPLACE FUNCTION "voucher_traveller"(p "pax") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', p."id", 'name', p."name", 'surname', p."surname",
    'phone', p."phone", 'doc_type', p."doc_type", 'doc_number', p."doc_number",
    'birth_date', p."birth_date", 'country', p."country_id", 'email', p."email",
    'nationality', p."nationality_id")
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "voucher_pax_list"("voucher" integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg("voucher_traveller"(p) ORDER BY p."id"), '[]'::jsonb)
  FROM "voucher_passengers" AS vp JOIN "pax" AS p ON p."id" = vp."pax_id"
  WHERE vp."voucher_id" = "voucher"
$$;--> statement-breakpoint
-- Every voucher's copy at once, set-based: this migration, and bulk loads that write links with the
-- triggers below disabled (bench/voucherData.ts).
CREATE OR REPLACE FUNCTION "vouchers_fill_pax_list"() RETURNS void LANGUAGE sql AS $$
  UPDATE "vouchers" AS v SET "pax_list" = linked."list"
    FROM (
      SELECT vp."voucher_id", jsonb_agg("voucher_traveller"(p) ORDER BY p."id") AS "list"
      FROM "voucher_passengers" AS vp JOIN "pax" AS p ON p."id" = vp."pax_id"
      GROUP BY vp."voucher_id"
    ) AS linked
    WHERE v."id" = linked."voucher_id" AND v."pax_list" IS DISTINCT FROM linked."list"
$$;--> statement-breakpoint
SELECT "vouchers_fill_pax_list"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vouchers_pax_list_of_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vouchers" AS v SET "pax_list" = "voucher_pax_list"(v."id")
    WHERE v."id" IN (SELECT "voucher_id" FROM "changed_links");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vouchers_pax_list_of_moved_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vouchers" AS v SET "pax_list" = "voucher_pax_list"(v."id")
    WHERE v."id" IN (SELECT "voucher_id" FROM "changed_links" UNION SELECT "voucher_id" FROM "previous_links");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vouchers_pax_list_of_pax"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vouchers" AS v SET "pax_list" = "voucher_pax_list"(v."id")
    WHERE v."id" IN (
      SELECT vp."voucher_id" FROM "voucher_passengers" AS vp
      WHERE vp."pax_id" IN (SELECT "id" FROM "changed_pax")
    );
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "voucher_passengers_added" ON "voucher_passengers";--> statement-breakpoint
CREATE TRIGGER "voucher_passengers_added" AFTER INSERT ON "voucher_passengers"
  REFERENCING NEW TABLE AS "changed_links" FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_pax_list_of_links"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "voucher_passengers_removed" ON "voucher_passengers";--> statement-breakpoint
CREATE TRIGGER "voucher_passengers_removed" AFTER DELETE ON "voucher_passengers"
  REFERENCING OLD TABLE AS "changed_links" FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_pax_list_of_links"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "voucher_passengers_moved" ON "voucher_passengers";--> statement-breakpoint
CREATE TRIGGER "voucher_passengers_moved" AFTER UPDATE ON "voucher_passengers"
  REFERENCING OLD TABLE AS "previous_links" NEW TABLE AS "changed_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_pax_list_of_moved_links"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pax_voucher_pax_list" ON "pax";--> statement-breakpoint
CREATE TRIGGER "pax_voucher_pax_list" AFTER UPDATE ON "pax"
  REFERENCING NEW TABLE AS "changed_pax" FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_pax_list_of_pax"();
