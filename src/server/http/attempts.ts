/**
 * Attempt counters in the database (issue 10 'Limits that stop attackers and not travellers'):
 * every server instance on one database sees the same counters, and they survive a restart.
 *
 * A counter counts failures (or, for password reset, requests) under one key, e.g.
 * `refund-login-address|203.0.113.7`. The first `freeFailures` cost nothing; each further one
 * blocks the key for a growing delay (`firstDelayMs`, doubled each time, capped at `maxDelayMs`),
 * so a guesser slows down exponentially while a traveller who mistypes twice never notices.
 * A counter idle for `forgetAfterMs` starts again from zero. Successes are never recorded.
 * Besides counters the table holds two kinds of rows for the staff sign-in (issue 28 §5): turns
 * in the queue of a locked account (`takeTurn`) and once-per-period claims (`claimOncePer`).
 *
 * One atomic `INSERT … ON CONFLICT DO UPDATE` per failure: concurrent failures on several
 * instances each add one, and it runs the same on PGlite and PostgreSQL.
 */
import { isIPv6 } from 'node:net';
import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attemptCounters } from '../db/schema';

export interface AttemptPolicy {
  /** The key space, the first part of every key (`<name>|<key>`). */
  name: string;
  /** Failures that cost nothing. */
  freeFailures: number;
  /** The block after the first failure over the free ones; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest block one failure can cause: a wrong guess never locks anyone out for longer. */
  maxDelayMs: number;
  /** A counter without failures for this long starts again from zero. */
  forgetAfterMs: number;
}

/** The block (ms) that the `failures`-th failure causes under `policy`. */
export function delayAfter(policy: AttemptPolicy, failures: number): number {
  if (failures <= policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures - 1, 40);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

export interface AttemptKey {
  policy: AttemptPolicy;
  /** The key inside the policy's space (an address, a voucher+document pair, an account). */
  key: string;
}

export interface FailureRecord {
  failures: number;
  /** How long the key is now blocked (0 while failures are free). */
  blockedForMs: number;
}

// Control characters (NUL above all, which PostgreSQL refuses in text) never reach the key.
const fullKey = ({ policy, key }: AttemptKey) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  `${policy.name}|${key}`.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 300);
const iso = (date: Date) => date.toISOString();

export function createAttemptCounters(db: Database, clock: () => Date = () => new Date()) {
  return {
    /**
     * The longest remaining block among `keys` (ms), 0 when none is blocked. Reading only: a
     * blocked attempt is refused before any work and is not counted again.
     */
    async blockedFor(keys: readonly AttemptKey[], now = clock()): Promise<number> {
      if (keys.length === 0) return 0;
      const rows = await db
        .select({ blockedUntil: attemptCounters.blockedUntil })
        .from(attemptCounters)
        .where(and(inArray(attemptCounters.key, keys.map(fullKey)), gt(attemptCounters.blockedUntil, now)));
      let longest = 0;
      for (const row of rows) {
        if (row.blockedUntil) longest = Math.max(longest, row.blockedUntil.getTime() - now.getTime());
      }
      return longest;
    },

    /** Counts one failure under `key` and blocks it for the policy's delay; atomic. */
    async recordFailure(attempt: AttemptKey, now = clock()): Promise<FailureRecord> {
      const { policy } = attempt;
      const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs);
      const nowSql = sql`${iso(now)}::timestamptz`;
      const stale = sql`${attemptCounters.updatedAt} < ${iso(forgetBefore)}::timestamptz`;
      const failures = sql`(case when ${stale} then 1 else ${attemptCounters.failures} + 1 end)`;
      const delayMs = (count: ReturnType<typeof sql>) =>
        sql`least(${policy.maxDelayMs}::float8, ${policy.firstDelayMs}::float8 * power(2::float8, least(${count} - ${policy.freeFailures} - 1, 40)::float8))`;
      const blockedUntil = (count: ReturnType<typeof sql>) =>
        sql`(case when ${count} > ${policy.freeFailures} then ${nowSql} + make_interval(secs => ${delayMs(count)} / 1000.0) else null end)`;
      const firstBlock = delayAfter(policy, 1);
      const [row] = await db
        .insert(attemptCounters)
        .values({
          key: fullKey(attempt),
          failures: 1,
          windowStartedAt: now,
          blockedUntil: firstBlock > 0 ? new Date(now.getTime() + firstBlock) : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: {
            failures,
            windowStartedAt: sql`(case when ${stale} then ${nowSql} else ${attemptCounters.windowStartedAt} end)`,
            // Never shorten a block that a concurrent failure already set.
            blockedUntil: sql`(case when ${stale} then ${blockedUntil(failures)} else greatest(${attemptCounters.blockedUntil}, ${blockedUntil(failures)}) end)`,
            updatedAt: now,
          },
        })
        .returning({ failures: attemptCounters.failures, blockedUntil: attemptCounters.blockedUntil });
      const until = row.blockedUntil?.getTime() ?? 0;
      return { failures: row.failures, blockedForMs: Math.max(0, until - now.getTime()) };
    },

    /**
     * A turn in the queue of a locked account (issue 28 §5): the first call for `attempt` opens
     * a turn that is ready `waitMs` (at most the policy's `maxDelayMs`) from now and answers that
     * wait; later calls answer what is left of it; the first call once it is ready takes it
     * (deletes it, atomically: exactly one of concurrent callers) and answers 0, the only answer
     * that lets the attempt go on. A turn not taken within the policy's `forgetAfterMs` after it
     * became ready lapses, and the next call opens a new one. Stored with one failure, so the
     * maintenance prunes it after a day at the latest.
     */
    async takeTurn(attempt: AttemptKey, waitMs: number, now = clock()): Promise<number> {
      const key = fullKey(attempt);
      const lapsedBefore = new Date(now.getTime() - attempt.policy.forgetAfterMs);
      const taken = await db
        .delete(attemptCounters)
        .where(
          and(
            eq(attemptCounters.key, key),
            lte(attemptCounters.blockedUntil, now),
            gt(attemptCounters.blockedUntil, lapsedBefore),
          ),
        )
        .returning({ key: attemptCounters.key });
      if (taken.length > 0) return 0;
      const readyAt = new Date(now.getTime() + Math.min(waitMs, attempt.policy.maxDelayMs));
      const [row] = await db
        .insert(attemptCounters)
        .values({ key, failures: 1, windowStartedAt: now, blockedUntil: readyAt, updatedAt: now })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: { windowStartedAt: now, blockedUntil: readyAt, updatedAt: now },
          setWhere: sql`(${attemptCounters.blockedUntil} is null or ${attemptCounters.blockedUntil} <= ${iso(lapsedBefore)}::timestamptz)`,
        })
        .returning({ blockedUntil: attemptCounters.blockedUntil });
      if (row?.blockedUntil) return Math.max(1, row.blockedUntil.getTime() - now.getTime());
      const [current] = await db
        .select({ blockedUntil: attemptCounters.blockedUntil })
        .from(attemptCounters)
        .where(eq(attemptCounters.key, key));
      // A turn already open: what is left of it (at least 1 ms: a ready one that a concurrent
      // call took a moment ago leaves the next call to open a new one).
      return Math.max(1, (current?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime());
    },

    /**
     * Whether `attempt` may do something that is allowed once per `everyMs` (e.g. mail a
     * warning): true for exactly one caller per period, across instances (one atomic upsert).
     */
    async claimOncePer(attempt: AttemptKey, everyMs: number, now = clock()): Promise<boolean> {
      const claimed = await db
        .insert(attemptCounters)
        .values({ key: fullKey(attempt), failures: 0, windowStartedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: { windowStartedAt: now, updatedAt: now },
          setWhere: lte(attemptCounters.windowStartedAt, new Date(now.getTime() - everyMs)),
        })
        .returning({ key: attemptCounters.key });
      return claimed.length > 0;
    },

    /**
     * Deletes failure counters (and turns) idle for a day and claims idle for `markersAfterMs`
     * (run by the maintenance job); answers how many rows went.
     */
    async prune(markersAfterMs: number, now = clock()): Promise<number> {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const markersBefore = new Date(now.getTime() - markersAfterMs);
      const removed = await db
        .delete(attemptCounters)
        .where(
          or(
            and(gt(attemptCounters.failures, 0), lt(attemptCounters.updatedAt, dayAgo)),
            lt(attemptCounters.updatedAt, markersBefore),
          ),
        )
        .returning({ key: attemptCounters.key });
      return removed.length;
    },
  };
}

export type AttemptCounters = ReturnType<typeof createAttemptCounters>;

/** Seconds to put in a Retry-After header and a message (at least 1). */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The key of a client address for the per-address counters: an IPv4 address as is (also when
 * written IPv4-mapped, '::ffff:203.0.113.7'), an IPv6 address by its /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise change address at every try.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
