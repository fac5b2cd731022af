-- Issue 12 (SPEC §3 'Office', §7 'Offices', '/karing/get_municipios/'): every field of the office
-- form, its tags and business unit, and its sub-records (payments with their review history,
-- Sperta invoice address, Karing with its municipality, additional offices).
ALTER TABLE "offices" ADD COLUMN "bussines_unit_id" integer;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "site" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "executive" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "legal_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "responsible" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "responsible_position" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "phone" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "cuit" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "schedule" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "office_key" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "enable_issuing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "commission_percentage" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "budget" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "usd_credit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "balance" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "payment_term" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "pay_on_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "no_credit_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "notify_expiry_by_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "invoice_issue_form" varchar(20) DEFAULT 'automatica' NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "b2c_charging" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "show_usd_quote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "quote_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_bussines_unit_id_business_units_id_fk" FOREIGN KEY ("bussines_unit_id") REFERENCES "public"."business_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_commission_percentage_range" CHECK ("commission_percentage" >= 0 AND "commission_percentage" <= 100);--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_money_not_negative" CHECK ("budget" >= 0 AND "usd_credit" >= 0 AND "balance" >= 0);--> statement-breakpoint
CREATE UNIQUE INDEX "offices_short_name_key" ON "offices" USING btree ("short_name");--> statement-breakpoint
CREATE INDEX "offices_parent_idx" ON "offices" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "offices_country_idx" ON "offices" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "offices_bussines_unit_idx" ON "offices" USING btree ("bussines_unit_id");--> statement-breakpoint
CREATE INDEX "offices_short_name_trgm" ON "offices" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "offices_long_name_trgm" ON "offices" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE TABLE "office_tags" (
	"office_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "office_tags_office_id_tag_id_pk" PRIMARY KEY("office_id","tag_id")
);--> statement-breakpoint
ALTER TABLE "office_tags" ADD CONSTRAINT "office_tags_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_tags" ADD CONSTRAINT "office_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_tags_tag_idx" ON "office_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE TABLE "municipalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"province" varchar(100) NOT NULL,
	CONSTRAINT "municipalities_name_province_key" UNIQUE("name","province")
);--> statement-breakpoint
CREATE INDEX "municipalities_name_trgm" ON "municipalities" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE TABLE "office_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"pay_with_gds" boolean DEFAULT false NOT NULL,
	"pay_by_card" boolean DEFAULT false NOT NULL,
	"instalments" integer DEFAULT 1 NOT NULL,
	"card_provider" boolean DEFAULT false NOT NULL,
	"wallet_provider" boolean DEFAULT false NOT NULL,
	"web_payment_provider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_payments_instalments_range" CHECK ("instalments" >= 1 AND "instalments" <= 24)
);--> statement-breakpoint
ALTER TABLE "office_payments" ADD CONSTRAINT "office_payments_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_payments_office_key" ON "office_payments" USING btree ("office_id");--> statement-breakpoint
CREATE TABLE "office_payment_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_payment_id" integer NOT NULL,
	"user_id" integer,
	"observation" varchar(500) DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "office_payment_reviews" ADD CONSTRAINT "office_payment_reviews_office_payment_id_office_payments_id_fk" FOREIGN KEY ("office_payment_id") REFERENCES "public"."office_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_payment_reviews" ADD CONSTRAINT "office_payment_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_payment_reviews_payment_idx" ON "office_payment_reviews" USING btree ("office_payment_id","created_at");--> statement-breakpoint
CREATE TABLE "office_sperta" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"voucher_type" varchar(1) DEFAULT 'B' NOT NULL,
	"street" varchar(150) DEFAULT '' NOT NULL,
	"number" varchar(20) DEFAULT '' NOT NULL,
	"locality" varchar(150) DEFAULT '' NOT NULL,
	"province" varchar(100) DEFAULT '' NOT NULL,
	"postal_code" varchar(10) DEFAULT '' NOT NULL,
	"tax_condition" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "office_sperta" ADD CONSTRAINT "office_sperta_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_sperta_office_key" ON "office_sperta" USING btree ("office_id");--> statement-breakpoint
CREATE TABLE "office_karing" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"municipality_id" integer,
	"karing_code" varchar(50) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "office_karing" ADD CONSTRAINT "office_karing_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_karing" ADD CONSTRAINT "office_karing_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_karing_office_key" ON "office_karing" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "office_karing_municipality_idx" ON "office_karing" USING btree ("municipality_id");--> statement-breakpoint
CREATE TABLE "aditional_office" (
	"id" serial PRIMARY KEY NOT NULL,
	"office_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "aditional_office" ADD CONSTRAINT "aditional_office_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aditional_office_office_idx" ON "aditional_office" USING btree ("office_id");
