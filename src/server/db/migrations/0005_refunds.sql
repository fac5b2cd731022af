CREATE TABLE "refund_claim_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"service" varchar(30) NOT NULL,
	"service_name" varchar(150) DEFAULT '' NOT NULL,
	"amount_paid" numeric(12, 2) NOT NULL,
	"amount_recovered" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"coverage_id" integer NOT NULL,
	"coverage_name" varchar(255) NOT NULL,
	"sinister_country" varchar(3) NOT NULL,
	"sinister_date" date NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_claims_amount_positive" CHECK ("refund_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"claim_id" integer,
	"file_id" uuid NOT NULL,
	"kind" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_files_kind_check" CHECK ("refund_files"."kind" in ('claim', 'authorization_letter', 'authorized_document') and (("refund_files"."kind" = 'claim') = ("refund_files"."claim_id" is not null)))
);
--> statement-breakpoint
CREATE TABLE "refund_payments" (
	"refund_id" integer PRIMARY KEY NOT NULL,
	"payment_method" varchar(30) NOT NULL,
	"refund_method" varchar(30) NOT NULL,
	"owner" varchar(150) NOT NULL,
	"bank" varchar(150) NOT NULL,
	"bank_name" varchar(255) DEFAULT '' NOT NULL,
	"account_type" varchar(50) NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"cbu" varchar(30) DEFAULT '' NOT NULL,
	"alias" varchar(30) DEFAULT '' NOT NULL,
	"cuit_cuil" varchar(20) DEFAULT '' NOT NULL,
	"rut" varchar(20) DEFAULT '' NOT NULL,
	"cedula" varchar(20) DEFAULT '' NOT NULL,
	"adress" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"swift" varchar(20) DEFAULT '' NOT NULL,
	"doc_number" varchar(30) DEFAULT '' NOT NULL,
	"bank_adress" varchar(255) DEFAULT '' NOT NULL,
	"cable" varchar(30) DEFAULT '' NOT NULL,
	"ba_wire" varchar(20) DEFAULT '' NOT NULL,
	"iban" varchar(50) DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"pax_id" integer,
	"doc_number" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"surname" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone_contact" varchar(30) NOT NULL,
	"status" varchar(30) DEFAULT 'PENDIENTE' NOT NULL,
	"client_comment" varchar(255) DEFAULT '' NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"country_residence" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"path" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_claim_services" ADD CONSTRAINT "refund_claim_services_claim_id_refund_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."refund_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_claim_id_refund_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."refund_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_payments" ADD CONSTRAINT "refund_payments_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_pax_id_pax_id_fk" FOREIGN KEY ("pax_id") REFERENCES "public"."pax"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_claim_services_claim_service_key" ON "refund_claim_services" USING btree ("claim_id","service");--> statement-breakpoint
CREATE INDEX "refund_claims_refund_idx" ON "refund_claims" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_files_refund_idx" ON "refund_files" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_files_file_idx" ON "refund_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_voucher_idx" ON "refunds" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stored_files_voucher_idx" ON "stored_files" USING btree ("voucher_id");