/**
 * The one bounded cache of the server (issue 29 §caches): `lru-cache`, least recently used entries
 * dropped past `max`, optionally forgotten `ttl` ms after they were stored. Every in-memory cache
 * (principals and their validities, verified tokens, the list memory of ./tableMemory.ts) is one
 * of these, so none grows without bound and none is a hand-written map.
 */
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions {
  /** Entries kept at most; the least recently used goes first. */
  max: number;
  /** Milliseconds an entry is served after it was stored (absent: until evicted). */
  ttl?: number;
}

export type BoundedCache<K extends {}, V extends {}> = LRUCache<K, V>;

export function boundedCache<K extends {}, V extends {}>(options: BoundedCacheOptions): BoundedCache<K, V> {
  return new LRUCache<K, V>({
    max: options.max,
    // Stale entries are never served, and are dropped when met (no timer per entry).
    ...(options.ttl ? { ttl: options.ttl, allowStale: false, updateAgeOnGet: false } : {}),
  });
}
