-- Issue 39 (the mixed load): the table change feed says how many rows a statement may have removed
-- from what a filter matches, so a capped count ('more than 10,000') outlives the writes its
-- margin covers instead of being counted again after every one (src/server/cache/tableMemory.ts).
--
-- Payloads on 'table_changed' (migration 0028), by statement:
--   INSERT    '<table> 0'                  adds rows: no filter matches fewer;
--   UPDATE    '<table> <rows> <running>'   each updated row may have left a filter;
--   DELETE    '<table> <rows> <running>'   each deleted row has;
--   TRUNCATE  '<table>'                    removals not counted: everything of the table is dropped.
-- <rows> is the statement's row count, read from its transition table (a statement-level trigger
-- with transition tables serves one event, hence three triggers). <running> is the transaction's
-- running total for the table, kept in the transaction-local setting 'extranet.removed_<table>':
-- it makes every counted payload of a transaction distinct (PostgreSQL folds equal announcements
-- of one transaction into one), and the engine reads it before committing its own writes, so this
-- instance knows at once what it removed (src/server/resources/engine/writing.ts).
-- A new listed table gets the same three triggers in its own migration.
CREATE OR REPLACE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME || ' 0');
  ELSE
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "announce_table_removals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'extranet.removed_' || TG_TABLE_NAME;
  removed bigint;
  running bigint;
BEGIN
  SELECT count(*) INTO removed FROM removed_rows;
  running := coalesce(nullif(current_setting(setting, true), '')::bigint, 0) + removed;
  PERFORM set_config(setting, running::text, true);
  PERFORM pg_notify('table_changed', TG_TABLE_NAME || ' ' || removed || ' ' || running);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "aditional_office_table_changed" ON "aditional_office";--> statement-breakpoint
CREATE TRIGGER "aditional_office_table_changed" AFTER INSERT OR TRUNCATE ON "aditional_office"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "aditional_office_rows_updated" AFTER UPDATE ON "aditional_office" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "aditional_office_rows_deleted" AFTER DELETE ON "aditional_office" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_table_changed" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_table_changed" AFTER INSERT OR TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_rows_updated" AFTER UPDATE ON "audit_log" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "audit_log_rows_deleted" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "business_units_table_changed" ON "business_units";--> statement-breakpoint
CREATE TRIGGER "business_units_table_changed" AFTER INSERT OR TRUNCATE ON "business_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "business_units_rows_updated" AFTER UPDATE ON "business_units" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "business_units_rows_deleted" AFTER DELETE ON "business_units" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "countries_table_changed" ON "countries";--> statement-breakpoint
CREATE TRIGGER "countries_table_changed" AFTER INSERT OR TRUNCATE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "countries_rows_updated" AFTER UPDATE ON "countries" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "countries_rows_deleted" AFTER DELETE ON "countries" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "coverages_table_changed" ON "coverages";--> statement-breakpoint
CREATE TRIGGER "coverages_table_changed" AFTER INSERT OR TRUNCATE ON "coverages"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "coverages_rows_updated" AFTER UPDATE ON "coverages" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "coverages_rows_deleted" AFTER DELETE ON "coverages" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "currencies_table_changed" ON "currencies";--> statement-breakpoint
CREATE TRIGGER "currencies_table_changed" AFTER INSERT OR TRUNCATE ON "currencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "currencies_rows_updated" AFTER UPDATE ON "currencies" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "currencies_rows_deleted" AFTER DELETE ON "currencies" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "groups_table_changed" ON "groups";--> statement-breakpoint
CREATE TRIGGER "groups_table_changed" AFTER INSERT OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "groups_rows_updated" AFTER UPDATE ON "groups" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "groups_rows_deleted" AFTER DELETE ON "groups" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "municipalities_table_changed" ON "municipalities";--> statement-breakpoint
CREATE TRIGGER "municipalities_table_changed" AFTER INSERT OR TRUNCATE ON "municipalities"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "municipalities_rows_updated" AFTER UPDATE ON "municipalities" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "municipalities_rows_deleted" AFTER DELETE ON "municipalities" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "office_karing_table_changed" ON "office_karing";--> statement-breakpoint
CREATE TRIGGER "office_karing_table_changed" AFTER INSERT OR TRUNCATE ON "office_karing"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "office_karing_rows_updated" AFTER UPDATE ON "office_karing" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "office_karing_rows_deleted" AFTER DELETE ON "office_karing" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "office_payments_table_changed" ON "office_payments";--> statement-breakpoint
CREATE TRIGGER "office_payments_table_changed" AFTER INSERT OR TRUNCATE ON "office_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "office_payments_rows_updated" AFTER UPDATE ON "office_payments" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "office_payments_rows_deleted" AFTER DELETE ON "office_payments" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "office_sperta_table_changed" ON "office_sperta";--> statement-breakpoint
CREATE TRIGGER "office_sperta_table_changed" AFTER INSERT OR TRUNCATE ON "office_sperta"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "office_sperta_rows_updated" AFTER UPDATE ON "office_sperta" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "office_sperta_rows_deleted" AFTER DELETE ON "office_sperta" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "offices_table_changed" ON "offices";--> statement-breakpoint
CREATE TRIGGER "offices_table_changed" AFTER INSERT OR TRUNCATE ON "offices"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "offices_rows_updated" AFTER UPDATE ON "offices" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "offices_rows_deleted" AFTER DELETE ON "offices" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pax_table_changed" ON "pax";--> statement-breakpoint
CREATE TRIGGER "pax_table_changed" AFTER INSERT OR TRUNCATE ON "pax"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "pax_rows_updated" AFTER UPDATE ON "pax" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "pax_rows_deleted" AFTER DELETE ON "pax" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pax_black_list_table_changed" ON "pax_black_list";--> statement-breakpoint
CREATE TRIGGER "pax_black_list_table_changed" AFTER INSERT OR TRUNCATE ON "pax_black_list"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "pax_black_list_rows_updated" AFTER UPDATE ON "pax_black_list" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "pax_black_list_rows_deleted" AFTER DELETE ON "pax_black_list" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "permissions_table_changed" ON "permissions";--> statement-breakpoint
CREATE TRIGGER "permissions_table_changed" AFTER INSERT OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "permissions_rows_updated" AFTER UPDATE ON "permissions" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "permissions_rows_deleted" AFTER DELETE ON "permissions" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_sperta_table_changed" ON "product_sperta";--> statement-breakpoint
CREATE TRIGGER "product_sperta_table_changed" AFTER INSERT OR TRUNCATE ON "product_sperta"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "product_sperta_rows_updated" AFTER UPDATE ON "product_sperta" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "product_sperta_rows_deleted" AFTER DELETE ON "product_sperta" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_types_table_changed" ON "product_types";--> statement-breakpoint
CREATE TRIGGER "product_types_table_changed" AFTER INSERT OR TRUNCATE ON "product_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "product_types_rows_updated" AFTER UPDATE ON "product_types" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "product_types_rows_deleted" AFTER DELETE ON "product_types" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_table_changed" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_table_changed" AFTER INSERT OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "products_rows_updated" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "products_rows_deleted" AFTER DELETE ON "products" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "promotion_product_table_changed" ON "promotion_product";--> statement-breakpoint
CREATE TRIGGER "promotion_product_table_changed" AFTER INSERT OR TRUNCATE ON "promotion_product"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "promotion_product_rows_updated" AFTER UPDATE ON "promotion_product" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "promotion_product_rows_deleted" AFTER DELETE ON "promotion_product" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "promotion_product_office_table_changed" ON "promotion_product_office";--> statement-breakpoint
CREATE TRIGGER "promotion_product_office_table_changed" AFTER INSERT OR TRUNCATE ON "promotion_product_office"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "promotion_product_office_rows_updated" AFTER UPDATE ON "promotion_product_office" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "promotion_product_office_rows_deleted" AFTER DELETE ON "promotion_product_office" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "promotions_table_changed" ON "promotions";--> statement-breakpoint
CREATE TRIGGER "promotions_table_changed" AFTER INSERT OR TRUNCATE ON "promotions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "promotions_rows_updated" AFTER UPDATE ON "promotions" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "promotions_rows_deleted" AFTER DELETE ON "promotions" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "refunds_table_changed" ON "refunds";--> statement-breakpoint
CREATE TRIGGER "refunds_table_changed" AFTER INSERT OR TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "refunds_rows_updated" AFTER UPDATE ON "refunds" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "refunds_rows_deleted" AFTER DELETE ON "refunds" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "reservations_table_changed" ON "reservations";--> statement-breakpoint
CREATE TRIGGER "reservations_table_changed" AFTER INSERT OR TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "reservations_rows_updated" AFTER UPDATE ON "reservations" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "reservations_rows_deleted" AFTER DELETE ON "reservations" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "suppliers_table_changed" ON "suppliers";--> statement-breakpoint
CREATE TRIGGER "suppliers_table_changed" AFTER INSERT OR TRUNCATE ON "suppliers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "suppliers_rows_updated" AFTER UPDATE ON "suppliers" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "suppliers_rows_deleted" AFTER DELETE ON "suppliers" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_table_changed" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_table_changed" AFTER INSERT OR TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "tags_rows_updated" AFTER UPDATE ON "tags" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "tags_rows_deleted" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_table_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_table_changed" AFTER INSERT OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "users_rows_updated" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "users_rows_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "vouchers_table_changed" ON "vouchers";--> statement-breakpoint
CREATE TRIGGER "vouchers_table_changed" AFTER INSERT OR TRUNCATE ON "vouchers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "vouchers_rows_updated" AFTER UPDATE ON "vouchers" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "vouchers_rows_deleted" AFTER DELETE ON "vouchers" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "zones_table_changed" ON "zones";--> statement-breakpoint
CREATE TRIGGER "zones_table_changed" AFTER INSERT OR TRUNCATE ON "zones"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE TRIGGER "zones_rows_updated" AFTER UPDATE ON "zones" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();--> statement-breakpoint
CREATE TRIGGER "zones_rows_deleted" AFTER DELETE ON "zones" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_removals"();
