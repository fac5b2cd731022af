-- Issue 43 'Move an agency over from the original system': `npm run import` reads the original
-- API (SPEC §7) and keeps here, in the product's database, what it brought across.
-- import_id_map: one row per imported record (entity = the source path, 'voucher', 'office'...):
--   its id in the original system, its id here, and the hash of the source fields it was written
--   from (same hash on a later run: unchanged, skipped). Every foreign key resolves through it.
-- import_checkpoints: per entity, the page the interrupted run had committed (written in the
--   batch's own transaction), so a run stopped by kill -9 continues there.
-- import_quarantine: records that could not be brought across (a parent missing, a number taken),
--   with the reason; never linked to something else.
CREATE TABLE "import_id_map" (
	"entity" varchar(40) NOT NULL,
	"legacy_id" bigint NOT NULL,
	"new_id" bigint NOT NULL,
	"source_hash" varchar(64) NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_id_map_pk" PRIMARY KEY("entity","legacy_id")
);--> statement-breakpoint
CREATE INDEX "import_id_map_new_idx" ON "import_id_map" USING btree ("entity","new_id");--> statement-breakpoint
CREATE TABLE "import_checkpoints" (
	"entity" varchar(40) PRIMARY KEY NOT NULL,
	"source" varchar(500) DEFAULT '' NOT NULL,
	"next_offset" integer DEFAULT 0 NOT NULL,
	"last_legacy_id" bigint,
	"done" boolean DEFAULT false NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "import_quarantine" (
	"entity" varchar(40) NOT NULL,
	"legacy_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"record" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_quarantine_pk" PRIMARY KEY("entity","legacy_id")
);
