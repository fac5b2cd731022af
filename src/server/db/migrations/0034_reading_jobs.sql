-- Issue 39 'Durable': the queue of receipt readings lives in the database, so a restart or a
-- kill -9 resumes it and any instance with RECEIPT_READING=true may take a job. One row per stored
-- file to read (written in the upload's transaction), claimed with FOR UPDATE SKIP LOCKED in a
-- per-voucher fair order (services/receiptReading/queue.ts). Files stored before this migration
-- and not read yet are queued here too.
CREATE TABLE "reading_jobs" (
	"file_id" uuid PRIMARY KEY NOT NULL REFERENCES "stored_files"("id") ON DELETE CASCADE,
	"voucher_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(64),
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reading_jobs_status_check" CHECK ("reading_jobs"."status" in ('pending', 'running', 'done', 'failed'))
);--> statement-breakpoint
CREATE INDEX "reading_jobs_queue_idx" ON "reading_jobs" USING btree ("voucher_id","created_at") WHERE status in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "reading_jobs_voucher_idx" ON "reading_jobs" USING btree ("voucher_id","started_at");--> statement-breakpoint
-- What the in-memory queue of the previous version had not read yet (a recent upload, not read).
INSERT INTO "reading_jobs" ("file_id", "voucher_id", "created_at")
SELECT f."id", f."voucher_id", f."created_at" FROM "stored_files" f
WHERE f."created_at" > now() - interval '1 day'
  AND NOT EXISTS (SELECT 1 FROM "receipt_readings" r WHERE r."file_id" = f."id");
