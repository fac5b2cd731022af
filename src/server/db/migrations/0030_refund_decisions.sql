-- Issue 30 §2 (the decision, told and mailed):
-- 1. refunds.payment_reference: the reference staff record when they mark a refund paid
--    ('Marcar pagado'); '' when none was given. The date of the payment is the 'pay' entry of the
--    refund's history (audit_log), not a second copy here.
-- 2. refund_decision_mails: the outbox of the decision mails. A row is written inside the staff
--    transition's transaction (approve, pay, reject) with mailed_at null and mailed after commit
--    (src/server/services/refundDecisions.ts); a failed send frees it for the next round. A
--    rolled-back transition leaves no row, so nothing is mailed for it.
ALTER TABLE "refunds" ADD COLUMN "payment_reference" varchar(100) DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "refund_decision_mails" (
  "id" serial PRIMARY KEY NOT NULL,
  "refund_id" integer NOT NULL REFERENCES "refunds"("id") ON DELETE CASCADE,
  "decision" varchar(20) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "mailed_at" timestamp with time zone,
  CONSTRAINT "refund_decision_mails_decision_check" CHECK ("decision" in ('approve', 'pay', 'reject'))
);
--> statement-breakpoint
CREATE INDEX "refund_decision_mails_refund_idx" ON "refund_decision_mails" ("refund_id");
--> statement-breakpoint
CREATE INDEX "refund_decision_mails_unmailed_idx" ON "refund_decision_mails" ("id") WHERE "mailed_at" is null;
