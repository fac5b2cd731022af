-- Reservas y Vouchers at a million rows (issue 15): the voucher carries its reservation's office
-- (kept in step by triggers on both tables), so the office scope of agencies and providers
-- filters and counts vouchers through one index instead of joining every reservation; and the
-- seeded Proveedor (14) and Administracion Proveedor (15) roles get reservation/add, without which
-- the reservation fields SPEC §6 lets them edit (emergency contacts, status, dates, office) were
-- refused (seeds run only on an empty database, so existing databases are updated here).
ALTER TABLE "vouchers" ADD COLUMN IF NOT EXISTS "office_id" integer;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
UPDATE "vouchers" AS v SET "office_id" = r."office_id" FROM "reservations" AS r
  WHERE r."id" = v."reservation_id" AND v."office_id" IS DISTINCT FROM r."office_id";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_office_id_idx" ON "vouchers" USING btree ("office_id","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vouchers_office_from_reservation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."office_id" := (SELECT r."office_id" FROM "reservations" AS r WHERE r."id" = NEW."reservation_id");
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "vouchers_office_sync" ON "vouchers";--> statement-breakpoint
CREATE TRIGGER "vouchers_office_sync" BEFORE INSERT OR UPDATE OF "reservation_id", "office_id" ON "vouchers"
  FOR EACH ROW EXECUTE FUNCTION "vouchers_office_from_reservation"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reservations_office_to_vouchers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vouchers" SET "office_id" = NEW."office_id"
    WHERE "reservation_id" = NEW."id" AND "office_id" IS DISTINCT FROM NEW."office_id";
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "reservations_office_sync" ON "reservations";--> statement-breakpoint
CREATE TRIGGER "reservations_office_sync" AFTER UPDATE OF "office_id" ON "reservations"
  FOR EACH ROW WHEN (OLD."office_id" IS DISTINCT FROM NEW."office_id")
  EXECUTE FUNCTION "reservations_office_to_vouchers"();--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
  SELECT g."id", p."id" FROM "groups" AS g, "permissions" AS p
  WHERE g."id" IN (14, 15) AND p."codename" = 'reservation/add'
  ON CONFLICT DO NOTHING;
