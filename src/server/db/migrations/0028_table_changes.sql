-- Issue 29 (caches that hold across instances; changes to principals by construction).
--
-- 1. The table change feed: after every INSERT, UPDATE, DELETE or TRUNCATE statement on a table
--    the engine lists (and the tables its filters look up), pg_notify('table_changed', <table>).
--    Every instance drops what it remembers of that table (deep-offset anchors, remembered
--    lookups, capped counts; src/server/cache/tableMemory.ts, whose ANNOUNCED_TABLES lists the
--    same tables). Statement-level: one announcement per statement, and PostgreSQL folds equal
--    announcements of one transaction into one, delivered at commit (never for a rollback).
--    A new listed table gets its trigger in its own migration:
--      CREATE TRIGGER "<table>_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "<table>"
--        FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
-- 2. The principal epoch by construction: any statement on groups, permissions, group
--    permissions, user groups, user permissions or user modules bumps app_meta's
--    'principal_epoch' in its own transaction (whose trigger, migration 0024, announces '*' on
--    'principal_changed'), so no write path (the engine, a script, an administrator's SQL) has to
--    remember to.
CREATE OR REPLACE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "aditional_office_table_changed" ON "aditional_office";--> statement-breakpoint
CREATE TRIGGER "aditional_office_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "aditional_office"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_table_changed" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "business_units_table_changed" ON "business_units";--> statement-breakpoint
CREATE TRIGGER "business_units_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "countries_table_changed" ON "countries";--> statement-breakpoint
CREATE TRIGGER "countries_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "coverages_table_changed" ON "coverages";--> statement-breakpoint
CREATE TRIGGER "coverages_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coverages"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "currencies_table_changed" ON "currencies";--> statement-breakpoint
CREATE TRIGGER "currencies_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "groups_table_changed" ON "groups";--> statement-breakpoint
CREATE TRIGGER "groups_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "municipalities_table_changed" ON "municipalities";--> statement-breakpoint
CREATE TRIGGER "municipalities_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "municipalities"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "office_karing_table_changed" ON "office_karing";--> statement-breakpoint
CREATE TRIGGER "office_karing_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "office_karing"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "office_payments_table_changed" ON "office_payments";--> statement-breakpoint
CREATE TRIGGER "office_payments_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "office_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "office_sperta_table_changed" ON "office_sperta";--> statement-breakpoint
CREATE TRIGGER "office_sperta_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "office_sperta"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "offices_table_changed" ON "offices";--> statement-breakpoint
CREATE TRIGGER "offices_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offices"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pax_table_changed" ON "pax";--> statement-breakpoint
CREATE TRIGGER "pax_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pax"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "pax_black_list_table_changed" ON "pax_black_list";--> statement-breakpoint
CREATE TRIGGER "pax_black_list_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pax_black_list"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "permissions_table_changed" ON "permissions";--> statement-breakpoint
CREATE TRIGGER "permissions_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_sperta_table_changed" ON "product_sperta";--> statement-breakpoint
CREATE TRIGGER "product_sperta_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_sperta"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_types_table_changed" ON "product_types";--> statement-breakpoint
CREATE TRIGGER "product_types_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_table_changed" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "promotion_product_table_changed" ON "promotion_product";--> statement-breakpoint
CREATE TRIGGER "promotion_product_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotion_product"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "promotion_product_office_table_changed" ON "promotion_product_office";--> statement-breakpoint
CREATE TRIGGER "promotion_product_office_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotion_product_office"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "promotions_table_changed" ON "promotions";--> statement-breakpoint
CREATE TRIGGER "promotions_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "refunds_table_changed" ON "refunds";--> statement-breakpoint
CREATE TRIGGER "refunds_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "reservations_table_changed" ON "reservations";--> statement-breakpoint
CREATE TRIGGER "reservations_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "suppliers_table_changed" ON "suppliers";--> statement-breakpoint
CREATE TRIGGER "suppliers_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suppliers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_table_changed" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_table_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "vouchers_table_changed" ON "vouchers";--> statement-breakpoint
CREATE TRIGGER "vouchers_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vouchers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "zones_table_changed" ON "zones";--> statement-breakpoint
CREATE TRIGGER "zones_table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "zones"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_principal_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app_meta" ("key", "value") VALUES ('principal_epoch', '1')
    ON CONFLICT ("key") DO UPDATE SET "value" = ("app_meta"."value"::bigint + 1)::text, "updated_at" = now();
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "groups_principal_epoch" ON "groups";--> statement-breakpoint
CREATE TRIGGER "groups_principal_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_principal_epoch"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "permissions_principal_epoch" ON "permissions";--> statement-breakpoint
CREATE TRIGGER "permissions_principal_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_principal_epoch"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "group_permissions_principal_epoch" ON "group_permissions";--> statement-breakpoint
CREATE TRIGGER "group_permissions_principal_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_principal_epoch"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_groups_principal_epoch" ON "user_groups";--> statement-breakpoint
CREATE TRIGGER "user_groups_principal_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_principal_epoch"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_permissions_principal_epoch" ON "user_permissions";--> statement-breakpoint
CREATE TRIGGER "user_permissions_principal_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_principal_epoch"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_modules_principal_epoch" ON "user_modules";--> statement-breakpoint
CREATE TRIGGER "user_modules_principal_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_modules"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_principal_epoch"();
