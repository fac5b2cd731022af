CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_reservation_id" integer,
	"office_id" integer,
	"payment_method" varchar(50) DEFAULT '' NOT NULL,
	"date_emision" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 4 NOT NULL,
	"total_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"auto_cancel" boolean DEFAULT false NOT NULL,
	"contact_emergency_name" varchar(150) DEFAULT '' NOT NULL,
	"contact_emergency_surname" varchar(150) DEFAULT '' NOT NULL,
	"contact_emergency_phone" varchar(30) DEFAULT '' NOT NULL,
	"date_in" date NOT NULL,
	"date_out" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_passengers" (
	"voucher_id" integer NOT NULL,
	"pax_id" integer NOT NULL,
	CONSTRAINT "voucher_passengers_voucher_id_pax_id_pk" PRIMARY KEY("voucher_id","pax_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"product_id" integer,
	"status" smallint DEFAULT 3 NOT NULL,
	"status_administracion" smallint,
	"observations" text DEFAULT '' NOT NULL,
	"pvp" numeric(14, 2) DEFAULT '0' NOT NULL,
	"final_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"commission" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rate_long_name" varchar(255) DEFAULT '' NOT NULL,
	"promotion_long_name" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"country_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_units_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name_es" varchar(255) NOT NULL,
	"long_name_en" varchar(255) DEFAULT '' NOT NULL,
	"long_name_po" varchar(255) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_multi_cause" boolean DEFAULT false NOT NULL,
	"required_items" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverages_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "pax" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"surname" varchar(150) NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"doc_type" varchar(20) DEFAULT 'DNI' NOT NULL,
	"doc_number" varchar(30) NOT NULL,
	"birth_date" date,
	"country_id" integer,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"nationality_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pax_black_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_number" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"surname" varchar(150) NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"coverage_id" integer NOT NULL,
	"limit_amount" numeric(14, 2),
	"currency_id" integer
);
--> statement-breakpoint
CREATE TABLE "product_sperta" (
	"id" serial PRIMARY KEY NOT NULL,
	"sperta_code" varchar(50) NOT NULL,
	"product_id" integer NOT NULL,
	"country_id" integer,
	"sperta_gravado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sperta_no_gravado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sperta_sperta_code_unique" UNIQUE("sperta_code")
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_types_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "product_zones" (
	"product_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "product_zones_product_id_zone_id_pk" PRIMARY KEY("product_id","zone_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"url_image" varchar(500) DEFAULT '' NOT NULL,
	"product_type_id" integer,
	"supplier_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"phone_contact" varchar(50) DEFAULT '' NOT NULL,
	"email_contact" varchar(254) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_reservation_id_users_id_fk" FOREIGN KEY ("user_reservation_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_passengers" ADD CONSTRAINT "voucher_passengers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_passengers" ADD CONSTRAINT "voucher_passengers_pax_id_pax_id_fk" FOREIGN KEY ("pax_id") REFERENCES "public"."pax"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_units" ADD CONSTRAINT "business_units_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pax" ADD CONSTRAINT "pax_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pax" ADD CONSTRAINT "pax_nationality_id_countries_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_coverages" ADD CONSTRAINT "product_coverages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_coverages" ADD CONSTRAINT "product_coverages_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_coverages" ADD CONSTRAINT "product_coverages_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sperta" ADD CONSTRAINT "product_sperta_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sperta" ADD CONSTRAINT "product_sperta_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_zones" ADD CONSTRAINT "product_zones_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_zones" ADD CONSTRAINT "product_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "voucher_passengers_pax_idx" ON "voucher_passengers" USING btree ("pax_id");--> statement-breakpoint
CREATE INDEX "vouchers_reservation_idx" ON "vouchers" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "vouchers_status_idx" ON "vouchers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pax_doc_number_idx" ON "pax" USING btree ("doc_number");--> statement-breakpoint
CREATE INDEX "pax_black_list_doc_number_idx" ON "pax_black_list" USING btree ("doc_number");--> statement-breakpoint
CREATE UNIQUE INDEX "product_coverages_product_coverage_key" ON "product_coverages" USING btree ("product_id","coverage_id");