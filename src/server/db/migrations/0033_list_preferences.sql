-- Issue 32 'Lists': what a staff user chose for a list, kept on the server per user and list.
-- list_preferences holds the columns shown (the list's own keys, in order); saved_views holds
-- named list states (the URL query: filters, tab, ordering) with their columns. Both are
-- user-scoped: the API reads and writes only the signed-in user's rows.
CREATE TABLE "list_preferences" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"list_key" varchar(60) NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_preferences_pkey" PRIMARY KEY("user_id","list_key")
);--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"list_key" varchar(60) NOT NULL,
	"name" varchar(80) NOT NULL,
	"query" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_idx" ON "saved_views" USING btree ("user_id","list_key","name");
