-- Issue 18 'Sorting puts accented names after Z': lists and exports order text the Spanish way
-- ('Álvarez' among the A's, 'ñ' after 'n', case ignored). PGlite has no ICU collations, so the
-- order is a key: lower case without accents, 'ñ' as 'n~' ('~' sorts after every letter in the
-- "C" collation the engine orders it by). An IMMUTABLE SQL function, the same on PGlite and
-- PostgreSQL, so expression indexes can hold it. Plain ASCII (most names) takes the cheap branch
-- (an ASCII lower()); translate() only runs on the rest: 25 times faster on PGlite. Not STRICT and
-- with the caller's collation, so the planner inlines it.
CREATE OR REPLACE FUNCTION es_sort_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select (case when octet_length(value) = char_length(value) then lower(value collate "C") else replace(translate(lower(value collate "C"), 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÝýÿÇçÑ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyccñ'), 'ñ', 'n~') end) collate "default" $$;--> statement-breakpoint
-- The passengers' sorted screens at a million rows (issue 11) walk these instead of sorting.
DROP INDEX IF EXISTS "pax_name_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "pax_surname_id_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pax_name_es_idx" ON "pax" USING btree ((es_sort_key("name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pax_surname_es_idx" ON "pax" USING btree ((es_sort_key("surname") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pax_doc_number_es_idx" ON "pax" USING btree ((es_sort_key("doc_number") COLLATE "C"),"id");--> statement-breakpoint
-- The office list's default order (long_name), and its exports, at a million offices.
CREATE INDEX IF NOT EXISTS "offices_long_name_es_idx" ON "offices" USING btree ((es_sort_key("long_name") COLLATE "C"),"id");
