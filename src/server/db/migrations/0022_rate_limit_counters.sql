-- Issue 11 'Several instances': the per-route request limits of the public calls (@fastify/rate-limit)
-- count in the database, so every instance on one database shares them. One row per route and client
-- key, a fixed window that restarts when it has ended; rows whose window ended are deleted in small
-- batches by the store itself (src/server/http/rateLimitStore.ts).
CREATE TABLE "rate_limit_counters" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" USING btree ("window_ends_at");
