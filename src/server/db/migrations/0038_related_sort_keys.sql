-- Issue 40 'Lists': the columns of Vouchers and Reservas that show a related row's name or a
-- reservation's dates sort by an index. Each such key is copied onto the large table (the name's
-- Spanish sort key, es_sort_key of migration 0020), kept right by triggers on both sides: the
-- large table's insert or change of the foreign key reads the key, the related table's rename
-- rewrites the referencing rows' key in one statement. A `(key COLLATE "C", id)` index serves the
-- ordering in both directions; a voucher's duration is an expression index on its copied dates.
-- Plain CREATE INDEX: the migrator runs each migration in a transaction (no CONCURRENTLY).
ALTER TABLE "vouchers" ADD COLUMN "product_sort_key" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "supplier_sort_key" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "office_sort_key" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "payment_method_sort_key" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "reservation_date_in" date;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "reservation_date_out" date;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "user_sort_key" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "user_reservation_sort_key" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "office_sort_key" text;--> statement-breakpoint
-- Facturación's computed columns copied on the reservation: its invoicing status and date (from
-- reservation_invoicing) and the sums of its vouchers' amounts (null without vouchers, as sum()).
ALTER TABLE "reservations" ADD COLUMN "invoicing_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "invoicing_date_fact" date;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "vouchers_final_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "vouchers_commission" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "vouchers_net_price" numeric(14, 2);--> statement-breakpoint
-- Backfill: one UPDATE per table, before the triggers exist. The vouchers' fill is a function the
-- volume seed (bench/voucherData.ts, which loads vouchers with their triggers off) calls too.
CREATE OR REPLACE FUNCTION "vouchers_fill_sort_keys"() RETURNS void LANGUAGE sql AS $$
UPDATE "vouchers" AS v SET
  "product_sort_key" = es_sort_key(p."long_name"),
  "supplier_sort_key" = es_sort_key(s."long_name"),
  "office_sort_key" = es_sort_key(o."long_name"),
  "payment_method_sort_key" = es_sort_key(r."payment_method"),
  "reservation_date_in" = r."date_in",
  "reservation_date_out" = r."date_out"
FROM "vouchers" AS w
  JOIN "reservations" AS r ON r."id" = w."reservation_id"
  LEFT JOIN "products" AS p ON p."id" = w."product_id"
  LEFT JOIN "suppliers" AS s ON s."id" = p."supplier_id"
  LEFT JOIN "offices" AS o ON o."id" = w."office_id"
WHERE w."id" = v."id";
$$;--> statement-breakpoint
SELECT "vouchers_fill_sort_keys"();--> statement-breakpoint
-- The reservations' fill, also called by the volume seed after its vouchers are loaded.
CREATE OR REPLACE FUNCTION "reservations_fill_sort_keys"() RETURNS void LANGUAGE sql AS $$
UPDATE "reservations" AS r SET
  "user_sort_key" = es_sort_key(u."username"),
  "user_reservation_sort_key" = es_sort_key(ur."username"),
  "office_sort_key" = es_sort_key(o."long_name"),
  "invoicing_status" = coalesce(ri."status", 1),
  "invoicing_date_fact" = ri."date_fact",
  "vouchers_final_price" = sums."final_price",
  "vouchers_commission" = sums."commission",
  "vouchers_net_price" = sums."net_price"
FROM "reservations" AS q
  LEFT JOIN "users" AS u ON u."id" = q."user_id"
  LEFT JOIN "users" AS ur ON ur."id" = q."user_reservation_id"
  LEFT JOIN "offices" AS o ON o."id" = q."office_id"
  LEFT JOIN "reservation_invoicing" AS ri ON ri."reservation_id" = q."id"
  LEFT JOIN (
    SELECT "reservation_id", sum("final_price") AS "final_price", sum("commission") AS "commission",
      sum("net_price") AS "net_price"
    FROM "vouchers" GROUP BY "reservation_id"
  ) AS sums ON sums."reservation_id" = q."id"
WHERE q."id" = r."id";
$$;--> statement-breakpoint
SELECT "reservations_fill_sort_keys"();--> statement-breakpoint
-- The large table's side: a new row, or a changed foreign key, reads the related keys. Named to
-- run after vouchers_office_sync (0021), which copies the reservation's office first.
CREATE OR REPLACE FUNCTION "vouchers_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."product_id" IS DISTINCT FROM OLD."product_id" THEN
    NEW."product_sort_key" := NULL;
    NEW."supplier_sort_key" := NULL;
    SELECT es_sort_key(p."long_name"), es_sort_key(s."long_name")
      INTO NEW."product_sort_key", NEW."supplier_sort_key"
      FROM "products" p LEFT JOIN "suppliers" s ON s."id" = p."supplier_id"
      WHERE p."id" = NEW."product_id";
  END IF;
  IF TG_OP = 'INSERT' OR NEW."office_id" IS DISTINCT FROM OLD."office_id" THEN
    NEW."office_sort_key" := (SELECT es_sort_key(o."long_name") FROM "offices" o WHERE o."id" = NEW."office_id");
  END IF;
  IF TG_OP = 'INSERT' OR NEW."reservation_id" IS DISTINCT FROM OLD."reservation_id" THEN
    SELECT es_sort_key(r."payment_method"), r."date_in", r."date_out"
      INTO NEW."payment_method_sort_key", NEW."reservation_date_in", NEW."reservation_date_out"
      FROM "reservations" r WHERE r."id" = NEW."reservation_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "vouchers_sort_keys" BEFORE INSERT OR UPDATE OF "product_id", "office_id", "reservation_id" ON "vouchers"
  FOR EACH ROW EXECUTE FUNCTION "vouchers_sort_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reservations_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
    NEW."user_sort_key" := (SELECT es_sort_key(u."username") FROM "users" u WHERE u."id" = NEW."user_id");
  END IF;
  IF TG_OP = 'INSERT' OR NEW."user_reservation_id" IS DISTINCT FROM OLD."user_reservation_id" THEN
    NEW."user_reservation_sort_key" := (SELECT es_sort_key(u."username") FROM "users" u WHERE u."id" = NEW."user_reservation_id");
  END IF;
  IF TG_OP = 'INSERT' OR NEW."office_id" IS DISTINCT FROM OLD."office_id" THEN
    NEW."office_sort_key" := (SELECT es_sort_key(o."long_name") FROM "offices" o WHERE o."id" = NEW."office_id");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_sort_keys" BEFORE INSERT OR UPDATE OF "user_id", "user_reservation_id", "office_id" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_sort_keys"();--> statement-breakpoint
-- The related tables' side: a rename (or a reservation's new payment method or dates) rewrites
-- the referencing rows' copy in one statement each, through their foreign key's index.
CREATE OR REPLACE FUNCTION "reservations_voucher_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vouchers" SET
    "payment_method_sort_key" = es_sort_key(NEW."payment_method"),
    "reservation_date_in" = NEW."date_in",
    "reservation_date_out" = NEW."date_out"
  WHERE "reservation_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_voucher_sort_keys" AFTER UPDATE OF "payment_method", "date_in", "date_out" ON "reservations"
  FOR EACH ROW WHEN (OLD."payment_method" IS DISTINCT FROM NEW."payment_method" OR OLD."date_in" IS DISTINCT FROM NEW."date_in" OR OLD."date_out" IS DISTINCT FROM NEW."date_out")
  EXECUTE FUNCTION "reservations_voucher_sort_keys"();--> statement-breakpoint
-- Statement triggers with transition tables (no column list allowed with them): a statement that
-- renames many rows (an import, say) rewrites their referencing rows in one UPDATE, a batch.
CREATE OR REPLACE FUNCTION "products_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates rename nothing (a login, a commission): then nothing more is read.
  IF NOT EXISTS (SELECT 1 FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id" WHERE o."long_name" IS DISTINCT FROM n."long_name" OR o."supplier_id" IS DISTINCT FROM n."supplier_id") THEN
    RETURN NULL;
  END IF;
  UPDATE "vouchers" AS v SET
    "product_sort_key" = es_sort_key(n."long_name"),
    "supplier_sort_key" = es_sort_key(s."long_name")
  FROM "renamed_new" AS n
    JOIN "renamed_old" AS o ON o."id" = n."id"
    LEFT JOIN "suppliers" AS s ON s."id" = n."supplier_id"
  WHERE v."product_id" = n."id"
    AND (o."long_name" IS DISTINCT FROM n."long_name" OR o."supplier_id" IS DISTINCT FROM n."supplier_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_sort_keys" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "renamed_old" NEW TABLE AS "renamed_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_sort_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "suppliers_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates rename nothing (a login, a commission): then nothing more is read.
  IF NOT EXISTS (SELECT 1 FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id" WHERE o."long_name" IS DISTINCT FROM n."long_name") THEN
    RETURN NULL;
  END IF;
  UPDATE "vouchers" AS v SET "supplier_sort_key" = es_sort_key(n."long_name")
  FROM "renamed_new" AS n
    JOIN "renamed_old" AS o ON o."id" = n."id"
    JOIN "products" AS p ON p."supplier_id" = n."id"
  WHERE v."product_id" = p."id" AND o."long_name" IS DISTINCT FROM n."long_name";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "suppliers_sort_keys" AFTER UPDATE ON "suppliers"
  REFERENCING OLD TABLE AS "renamed_old" NEW TABLE AS "renamed_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_sort_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "offices_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates rename nothing (a login, a commission): then nothing more is read.
  IF NOT EXISTS (SELECT 1 FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id" WHERE o."long_name" IS DISTINCT FROM n."long_name") THEN
    RETURN NULL;
  END IF;
  UPDATE "vouchers" AS v SET "office_sort_key" = es_sort_key(n."long_name")
  FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id"
  WHERE v."office_id" = n."id" AND o."long_name" IS DISTINCT FROM n."long_name";
  UPDATE "reservations" AS r SET "office_sort_key" = es_sort_key(n."long_name")
  FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id"
  WHERE r."office_id" = n."id" AND o."long_name" IS DISTINCT FROM n."long_name";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offices_sort_keys" AFTER UPDATE ON "offices"
  REFERENCING OLD TABLE AS "renamed_old" NEW TABLE AS "renamed_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "offices_sort_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates rename nothing (a login, a commission): then nothing more is read.
  IF NOT EXISTS (SELECT 1 FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id" WHERE o."username" IS DISTINCT FROM n."username") THEN
    RETURN NULL;
  END IF;
  UPDATE "reservations" AS r SET "user_sort_key" = es_sort_key(n."username")
  FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id"
  WHERE r."user_id" = n."id" AND o."username" IS DISTINCT FROM n."username";
  UPDATE "reservations" AS r SET "user_reservation_sort_key" = es_sort_key(n."username")
  FROM "renamed_new" AS n JOIN "renamed_old" AS o ON o."id" = n."id"
  WHERE r."user_reservation_id" = n."id" AND o."username" IS DISTINCT FROM n."username";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_sort_keys" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "renamed_old" NEW TABLE AS "renamed_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_sort_keys"();--> statement-breakpoint
-- Facturación: the invoicing row's status and date, and the vouchers' sums, onto the reservation.
CREATE OR REPLACE FUNCTION "reservation_invoicing_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "reservations" SET "invoicing_status" = 1, "invoicing_date_fact" = NULL WHERE "id" = OLD."reservation_id";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."reservation_id" IS DISTINCT FROM NEW."reservation_id" THEN
    UPDATE "reservations" SET "invoicing_status" = 1, "invoicing_date_fact" = NULL WHERE "id" = OLD."reservation_id";
  END IF;
  UPDATE "reservations" SET "invoicing_status" = NEW."status", "invoicing_date_fact" = NEW."date_fact"
  WHERE "id" = NEW."reservation_id"
    AND ("invoicing_status" IS DISTINCT FROM NEW."status" OR "invoicing_date_fact" IS DISTINCT FROM NEW."date_fact");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservation_invoicing_sort_keys" AFTER INSERT OR UPDATE OR DELETE ON "reservation_invoicing"
  FOR EACH ROW EXECUTE FUNCTION "reservation_invoicing_sort_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reservation_voucher_sums"(reservation integer) RETURNS void LANGUAGE sql AS $$
UPDATE "reservations" AS r SET
  "vouchers_final_price" = sums."final_price",
  "vouchers_commission" = sums."commission",
  "vouchers_net_price" = sums."net_price"
FROM (
  SELECT sum(v."final_price") AS "final_price", sum(v."commission") AS "commission", sum(v."net_price") AS "net_price"
  FROM "vouchers" v WHERE v."reservation_id" = reservation
) AS sums
WHERE r."id" = reservation;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vouchers_reservation_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "reservation_voucher_sums"(OLD."reservation_id");
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "reservation_voucher_sums"(NEW."reservation_id");
  ELSIF OLD."reservation_id" IS DISTINCT FROM NEW."reservation_id" THEN
    PERFORM "reservation_voucher_sums"(OLD."reservation_id");
    PERFORM "reservation_voucher_sums"(NEW."reservation_id");
  ELSIF OLD."final_price" IS DISTINCT FROM NEW."final_price" OR OLD."commission" IS DISTINCT FROM NEW."commission"
      OR OLD."net_price" IS DISTINCT FROM NEW."net_price" THEN
    PERFORM "reservation_voucher_sums"(NEW."reservation_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vouchers_reservation_sums" AFTER INSERT OR DELETE OR UPDATE OF "reservation_id", "final_price", "commission", "net_price" ON "vouchers"
  FOR EACH ROW EXECUTE FUNCTION "vouchers_reservation_sums"();--> statement-breakpoint
-- A user's reservations, read by the rename above (and by a user's deletion, ON DELETE SET NULL).
CREATE INDEX IF NOT EXISTS "reservations_user_id_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_user_reservation_id_idx" ON "reservations" USING btree ("user_reservation_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_user_sort_key_idx" ON "reservations" USING btree (("user_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_user_reservation_sort_key_idx" ON "reservations" USING btree (("user_reservation_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_office_sort_key_idx" ON "reservations" USING btree (("office_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_product_sort_key_idx" ON "vouchers" USING btree (("product_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_supplier_sort_key_idx" ON "vouchers" USING btree (("supplier_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_office_sort_key_idx" ON "vouchers" USING btree (("office_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_payment_method_sort_key_idx" ON "vouchers" USING btree (("payment_method_sort_key" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_reservation_date_in_idx" ON "vouchers" USING btree ("reservation_date_in","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_reservation_date_out_idx" ON "vouchers" USING btree ("reservation_date_out","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_reservation_duration_idx" ON "vouchers" USING btree (("reservation_date_out" - "reservation_date_in"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_invoicing_status_id_idx" ON "reservations" USING btree ("invoicing_status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_invoicing_date_fact_id_idx" ON "reservations" USING btree ("invoicing_date_fact","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_vouchers_final_price_id_idx" ON "reservations" USING btree ("vouchers_final_price","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_vouchers_commission_id_idx" ON "reservations" USING btree ("vouchers_commission","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_vouchers_net_price_id_idx" ON "reservations" USING btree ("vouchers_net_price","id");
