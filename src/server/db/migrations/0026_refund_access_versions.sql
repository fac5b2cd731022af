-- Issue 28 §6: refund-portal tokens carry a version. One row per login subject (a voucher and the
-- document that opened it); a token is honoured only while its `ver` claim equals the row's
-- version. A new refund login, a submitted refund and 'Salir' (POST /refund_data/logout/) raise
-- it, so every earlier token of that subject stops working at once, on every instance. Tokens
-- issued before this migration carry no version and are refused (they lasted an hour at most).
CREATE TABLE "refund_access_versions" (
	"voucher_id" integer NOT NULL,
	"doc_number" varchar(30) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_access_versions_pkey" PRIMARY KEY("voucher_id","doc_number")
);
