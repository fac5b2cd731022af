CREATE TABLE "file_blobs" (
	"key" varchar(500) PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pax_name_id_idx" ON "pax" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "pax_surname_id_idx" ON "pax" USING btree ("surname","id");