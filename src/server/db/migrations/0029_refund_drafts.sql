-- Issue 30 §1: the refund wizard's draft kept on the server, one per login subject (the voucher
-- and the document that opened it), so a traveller resumes from any browser. `version` is the
-- optimistic-concurrency counter (a stale write answers 409). The files the draft references are
-- listed in refund_draft_files: the orphan collector keeps them while the draft lives. Drafts
-- untouched for 30 days are deleted by the maintenance job (their files then become orphans).
CREATE TABLE "refund_drafts" (
	"voucher_id" integer NOT NULL REFERENCES "vouchers"("id") ON DELETE CASCADE,
	"doc_number" varchar(30) NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_drafts_pkey" PRIMARY KEY("voucher_id","doc_number")
);--> statement-breakpoint
CREATE INDEX "refund_drafts_updated_at_idx" ON "refund_drafts" USING btree ("updated_at");--> statement-breakpoint
CREATE TABLE "refund_draft_files" (
	"voucher_id" integer NOT NULL,
	"doc_number" varchar(30) NOT NULL,
	"file_id" uuid NOT NULL REFERENCES "stored_files"("id") ON DELETE CASCADE,
	CONSTRAINT "refund_draft_files_pkey" PRIMARY KEY("voucher_id","doc_number","file_id"),
	CONSTRAINT "refund_draft_files_draft_fk" FOREIGN KEY ("voucher_id","doc_number")
		REFERENCES "refund_drafts"("voucher_id","doc_number") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "refund_draft_files_file_idx" ON "refund_draft_files" USING btree ("file_id");
