CREATE TABLE "export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" varchar(64) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"owner_id" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"row_limit" integer NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"rows_total" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"file_key" varchar(400),
	"file_parts" integer DEFAULT 0 NOT NULL,
	"file_size" bigint,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(64),
	"locked_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "export_jobs_hash_unique" UNIQUE("hash"),
	CONSTRAINT "export_jobs_status_check" CHECK ("status" in ('pending', 'running', 'ok', 'error', 'consumed'))
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_claim_idx" ON "export_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_owner_idx" ON "export_jobs" USING btree ("owner_id","status");
