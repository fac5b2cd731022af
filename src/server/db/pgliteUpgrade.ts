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
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  appliedMigrationTimes,
  batchSize,
  insertRows,
  insertRowsStatement,
  journalUpTo,
  quote,
  sequenceStates,
  setSequences,
  tableNames,
  tableSum,
  writableColumns,
} from './backupCopy';

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

async function pgliteOf(dir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(dir, { extensions: { pg_trgm } });
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
    const applied = await appliedMigrationTimes(source);
    const last = applied.at(-1);
    if (last === undefined)
      throw new UpgradeError(`La base PGlite de ${sourceDir} no tiene migraciones aplicadas.`);
    const cut = journalUpTo(options.migrationsFolder, last);
    try {
      await options.migrateWith(cut);
    } finally {
      rmSync(cut, { recursive: true, force: true });
    }
    if ((await appliedMigrationTimes(target)).join() !== applied.join())
      throw new UpgradeError(
        'Las migraciones de la base PGlite no coinciden con las de esta versión: actualice primero a la versión anterior a este cambio.',
      );

    const names = await tableNames(source);
    const targetNames = new Set(await tableNames(target));
    const missing = names.filter((name) => !targetNames.has(name));
    if (missing.length)
      throw new UpgradeError(`Tablas de PGlite sin par en PostgreSQL: ${missing.join(', ')}.`);

    await target.query('begin');
    await target.query(`set local session_replication_role = replica`);
    // The migrations' own seed rows (if any) give way to the copied ones.
    await target.query(`truncate ${names.map(quote).join(', ')} restart identity`);
    for (const table of names) {
      const columns = await writableColumns(source, table);
      const statement = insertRowsStatement(
        table,
        columns.map((column) => column.name),
      );
      const size = batchSize(columns.map((column) => column.type));
      let copied = 0;
      await source.transaction(async (tx) => {
        await tx.query(
          `declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
        );
        while (true) {
          const batch = await tx.query<{ row: string }>(`fetch ${size} from copy_rows`);
          if (!batch.rows.length) break;
          await insertRows(
            target,
            statement,
            batch.rows.map((row) => row.row),
          );
          copied += batch.rows.length;
        }
        await tx.query('close copy_rows');
      });
      options.progress?.(`  ${table}: ${copied} filas`);
    }
    await setSequences(target, await sequenceStates(source));
    await target.query('commit');

    for (const table of names) {
      const before = await tableSum(source, table);
      const after = await tableSum(target, table);
      if (before.rows !== after.rows || before.checksum !== after.checksum)
        throw new UpgradeError(
          `La tabla ${table} no coincide tras copiarla (PGlite: ${before.rows} filas, PostgreSQL: ${after.rows}).`,
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
