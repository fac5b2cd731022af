-- Issue 17 'Links': the signed links that answer a refund request (documents or bank data).
ALTER TABLE "refund_requests" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "mailed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "completed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "response_comment" varchar(255) DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX "refund_requests_unmailed_idx" ON "refund_requests" USING btree ("id") WHERE "mailed_at" is null and "closed_at" is null;
--> statement-breakpoint
ALTER TABLE "refund_files" ADD COLUMN "request_id" integer;
--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_request_id_refund_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."refund_requests"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refund_files" DROP CONSTRAINT "refund_files_kind_check";
--> statement-breakpoint
ALTER TABLE "refund_files" ADD CONSTRAINT "refund_files_kind_check" CHECK ("refund_files"."kind" in ('claim', 'authorization_letter', 'authorized_document', 'pending_doc') and (("refund_files"."kind" = 'claim') = ("refund_files"."claim_id" is not null)));
