-- Passengers' owner (issue 28 §2, docs/security-office-scope.md): a passenger belongs to the offices
-- of the vouchers that carry it, or, while no voucher carries it, to the office of the staff user
-- who created it. That office is kept here at creation; passengers created before this migration
-- take their creator's office from the audit log (the engine's 'create' entry), or none.
ALTER TABLE "pax" ADD COLUMN IF NOT EXISTS "created_office_id" integer REFERENCES "offices"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pax_created_office_idx" ON "pax" USING btree ("created_office_id");--> statement-breakpoint
UPDATE "pax" AS p SET "created_office_id" = u."office_id"
  FROM "audit_log" AS a JOIN "users" AS u ON u."id" = a."user_id"
  WHERE a."entity" = 'pax' AND a."action" = 'create' AND a."record_id" = p."id"::text
    AND p."created_office_id" IS NULL;
