-- Issue 16 'Facturación and payment detail' (SPEC §2 'Facturación', §3 'Invoicing row', §7 POST /facturacion/,
-- GET /payment_detail/). Invoicing state lives beside the reservation, keyed by it; a reservation without a
-- row is NO FACTURADO (1) and not billed (2).
CREATE TABLE "reservation_invoicing" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"billed" smallint DEFAULT 2 NOT NULL,
	"document_type" varchar(3),
	"document_number" varchar(30) DEFAULT '' NOT NULL,
	"date_fact" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_invoicing_status_check" CHECK ("reservation_invoicing"."status" in (1, 2, 3, 4)),
	CONSTRAINT "reservation_invoicing_billed_check" CHECK ("reservation_invoicing"."billed" in (1, 2)),
	CONSTRAINT "reservation_invoicing_document_type_check" CHECK ("reservation_invoicing"."document_type" is null or "reservation_invoicing"."document_type" in ('PED', 'FCC', 'FCO'))
);
--> statement-breakpoint
ALTER TABLE "reservation_invoicing" ADD CONSTRAINT "reservation_invoicing_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reservation_invoicing_status_idx" ON "reservation_invoicing" USING btree ("status");
--> statement-breakpoint
CREATE INDEX "reservation_invoicing_date_fact_idx" ON "reservation_invoicing" USING btree ("date_fact");
--> statement-breakpoint
CREATE TABLE "reservation_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" varchar(10) DEFAULT '' NOT NULL,
	"instalments" smallint DEFAULT 1 NOT NULL,
	"paid_at" date NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_payments_method_check" CHECK ("reservation_payments"."method" in ('card', 'transfer', 'credit', 'gds', 'wallet', 'web_payment')),
	CONSTRAINT "reservation_payments_amount_check" CHECK ("reservation_payments"."amount" >= 0),
	CONSTRAINT "reservation_payments_instalments_check" CHECK ("reservation_payments"."instalments" between 1 and 36)
);
--> statement-breakpoint
ALTER TABLE "reservation_payments" ADD CONSTRAINT "reservation_payments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reservation_payments_reservation_idx" ON "reservation_payments" USING btree ("reservation_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_created_at_idx" ON "reservations" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_date_in_idx" ON "reservations" USING btree ("date_in");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_office_idx" ON "reservations" USING btree ("office_id");
