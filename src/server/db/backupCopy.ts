/**
 * The copy and verify pieces shared by the PGlite upgrade (./pgliteUpgrade.ts) and the backups
 * (./backup.ts, issue 41): which tables and columns a database has, a table's rows as JSON text
 * written back in batches with `json_populate_recordset`, its sequences, the migrations it has
 * applied, and a checksum per table that must be equal on both sides of a copy.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Any client that answers `query(text, params)` with `{ rows }` (node-postgres, PGlite). */
export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export const tablesQuery = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

/** Columns a row is written with: not the generated ones, which PostgreSQL computes again. */
export const writableColumnsQuery = `select column_name as name, data_type as type from information_schema.columns
  where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`;

export const sequencesQuery = `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name
  from information_schema.sequences where sequence_schema = 'public' order by sequence_name`;

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The row count and a checksum of every row's JSON: the md5 of the rows' md5s in byte order (so
 * neither the rows' order nor the database's collation matter).
 */
export const checksumQuery = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h collate "C")), '') as checksum
   from (select md5(row_to_json(t)::text) as h from ${quote(table)} t) rows`;

export interface TableSum {
  rows: number;
  checksum: string;
}

export async function tableSum(client: Queryable, table: string): Promise<TableSum> {
  const [sum] = (await client.query<TableSum>(checksumQuery(table))).rows;
  return sum ?? { rows: 0, checksum: '' };
}

export async function tableNames(client: Queryable): Promise<string[]> {
  return (await client.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name);
}

export async function writableColumns(client: Queryable, table: string) {
  return (await client.query<{ name: string; type: string }>(writableColumnsQuery, [table])).rows;
}

/** Rows per batch: few where a row may hold a stored file. */
export const batchSize = (types: string[]) => (types.includes('bytea') ? 4 : 2_000);

/** The statement that writes a batch of rows (`$1`: a JSON array of `row_to_json` texts) into `table`. */
export function insertRowsStatement(table: string, columns: string[]): string {
  const list = columns.map(quote).join(', ');
  return `insert into ${quote(table)} (${list}) overriding system value
    select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`;
}

export async function insertRows(client: Queryable, statement: string, rows: string[]): Promise<void> {
  if (rows.length) await client.query(statement, [`[${rows.join(',')}]`]);
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export async function sequenceStates(client: Queryable): Promise<SequenceState[]> {
  const states: SequenceState[] = [];
  for (const { name } of (await client.query<{ name: string }>(sequencesQuery)).rows) {
    const [state] = (
      await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${name}`,
      )
    ).rows;
    if (state) states.push({ name, lastValue: String(state.last_value), isCalled: state.is_called });
  }
  return states;
}

export async function setSequences(client: Queryable, states: SequenceState[]): Promise<void> {
  for (const state of states)
    await client.query('select setval($1, $2::bigint, $3)', [state.name, state.lastValue, state.isCalled]);
}

/** The `created_at` (drizzle's folder milliseconds) of every applied migration, oldest first; [] without any. */
export async function appliedMigrationTimes(client: Queryable): Promise<number[]> {
  try {
    return (
      await client.query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at',
      )
    ).rows.map((row) => Number(row.created_at));
  } catch {
    return [];
  }
}

export interface JournalEntry {
  tag: string;
  when: number;
}

export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** A copy of the migrations folder cut at the migration applied at `lastAppliedAt` (the caller removes it). */
export function journalUpTo(migrationsFolder: string, lastAppliedAt: number): string {
  const cut = mkdtempSync(path.join(tmpdir(), 'extranet-migrations-'));
  cpSync(migrationsFolder, cut, { recursive: true });
  const journalFile = path.join(cut, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.when <= lastAppliedAt);
  writeFileSync(journalFile, JSON.stringify(journal));
  return cut;
}
