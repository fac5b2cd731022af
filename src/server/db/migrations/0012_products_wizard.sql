-- Issue 13 (SPEC §3 Product and the product wizard, §7 Products): a product's offices, its rate
-- rows (general and per office), the wizard's drafts kept server-side by hash (POST /step/),
-- checked rate files waiting for a draft (POST /csv_upload/) and uploaded product images.
CREATE TABLE "product_offices" (
	"product_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	CONSTRAINT "product_offices_product_id_office_id_pk" PRIMARY KEY("product_id","office_id")
);
--> statement-breakpoint
ALTER TABLE "product_offices" ADD CONSTRAINT "product_offices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offices" ADD CONSTRAINT "product_offices_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_offices_office_idx" ON "product_offices" USING btree ("office_id");--> statement-breakpoint
CREATE TABLE "product_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"office_id" integer,
	"days_from" integer NOT NULL,
	"days_to" integer NOT NULL,
	"age_from" integer NOT NULL,
	"age_to" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency_id" integer NOT NULL,
	CONSTRAINT "product_rates_bands_check" CHECK ("days_from" >= 1 AND "days_to" >= "days_from" AND "age_from" >= 0 AND "age_to" >= "age_from" AND "price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_rates" ADD CONSTRAINT "product_rates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rates" ADD CONSTRAINT "product_rates_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rates" ADD CONSTRAINT "product_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_rates_product_office_idx" ON "product_rates" USING btree ("product_id","office_id");--> statement-breakpoint
CREATE TABLE "product_drafts" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mode" varchar(10) NOT NULL,
	"source_product_id" integer,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result_product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_drafts" ADD CONSTRAINT "product_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD CONSTRAINT "product_drafts_source_product_id_products_id_fk" FOREIGN KEY ("source_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD CONSTRAINT "product_drafts_result_product_id_products_id_fk" FOREIGN KEY ("result_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_drafts_expires_idx" ON "product_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "rate_uploads" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_uploads" ADD CONSTRAINT "rate_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_uploads_expires_idx" ON "rate_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer,
	"content_type" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"path" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
