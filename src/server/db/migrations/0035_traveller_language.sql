-- Issue 42: the traveller's language (es, pt, en), remembered with the wizard's draft and with the
-- refund, so that the status page and every mail to the traveller use the language chosen in the
-- portal. A draft saved before this migration has none (the portal then chooses again); a refund
-- sent before it was in Spanish.
ALTER TABLE "refund_drafts" ADD COLUMN "language" varchar(2);--> statement-breakpoint
ALTER TABLE "refund_drafts" ADD CONSTRAINT "refund_drafts_language_check" CHECK ("refund_drafts"."language" is null or "refund_drafts"."language" in ('es', 'pt', 'en'));--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "language" varchar(2) DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_language_check" CHECK ("refunds"."language" in ('es', 'pt', 'en'));
