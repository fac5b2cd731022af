-- The principal change feed (issue 11): every instance keeps the validity of the users it serves
-- (token version, active flag, last update, principal epoch) and forgets it when PostgreSQL
-- announces a change on the 'principal_changed' channel: a user's id when its row changes or goes,
-- '*' when the principal epoch moves (groups, group permissions, user groups, permissions,
-- modules). The announcements come from the database itself, so every writer is covered: this
-- server, another instance, an administrator's SQL. NOTIFY is delivered at commit, never for a
-- rolled-back change.
CREATE OR REPLACE FUNCTION "announce_principal_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('principal_changed', OLD."id"::text);
  ELSIF (TG_OP = 'DELETE' AND OLD."key" = 'principal_epoch') OR (TG_OP <> 'DELETE' AND NEW."key" = 'principal_epoch') THEN
    PERFORM pg_notify('principal_changed', '*');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_principal_change" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_principal_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_principal_change"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "app_meta_principal_change" ON "app_meta";--> statement-breakpoint
CREATE TRIGGER "app_meta_principal_change" AFTER INSERT OR UPDATE OR DELETE ON "app_meta"
  FOR EACH ROW EXECUTE FUNCTION "announce_principal_change"();
