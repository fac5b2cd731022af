DROP INDEX "pax_name_trgm";--> statement-breakpoint
DROP INDEX "business_units_short_name_trgm";--> statement-breakpoint
DROP INDEX "business_units_long_name_trgm";--> statement-breakpoint
DROP INDEX "coverages_short_name_trgm";--> statement-breakpoint
DROP INDEX "coverages_long_name_es_trgm";--> statement-breakpoint
DROP INDEX "coverages_long_name_en_trgm";--> statement-breakpoint
DROP INDEX "coverages_long_name_po_trgm";--> statement-breakpoint
DROP INDEX "coverages_description_trgm";--> statement-breakpoint
DROP INDEX "pax_surname_trgm";--> statement-breakpoint
DROP INDEX "pax_email_trgm";--> statement-breakpoint
DROP INDEX "pax_black_list_name_trgm";--> statement-breakpoint
DROP INDEX "pax_black_list_surname_trgm";--> statement-breakpoint
DROP INDEX "product_sperta_sperta_code_trgm";--> statement-breakpoint
DROP INDEX "product_types_short_name_trgm";--> statement-breakpoint
DROP INDEX "product_types_long_name_trgm";--> statement-breakpoint
DROP INDEX "products_long_name_trgm";--> statement-breakpoint
DROP INDEX "suppliers_short_name_trgm";--> statement-breakpoint
DROP INDEX "suppliers_long_name_trgm";--> statement-breakpoint
DROP INDEX "tags_short_name_trgm";--> statement-breakpoint
DROP INDEX "tags_long_name_trgm";--> statement-breakpoint
DROP INDEX "zones_short_name_trgm";--> statement-breakpoint
DROP INDEX "zones_long_name_trgm";--> statement-breakpoint
DROP INDEX "countries_short_name_trgm";--> statement-breakpoint
DROP INDEX "countries_long_name_trgm";--> statement-breakpoint
DROP INDEX "currencies_short_name_trgm";--> statement-breakpoint
DROP INDEX "currencies_long_name_trgm";--> statement-breakpoint
ALTER TABLE "pax" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name::text || ' ' || surname::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "pax_search_name_trgm" ON "pax" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "business_units_short_name_trgm" ON "business_units" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "business_units_long_name_trgm" ON "business_units" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "coverages_short_name_trgm" ON "coverages" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "coverages_long_name_es_trgm" ON "coverages" USING gin ("long_name_es" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "coverages_long_name_en_trgm" ON "coverages" USING gin ("long_name_en" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "coverages_long_name_po_trgm" ON "coverages" USING gin ("long_name_po" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "coverages_description_trgm" ON "coverages" USING gin ("description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pax_surname_trgm" ON "pax" USING gin ("surname" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pax_email_trgm" ON "pax" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pax_black_list_name_trgm" ON "pax_black_list" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pax_black_list_surname_trgm" ON "pax_black_list" USING gin ("surname" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_sperta_sperta_code_trgm" ON "product_sperta" USING gin ("sperta_code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_types_short_name_trgm" ON "product_types" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_types_long_name_trgm" ON "product_types" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_long_name_trgm" ON "products" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "suppliers_short_name_trgm" ON "suppliers" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "suppliers_long_name_trgm" ON "suppliers" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tags_short_name_trgm" ON "tags" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tags_long_name_trgm" ON "tags" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "zones_short_name_trgm" ON "zones" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "zones_long_name_trgm" ON "zones" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "countries_short_name_trgm" ON "countries" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "countries_long_name_trgm" ON "countries" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "currencies_short_name_trgm" ON "currencies" USING gin ("short_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "currencies_long_name_trgm" ON "currencies" USING gin ("long_name" gin_trgm_ops) WITH (fastupdate=false);