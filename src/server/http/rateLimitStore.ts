/**
 * @fastify/rate-limit's store in the database (issue 11 'Several instances'): the per-route
 * request limits of the public calls (`rateLimited(max, window)` in rateLimit.ts) are counted in
 * `rate_limit_counters`, so every instance on one database shares them and a client gets the
 * limit once, not once per instance behind the load balancer.
 *
 * - One atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` per counted request: concurrent
 *   requests on several instances each add one. It runs the same on PGlite and PostgreSQL.
 * - A fixed window per key: the first request opens it for the route's `timeWindow`; the first
 *   request after it has ended opens a new one at 1 (as the plugin's memory store does).
 * - Keys are namespaced per route (`<method> <url>|…`), so two routes never share a bucket; the
 *   client key (an address, perhaps with a username or a voucher) is stored as its SHA-256, so a
 *   key of any length or content (NUL bytes, which PostgreSQL refuses in text) fits the column.
 * - Rows whose window has ended mean nothing (the next request starts again at 1); each process
 *   deletes them in bounded batches at most once a minute, piggybacked on a counted request, so
 *   the table never grows with old clients and no extra job is needed.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** At most this many ended rows are deleted by one clean-up. */
export const RATE_LIMIT_PRUNE_BATCH = 500;
/** A process cleans up at most this often (sooner again while it finds full batches). */
export const RATE_LIMIT_PRUNE_EVERY_MS = 60 * 1000;
/** Far above any limit; keeps a flood from overflowing the integer column. */
const HITS_CAP = 1_000_000_000;

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

const iso = (date: Date) => date.toISOString();

/** The stored key: the route's scope, readable, and the client key's digest. */
export function rateLimitKey(scope: string, clientKey: string): string {
  const digest = createHash('sha256').update(clientKey, 'utf8').digest('base64url');
  return `${scope.slice(0, 150)}|${digest}`;
}

/** The counters themselves, without the plugin (the store below, and tests with a clock). */
export function createRateLimitCounters(db: Database, clock: () => Date = () => new Date()) {
  return {
    /** Counts one request under `key` in a window of `windowMs`; atomic. */
    async hit(key: string, windowMs: number, now = clock()): Promise<RateLimitHit> {
      const nowSql = sql`${iso(now)}::timestamptz`;
      const ended = sql`${rateLimitCounters.windowEndsAt} <= ${nowSql}`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, windowEndsAt: new Date(now.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            // Both expressions read the row as it was: an ended window restarts at 1 with the new end.
            hits: sql`(case when ${ended} then 1 else least(${rateLimitCounters.hits} + 1, ${HITS_CAP}) end)`,
            windowEndsAt: sql`(case when ${ended} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end)`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
      return { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - now.getTime()) };
    },

    /**
     * Deletes up to `limit` rows whose window had ended at `now`; answers how many went. The
     * condition is checked again by the DELETE itself, so a row that another instance has just
     * restarted is kept.
     */
    async pruneEnded(now = clock(), limit = RATE_LIMIT_PRUNE_BATCH): Promise<number> {
      const nowSql = sql`${iso(now)}::timestamptz`;
      const removed = await db
        .delete(rateLimitCounters)
        .where(
          sql`${rateLimitCounters.key} in (select "key" from "rate_limit_counters" where "window_ends_at" <= ${nowSql} limit ${limit}) and ${rateLimitCounters.windowEndsAt} <= ${nowSql}`,
        )
        .returning({ key: rateLimitCounters.key });
      return removed.length;
    },
  };
}

/** What the plugin hands to the store's constructor and to `child`: we read the route only. */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const scopeOf = (params: StoreParams | undefined): string => {
  const route = params?.routeInfo;
  if (!route?.url) return 'global';
  const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
  return `${method} ${route.url}`;
};

export interface DatabaseRateLimitStoreOptions {
  /** Where a failed counter write is reported (the request goes on). */
  log: Pick<FastifyBaseLogger, 'warn'>;
  clock?: () => Date;
}

/**
 * The store class for `app.register(rateLimit, { store })`: the plugin makes one with its
 * settings and a child per route (`child(routeOptions)`, the route in `routeInfo`).
 */
export function databaseRateLimitStore(
  db: Database,
  options: DatabaseRateLimitStoreOptions,
): FastifyRateLimitStoreCtor {
  const clock = options.clock ?? (() => new Date());
  const counters = createRateLimitCounters(db, clock);
  let nextPruneAt = 0;

  async function pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() < nextPruneAt) return;
    nextPruneAt = now.getTime() + RATE_LIMIT_PRUNE_EVERY_MS;
    const removed = await counters.pruneEnded(now);
    // A full batch: more may be waiting, so the next counted request cleans up again.
    if (removed >= RATE_LIMIT_PRUNE_BATCH) nextPruneAt = 0;
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(params?: unknown) {
      this.scope = scopeOf(params as StoreParams | undefined);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitHit) => void,
      timeWindow: number,
    ): void {
      const now = clock();
      (async () => {
        const hit = await counters.hit(rateLimitKey(this.scope, String(key)), timeWindow, now);
        await pruneNowAndThen(now);
        return hit;
      })().then(
        (hit) => callback(null, hit),
        // Fails OPEN on purpose: these limits are a flood guard in front of routes that have their
        // own database counters for what matters (sign-in and refund-login failures, attempts.ts).
        // A counter write that fails (a lock timeout, a failover, a full disk) must not turn the
        // refund portal away nor answer the traveller a 500; the request goes on uncounted, and
        // the failure is logged for the operator.
        (error: unknown) => {
          options.log.warn(
            { err: error, scope: this.scope },
            'rate-limit counter not written; request allowed',
          );
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
