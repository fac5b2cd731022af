-- Issue 31 (docs/receipt-reading.md): what the server read on each page of a stored receipt: the
-- OCR text and confidence, the extracted total, date, currency and merchant tax id with their
-- confidences, and the page's perceptual hash (256-bit dHash, 64 hex digits) for reuse detection.
CREATE TABLE IF NOT EXISTS "receipt_readings" (
  "file_id" uuid NOT NULL REFERENCES "stored_files"("id") ON DELETE CASCADE,
  "page" smallint NOT NULL,
  "status" varchar(20) NOT NULL,
  "text" text NOT NULL DEFAULT '',
  "ocr_confidence" real NOT NULL DEFAULT 0,
  "total" numeric(14, 2),
  "total_confidence" real NOT NULL DEFAULT 0,
  "date" date,
  "date_confidence" real NOT NULL DEFAULT 0,
  "currency" varchar(3),
  "currency_confidence" real NOT NULL DEFAULT 0,
  "tax_id" varchar(30),
  "tax_id_kind" varchar(10),
  "tax_id_confidence" real NOT NULL DEFAULT 0,
  "dhash" char(64),
  "milliseconds" integer NOT NULL DEFAULT 0,
  "read_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "receipt_readings_pkey" PRIMARY KEY ("file_id", "page"),
  CONSTRAINT "receipt_readings_status_check" CHECK ("status" IN ('read', 'unreadable', 'failed'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "receipt_readings_figures_idx" ON "receipt_readings" USING btree ("tax_id", "date", "total") WHERE "tax_id" IS NOT NULL;
