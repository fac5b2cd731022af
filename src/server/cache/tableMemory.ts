/**
 * Memory of what a table answered (a list's deep-offset anchors, remembered lookups, capped
 * counts), kept across instances by the database's change feed (issue 29 §caches).
 *
 * Migration 0028's statement-level triggers announce `pg_notify('table_changed', <table>)` after
 * every INSERT, UPDATE, DELETE or TRUNCATE of every table the engine lists, whoever writes it (this
 * instance, another one behind the balancer, an administrator's SQL). NOTIFY is delivered at
 * commit, never for a rolled-back change. Every instance listening (`watchTableChanges`, started
 * by the app) drops that table's entries when the announcement arrives, milliseconds after the
 * commit. Rules that keep it exact:
 * - while the feed is heard, an entry is served until its table changes (or its own `ttl`);
 * - while it is not heard (starting, or its connection lost; or a reader with no feed at all), an
 *   entry is served at most `UNHEARD_BOUND_MS` after it was stored: the bound on staleness;
 * - when the feed is heard again, everything remembered is dropped (announcements may have been
 *   missed);
 * - an answer whose read started before a change of its table is not stored (`changeMark`);
 * - a write this instance commits through the engine drops the table at once (`tableChanged`),
 *   without waiting for its own announcement.
 * Removals (migration 0040): an announcement also says how many rows its statement may have
 * removed from what any filter of the table matches ('<table> 0' for an INSERT, '<table> <rows>
 * <running>' for an UPDATE or DELETE, the bare name for a TRUNCATE: not counted). An answer that
 * stays true while rows are only added, a capped count ('more than 10,000'), is stored with a
 * slack (`setTolerant`: the rows it counted past its claim) and kept through counted changes of its
 * own table while their removals fit in that slack; an uncounted change, or a change of another
 * table it depends on, drops it as before. The engine's own writes are counted too (it reads the
 * transaction's running total before committing), and then counted again when their announcement
 * arrives: twice, which only shortens the slack.
 */
import type { ChannelListener, DatabaseHandle } from '../db/client';
import { type BoundedCache, boundedCache } from './bounded';

/**
 * The channel migration 0028's triggers announce on: the table's name, then (migration 0040) the
 * rows the statement may have removed from a filter's matches when counted.
 */
export const TABLE_CHANNEL = 'table_changed';
/** How long a remembered answer is served while the change feed is not heard. */
export const UNHEARD_BOUND_MS = 2_000;

/**
 * The tables migration 0028 announces changes of: every table the engine lists, and the tables
 * its filters look up. An answer that depends on any other table (a filter's subquery on it) is
 * served at most `UNHEARD_BOUND_MS`, as if the feed were not heard. tests/server/tableFeed.test.ts
 * checks this list against the database's triggers and every registered module's table.
 */
export const ANNOUNCED_TABLES: ReadonlySet<string> = new Set([
  'aditional_office',
  'audit_log',
  'business_units',
  'countries',
  'coverages',
  'currencies',
  'groups',
  'municipalities',
  'office_karing',
  'office_payments',
  'office_sperta',
  'offices',
  'pax',
  'pax_black_list',
  'permissions',
  'product_sperta',
  'product_types',
  'products',
  'promotion_product',
  'promotion_product_office',
  'promotions',
  'refunds',
  'reservations',
  'suppliers',
  'tags',
  'users',
  'vouchers',
  'zones',
]);

type Listen = NonNullable<DatabaseHandle['listen']>;

/** Feeds by database handle: whether each one's announcements are heard now. */
const feeds = new Map<object, { heard: boolean }>();
/** Every memory, so a change (or a feed heard again) reaches each one. */
const memories = new Set<{ forget(table: string, removed?: number): void }>();
/** Where a change was learnt: this instance's own commit, or the database's announcement. */
export type ChangeSource = 'local' | 'feed';
/** Told of every table change heard or made (the principal cache listens for its tables). */
const changeListeners = new Set<(table: string, source: ChangeSource) => void>();

/**
 * Changes seen since start; `lastChange` holds the number of each table's latest, '*' for all;
 * `lastUncounted` the latest whose removals were not counted; `removedRows` the counted removals
 * of each table since start.
 */
let changes = 0;
const lastChange = new Map<string, number>();
const lastUncounted = new Map<string, number>();
const removedRows = new Map<string, number>();
let announcements = 0;

/** A mark to take before reading: an answer read after it is stored only if its table did not change since. */
export function changeMark(): number {
  return changes;
}

/** A mark to take before reading an answer stored with a slack (`TableMemory.setTolerant`). */
export interface RemovalMark {
  change: number;
  /** The counted removals of the answer's own table when the mark was taken. */
  removed: number;
}

export function removalMark(table: string): RemovalMark {
  return { change: changes, removed: removedRows.get(table) ?? 0 };
}

const latest = (marks: Map<string, number>, table: string) =>
  Math.max(marks.get(table) ?? 0, marks.get('*') ?? 0);

/** Whether `table` changed (or everything was forgotten) after `mark` was taken. */
export function tableChangedSince(table: string, mark: number): boolean {
  return latest(lastChange, table) > mark;
}

/**
 * The rows the first of `tables` may have lost since `mark` (counted changes), or undefined when
 * one of its changes since was not counted or another of `tables` changed.
 */
export function removalsSince(tables: readonly string[], mark: RemovalMark): number | undefined {
  const [own, ...others] = tables;
  if (others.some((table) => tableChangedSince(table, mark.change))) return undefined;
  if (latest(lastUncounted, own) > mark.change) return undefined;
  return (removedRows.get(own) ?? 0) - mark.removed;
}

/**
 * An announcement's table and the rows it may have removed (undefined: not counted). Payloads of
 * migration 0040: '<table> 0', '<table> <rows> <running>', or the bare name.
 */
export function parseAnnouncement(payload: string): { table: string; removed: number | undefined } {
  const [table, rows] = payload.split(' ');
  const removed = rows !== undefined && /^\d+$/.test(rows) ? Number(rows) : undefined;
  return { table, removed };
}

/**
 * Forgets what every memory holds of `table` ('*': of every table), and tells the listeners:
 * called for every announcement heard, and by the engine after each write it commits. `removed`:
 * how many rows the change may have removed from a filter's matches, when counted (an answer with
 * enough slack is kept).
 */
export function tableChanged(table: string, source: ChangeSource = 'local', removed?: number): void {
  changes += 1;
  lastChange.set(table, changes);
  if (removed === undefined) lastUncounted.set(table, changes);
  else removedRows.set(table, (removedRows.get(table) ?? 0) + removed);
  for (const memory of memories) memory.forget(table, removed);
  for (const listener of changeListeners) listener(table, source);
}

/** Calls `listener` with the name of every table changed (by this instance or announced; '*': all). */
export function onTableChange(listener: (table: string, source: ChangeSource) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Announcements heard on the table feed since start (tests wait for one). */
export function tableAnnouncements(): number {
  return announcements;
}

const heard = (reader: object) => feeds.get(reader)?.heard === true;

/**
 * Listens to `db`'s table feed while the app runs; answers the function that stops (the app's
 * close). Readers other than `db` itself (a transaction) are never heard: their entries live
 * `UNHEARD_BOUND_MS`.
 */
export function watchTableChanges(db: object, listen: Listen): () => Promise<void> {
  const feed = { heard: false };
  feeds.set(db, feed);
  const stop = listen(TABLE_CHANNEL, {
    message(payload) {
      // A watch replaced by a newer one of the same database (tests) is no longer told.
      if (feeds.get(db) !== feed) return;
      announcements += 1;
      const { table, removed } = parseAnnouncement(payload);
      if (table) tableChanged(table, 'feed', removed);
    },
    listening(live) {
      if (feeds.get(db) !== feed) return;
      feed.heard = live;
      // Changes may have gone unheard: nothing remembered is trusted any longer.
      tableChanged('*', 'feed');
    },
  } satisfies ChannelListener);
  return async () => {
    if (feeds.get(db) === feed) feeds.delete(db);
    await stop();
  };
}

const readerIds = new WeakMap<object, number>();
let readers = 0;
function readerIdOf(reader: object): number {
  let id = readerIds.get(reader);
  if (id === undefined) {
    id = ++readers;
    readerIds.set(reader, id);
  }
  return id;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  /** Whether every table it depends on is announced: then kept until one changes (feed heard). */
  announced: boolean;
  tables: readonly string[];
  /** Rows its own table (the first) may still lose while it stays true (`setTolerant`). */
  slack?: number;
}

/**
 * Answers remembered per reader (a database handle), the tables they depend on (the first is the
 * one read; others a filter's subqueries name) and key; see the module's rules.
 */
export class TableMemory<V extends object> {
  private readonly entries: BoundedCache<string, Entry<V>>;

  /** `max` entries at most, each served at most `ttl` ms (the feed heard or not). */
  constructor(options: { max: number; ttl: number }) {
    this.entries = boundedCache({ max: options.max, ttl: options.ttl });
    memories.add(this);
  }

  private keyOf(reader: object, tables: readonly string[], key: string): string {
    return `${tables.join(',')}|${readerIdOf(reader)}|${key}`;
  }

  get(reader: object, tables: readonly string[], key: string): V | undefined {
    const entry = this.entries.get(this.keyOf(reader, tables, key));
    if (!entry) return undefined;
    const trusted = entry.announced && heard(reader);
    if (!trusted && Date.now() - entry.storedAt >= UNHEARD_BOUND_MS) return undefined;
    return entry.value;
  }

  /** Stores an answer read after `mark` (`changeMark()`), unless one of its tables changed since. */
  set(reader: object, tables: readonly string[], key: string, value: V, mark: number): void {
    if (tables.some((table) => tableChangedSince(table, mark))) return;
    this.store(reader, tables, key, value);
  }

  /**
   * Stores an answer that stays true while its own table (the first) loses at most `slack` rows
   * from what it matches (rows added never make it false): kept through counted changes of that
   * table while their removals fit, the ones since `mark` (`removalMark`) included. Not stored
   * when another of its tables, or its own uncounted, changed since the mark.
   */
  setTolerant(
    reader: object,
    tables: readonly string[],
    key: string,
    value: V,
    mark: RemovalMark,
    slack: number,
  ): void {
    const removed = removalsSince(tables, mark);
    if (removed === undefined || removed > slack) return;
    this.store(reader, tables, key, value, slack - removed);
  }

  private store(reader: object, tables: readonly string[], key: string, value: V, slack?: number): void {
    this.entries.set(this.keyOf(reader, tables, key), {
      value,
      storedAt: Date.now(),
      announced: tables.every((table) => ANNOUNCED_TABLES.has(table)),
      tables,
      slack,
    });
  }

  /** The remembered answer, or `load()`'s (remembered). */
  async remember(reader: object, tables: readonly string[], key: string, load: () => Promise<V>): Promise<V> {
    const remembered = this.get(reader, tables, key);
    if (remembered !== undefined) return remembered;
    const mark = changeMark();
    const value = await load();
    this.set(reader, tables, key, value, mark);
    return value;
  }

  /**
   * Drops the entries that depend on `table` ('*': all), but keeps one with slack for a change of
   * its own table that removed (`removed`, counted) no more rows than it has left.
   */
  forget(table: string, removed?: number): void {
    if (table === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of [...this.entries.entries()]) {
      if (!entry.tables.includes(table)) continue;
      const tolerated =
        entry.slack !== undefined &&
        removed !== undefined &&
        entry.tables[0] === table &&
        removed <= entry.slack;
      if (tolerated) entry.slack = (entry.slack ?? 0) - (removed ?? 0);
      else this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
