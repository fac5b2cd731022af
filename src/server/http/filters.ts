/** Filter helpers for list endpoints: case-insensitive contains (ILIKE, backed by pg_trgm) and exact. */
import { ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The ILIKE pattern of 'contains `value`' (its wildcards escaped). */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

export function contains(column: PgColumn | SQL, value: string): SQL {
  return ilike(column, containsPattern(value));
}
