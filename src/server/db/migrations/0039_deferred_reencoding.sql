-- Issue 39 (acknowledge early): a traveller's JPEG or PNG is checked by content and header and
-- stored as sent before the upload answers; its decoding and re-encoding (orientation applied,
-- metadata stripped) run afterwards in the heavy-work pool. 'pending' until then, 'done' after,
-- 'refused' when the full decode failed (its bytes are removed). Files stored before this
-- migration were re-encoded on upload.
ALTER TABLE "stored_files" ADD COLUMN "reencoding" varchar(10) DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "reencoding_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_reencoding_check" CHECK ("stored_files"."reencoding" in ('pending', 'done', 'refused'));--> statement-breakpoint
CREATE INDEX "stored_files_reencoding_pending_idx" ON "stored_files" USING btree ("created_at") WHERE reencoding = 'pending';
