-- Issue 14 (SPEC §3 'Promotion', §7 'Promotions'): promotions, the products each promotion holds
-- (promotion_product) and the offices each held product is offered in (promotion_product_office).
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" varchar(50) NOT NULL,
	"long_name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reservation_date_from" date NOT NULL,
	"reservation_date_to" date NOT NULL,
	"travel_date_from" date NOT NULL,
	"travel_date_to" date NOT NULL,
	"total_days" integer NOT NULL,
	"promotion_type" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_type_check" CHECK ("promotion_type" IN ('venta', 'proveedor')),
	CONSTRAINT "promotions_dates_check" CHECK ("reservation_date_to" >= "reservation_date_from" AND "travel_date_to" >= "travel_date_from" AND "travel_date_to" >= "reservation_date_from"),
	CONSTRAINT "promotions_total_days_check" CHECK ("total_days" >= 1)
);
--> statement-breakpoint
CREATE INDEX "promotions_long_name_trgm" ON "promotions" USING gin ("long_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promotions_description_trgm" ON "promotions" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "promotion_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "promotion_product_promotion_product_unique" UNIQUE("promotion_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_product" ADD CONSTRAINT "promotion_product_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_product_product_idx" ON "promotion_product" USING btree ("product_id");--> statement-breakpoint
CREATE TABLE "promotion_product_office" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_product_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	CONSTRAINT "promotion_product_office_unique" UNIQUE("promotion_product_id","office_id")
);
--> statement-breakpoint
ALTER TABLE "promotion_product_office" ADD CONSTRAINT "promotion_product_office_promotion_product_id_promotion_product_id_fk" FOREIGN KEY ("promotion_product_id") REFERENCES "public"."promotion_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_product_office" ADD CONSTRAINT "promotion_product_office_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_product_office_office_idx" ON "promotion_product_office" USING btree ("office_id");
