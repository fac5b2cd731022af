-- Issue 17 'Staff review (Reintegros)': the refund lifecycle of src/contracts/refundLifecycle.ts.
UPDATE "refunds" SET "status" = 'RECIBIDO' WHERE "status" = 'PENDIENTE';
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "status" SET DEFAULT 'RECIBIDO';
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "rejection_reason" varchar(500) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('RECIBIDO', 'EN_REVISION', 'DOCUMENTACION_SOLICITADA', 'DATOS_BANCARIOS_SOLICITADOS', 'APROBADO', 'PAGADO', 'RECHAZADO'));
--> statement-breakpoint
ALTER TABLE "refund_claims" ADD COLUMN "approved_amount" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "refund_claims" ADD CONSTRAINT "refund_claims_approved_amount_check" CHECK ("refund_claims"."approved_amount" is null or "refund_claims"."approved_amount" >= 0);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_files" smallint,
	"observations" varchar(500) DEFAULT '' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "refund_requests_kind_check" CHECK ("refund_requests"."kind" in ('documents', 'bank_data'))
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refund_requests_refund_idx" ON "refund_requests" USING btree ("refund_id","id");
--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");
--> statement-breakpoint
INSERT INTO "permissions" ("codename", "resource", "action", "name") VALUES ('refund/change', 'refund', 'change', 'Cambiar estado refund') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
SELECT "held"."group_id", "change"."id"
FROM "group_permissions" "held"
JOIN "permissions" "add" ON "add"."id" = "held"."permission_id" AND "add"."codename" = 'refund/add'
CROSS JOIN "permissions" "change"
WHERE "change"."codename" = 'refund/change'
ON CONFLICT DO NOTHING;
