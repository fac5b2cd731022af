CREATE TABLE "attempt_counters" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" varchar(150) DEFAULT '' NOT NULL,
	"entity" varchar(60) NOT NULL,
	"record_id" varchar(60) NOT NULL,
	"action" varchar(60) NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "attempt_counters_updated_idx" ON "attempt_counters" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("entity","record_id","id");--> statement-breakpoint
CREATE INDEX "stored_files_orphan_idx" ON "stored_files" USING btree ("created_at") WHERE attached_at is null;--> statement-breakpoint
UPDATE "stored_files" SET "attached_at" = "created_at" WHERE "id" IN (SELECT "file_id" FROM "refund_files");