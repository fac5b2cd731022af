/**
 * Moving a data directory written by the previous version (PGlite in `DATA_DIR/pgdata`) to the
 * embedded PostgreSQL (issue 44). This is PGlite's only remaining role: reading what it wrote.
 *
 * 1. The new database is migrated up to the migration the PGlite database had reached (a copy of
 *    the journal cut there), so both have the same tables and columns.
 * 2. Every table of the `public` schema is copied in batches read through a cursor
 *    (`row_to_json`, written with `json_populate_recordset`), triggers and foreign keys off
 *    (`session_replication_role = replica`): the copies the triggers keep are copied as they are.
 *    Sequences follow with their values.
 * 3. Verified: per table, the row count and a checksum of every row's JSON (sorted, so order and
 *    collation do not matter) must be equal on both sides; the migration records too.
 * 4. Only then is `DATA_DIR/pgdata` renamed to `pgdata-pglite-<date>` (kept, never deleted), and
 *    the later migrations run as on any start.
 *
 * Anything that does not verify throws `UpgradeError`: the caller removes the new cluster and the
 * PGlite folder stays as it was. Files on disk (the JWT secret, the outbox, `files/`) are not in
 * the database and stay where they are; files stored in the database are rows like any other.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export class UpgradeError extends Error {
  override name = 'UpgradeError';
}

export const PGLITE_FOLDER = 'pgdata';
export const hasPgliteData = (dataDir: string) => existsSync(path.join(dataDir, PGLITE_FOLDER, 'PG_VERSION'));

interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

export interface UpgradeReport {
  tables: TableReport[];
  rows: number;
  keptAs: string;
  seconds: number;
}

const tablesQuery = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

/** Columns a row is written with: not the generated ones, which PostgreSQL computes again. */
const writableColumnsQuery = `select column_name as name, data_type as type from information_schema.columns
  where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`;

const checksumQuery = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
   from (select md5(row_to_json(t)::text) as h from "${table}" t) rows`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows per batch: few where a row may hold a stored file. */
const batchSize = (types: string[]) => (types.includes('bytea') ? 4 : 2_000);

async function pgliteOf(dir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(dir, { extensions: { pg_trgm } });
}

/** The migrations folder cut at the newest migration `source` recorded. */
function journalUpTo(migrationsFolder: string, lastAppliedAt: number): string {
  const cut = mkdtempSync(path.join(tmpdir(), 'extranet-migrations-'));
  cpSync(migrationsFolder, cut, { recursive: true });
  const journalFile = path.join(cut, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.when <= lastAppliedAt);
  writeFileSync(journalFile, JSON.stringify(journal));
  return cut;
}

/**
 * Copies and verifies `DATA_DIR/pgdata` into the (empty) database at `targetUrl`, then renames the
 * PGlite folder. `migrateWith(folder)` applies a migrations folder to the target.
 */
export async function upgradeFromPglite(options: {
  dataDir: string;
  targetUrl: string;
  migrationsFolder: string;
  migrateWith(folder: string): Promise<void>;
  progress?(line: string): void;
  now?: Date;
}): Promise<UpgradeReport> {
  const began = performance.now();
  const sourceDir = path.join(options.dataDir, PGLITE_FOLDER);
  let source: Awaited<ReturnType<typeof pgliteOf>>;
  try {
    source = await pgliteOf(sourceDir);
  } catch (error) {
    throw new UpgradeError(`No se pudo abrir la base PGlite de ${sourceDir}: ${(error as Error).message}`);
  }
  const target = new pg.Client({ connectionString: options.targetUrl });
  await target.connect();
  const tables: TableReport[] = [];
  try {
    await source.query(`set time zone 'UTC'`);
    await target.query(`set time zone 'UTC'`);
    const applied = await source
      .query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at',
      )
      .then((result) => result.rows.map((row) => Number(row.created_at)))
      .catch(() => [] as number[]);
    const last = applied.at(-1);
    if (last === undefined)
      throw new UpgradeError(`La base PGlite de ${sourceDir} no tiene migraciones aplicadas.`);
    const cut = journalUpTo(options.migrationsFolder, last);
    try {
      await options.migrateWith(cut);
    } finally {
      rmSync(cut, { recursive: true, force: true });
    }
    const targetApplied = await target.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at',
    );
    if (targetApplied.rows.map((row) => Number(row.created_at)).join() !== applied.join())
      throw new UpgradeError(
        'Las migraciones de la base PGlite no coinciden con las de esta versión: actualice primero a la versión anterior a este cambio.',
      );

    const names = (await source.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name);
    const targetNames = new Set(
      (await target.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name),
    );
    const missing = names.filter((name) => !targetNames.has(name));
    if (missing.length)
      throw new UpgradeError(`Tablas de PGlite sin par en PostgreSQL: ${missing.join(', ')}.`);

    await target.query('begin');
    await target.query(`set local session_replication_role = replica`);
    // The migrations' own seed rows (if any) give way to the copied ones.
    await target.query(`truncate ${names.map(quote).join(', ')} restart identity`);
    for (const table of names) {
      const columns = (await source.query<{ name: string; type: string }>(writableColumnsQuery, [table]))
        .rows;
      const list = columns.map((column) => quote(column.name)).join(', ');
      const size = batchSize(columns.map((column) => column.type));
      let copied = 0;
      await source.transaction(async (tx) => {
        await tx.query(
          `declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
        );
        while (true) {
          const batch = await tx.query<{ row: string }>(`fetch ${size} from copy_rows`);
          if (!batch.rows.length) break;
          await target.query(
            `insert into ${quote(table)} (${list}) overriding system value
             select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
            [`[${batch.rows.map((row) => row.row).join(',')}]`],
          );
          copied += batch.rows.length;
        }
        await tx.query('close copy_rows');
      });
      options.progress?.(`  ${table}: ${copied} filas`);
    }
    const sequences = (
      await source.query<{ name: string }>(
        `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name
         from information_schema.sequences where sequence_schema = 'public'`,
      )
    ).rows;
    for (const { name } of sequences) {
      const state = (
        await source.query<{ last_value: string; is_called: boolean }>(
          `select last_value, is_called from ${name}`,
        )
      ).rows[0];
      if (state) await target.query(`select setval($1, $2, $3)`, [name, state.last_value, state.is_called]);
    }
    await target.query('commit');

    for (const table of names) {
      const [before] = (await source.query<{ rows: number; checksum: string }>(checksumQuery(table))).rows;
      const [after] = (await target.query<{ rows: number; checksum: string }>(checksumQuery(table))).rows;
      if (!before || !after || before.rows !== after.rows || before.checksum !== after.checksum)
        throw new UpgradeError(
          `La tabla ${table} no coincide tras copiarla (PGlite: ${before?.rows} filas, PostgreSQL: ${after?.rows}).`,
        );
      tables.push({ table, rows: before.rows, checksum: before.checksum });
    }
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error instanceof UpgradeError
      ? error
      : new UpgradeError(`La copia de PGlite a PostgreSQL falló: ${(error as Error).message}`);
  } finally {
    await target.end().catch(() => {});
    await source.close().catch(() => {});
  }
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const keptAs = path.join(options.dataDir, `${PGLITE_FOLDER}-pglite-${stamp}`);
  renameSync(sourceDir, keptAs);
  return {
    tables,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    keptAs,
    seconds: (performance.now() - began) / 1000,
  };
}
