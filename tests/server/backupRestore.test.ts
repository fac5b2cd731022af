/**
 * Issue 41: a backup restores every row and stored file; a non-empty target is refused; a start
 * with migrations pending backs up first (or refuses to migrate); a failing migration leaves the
 * database as it was; one daily backup among several instances, the newest N kept.
 *
 * On the suite's PostgreSQL (tests/server/seededTemplates.ts): the source is a copy of the seeded
 * demo database plus stored files (in `file_blobs` and in DATA_DIR/files), the target a database
 * created empty, as `npm run restore` finds a wiped data directory's.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError } from '../../src/server/config';
import {
  BackupError,
  type BackupManifest,
  type BackupReport,
  createBackup,
  restoreBackup,
  systemPgTools,
} from '../../src/server/db/backup';
import { appliedMigrationTimes, sequenceStates, tableNames, tableSum } from '../../src/server/db/backupCopy';
import {
  backupSettingsOf,
  DAILY_LABEL,
  dailyBackups,
  lastDueTime,
  migrateSafely,
  pendingMigrations,
  scheduleDailyBackups,
} from '../../src/server/db/backupSchedule';
import { migrationsFolder, openDatabase } from '../../src/server/db/client';
import { freshTestDatabase, reachableTempDir } from './postgresAdmin';

/** Bytes no text encoding survives: every byte value, a backslash, quotes, NUL. */
const BLOB = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(70_000)]);
const FILE_ON_DISK = Buffer.concat([Buffer.from('%PDF-1.7\n\0\\x\'"'), randomBytes(50_000)]);
const SECRET = 'a-session-secret-kept-in-the-data-directory-0123456789';

const demoTemplate = () => inject('seededTemplates').demo;

type TestDatabase = Awaited<ReturnType<typeof freshTestDatabase>>;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set time zone 'UTC'`);
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table's row count and checksum, computed on the database itself. */
const sumsOf = (url: string) =>
  withClient(url, async (client) => {
    const sums: Record<string, { rows: number; checksum: string }> = {};
    for (const name of await tableNames(client)) sums[name] = await tableSum(client, name);
    return sums;
  });

const migrateWith = async (url: string, folder?: string) => {
  const handle = await openDatabase({ databaseUrl: url, maxConnections: 1 });
  try {
    await handle.migrate(folder);
  } finally {
    await handle.close();
  }
};

/** A copy of the product's migrations with `extra` appended (tag and SQL statements each). */
function migrationsWith(extra: { tag: string; statements: string[] }[]): string {
  const folder = path.join(reachableTempDir('extranet-migrations-test-'), 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  for (const migration of extra) {
    const last = journal.entries.at(-1);
    if (!last) throw new Error('the product has migrations');
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: migration.tag });
    writeFileSync(
      path.join(folder, `${migration.tag}.sql`),
      migration.statements.join('\n--> statement-breakpoint\n'),
    );
  }
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

describe('backup and restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let sourceDir: string;
  let targetDir: string;
  let backup: BackupReport;

  beforeAll(async () => {
    source = await freshTestDatabase(demoTemplate());
    target = await freshTestDatabase();
    sourceDir = reachableTempDir('backup-source-');
    targetDir = reachableTempDir('backup-target-');
    await withClient(source.url, async (client) => {
      await client.query('insert into file_blobs (key, data, size) values ($1, $2, $3)', [
        'ab/receipt.upload',
        BLOB,
        BLOB.length,
      ]);
    });
    mkdirSync(path.join(sourceDir, 'files', 'cd'), { recursive: true });
    writeFileSync(path.join(sourceDir, 'files', 'cd', 'voucher.upload'), FILE_ON_DISK);
    writeFileSync(path.join(sourceDir, 'files', 'top.upload'), 'x');
    writeFileSync(path.join(sourceDir, 'jwt-secret'), SECRET);
    backup = await createBackup({
      databaseUrl: source.url,
      dataDir: sourceDir,
      to: path.join(sourceDir, 'backups'),
      migrationsFolder,
      now: new Date('2026-11-28T21:30:00.123Z'),
    });
  });

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it('writes one archive named by its UTC time, readable only by its owner, with a manifest', async () => {
    expect(path.basename(backup.file)).toBe('extranet-2026-11-28T21-30-00Z.tar');
    expect(readdirSync(path.dirname(backup.file))).toEqual([path.basename(backup.file)]);
    expect((statSync(backup.file).mode & 0o777).toString(8)).toBe('600');
    const sums = await sumsOf(source.url);
    expect(
      Object.fromEntries(backup.manifest.tables.map((t) => [t.name, { rows: t.rows, checksum: t.checksum }])),
    ).toEqual(sums);
    expect(backup.manifest.tables.find((t) => t.name === 'file_blobs')?.rows).toBeGreaterThan(0);
    expect(backup.manifest.migrations).toEqual(await withClient(source.url, appliedMigrationTimes));
    expect(backup.manifest.migrationTag).toMatch(/^\d{4}_/);
    expect(backup.manifest.files.map((file) => file.path).sort()).toEqual([
      'files/cd/voucher.upload',
      'files/top.upload',
      'jwt-secret',
    ]);
    // Compressed: the demo database's JSON is several times the archive.
    expect(backup.bytes).toBeLessThan(BLOB.length + FILE_ON_DISK.length + 400_000);
  });

  it('restores every row, sequence and stored file into an empty database and data directory', async () => {
    const report = await restoreBackup({
      archive: backup.file,
      databaseUrl: target.url,
      dataDir: targetDir,
      migrationsFolder,
      migrateWith: (folder) => migrateWith(target.url, folder),
    });
    expect(report.rows).toBe(backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0));
    // Computed again on both databases, not taken from the manifest.
    expect(await sumsOf(target.url)).toEqual(await sumsOf(source.url));
    expect(await withClient(target.url, sequenceStates)).toEqual(
      await withClient(source.url, sequenceStates),
    );
    expect(await withClient(target.url, appliedMigrationTimes)).toEqual(
      await withClient(source.url, appliedMigrationTimes),
    );
    const [blob] = await withClient(target.url, (client) =>
      client
        .query<{ data: Buffer }>(`select data from file_blobs where key = 'ab/receipt.upload'`)
        .then((r) => r.rows),
    );
    expect(Buffer.compare(blob?.data ?? Buffer.alloc(0), BLOB)).toBe(0);
    expect(
      Buffer.compare(readFileSync(path.join(targetDir, 'files', 'cd', 'voucher.upload')), FILE_ON_DISK),
    ).toBe(0);
    expect(readFileSync(path.join(targetDir, 'files', 'top.upload'), 'utf8')).toBe('x');
    expect(readFileSync(path.join(targetDir, 'jwt-secret'), 'utf8')).toBe(SECRET);
    // Nothing left behind but what was restored.
    expect(readdirSync(targetDir).sort()).toEqual(['files', 'jwt-secret']);
    // The current version's migrations then find nothing to do.
    await migrateWith(target.url);
    expect(await sumsOf(target.url)).toEqual(await sumsOf(source.url));
  });

  it('refuses a database that is not empty, in one Spanish sentence, and changes nothing', async () => {
    const before = await sumsOf(target.url);
    const emptyDir = reachableTempDir('backup-target-again-');
    const refused = restoreBackup({
      archive: backup.file,
      databaseUrl: target.url,
      dataDir: emptyDir,
      migrationsFolder,
      migrateWith: (folder) => migrateWith(target.url, folder),
    });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(/^La base de datos de destino no está vacía: .*--force/);
    expect(await sumsOf(target.url)).toEqual(before);
    expect(existsSync(path.join(emptyDir, 'files'))).toBe(false);
  });

  it('refuses a data directory that already has stored files, before touching the database', async () => {
    const before = await sumsOf(target.url);
    await expect(
      restoreBackup({
        archive: backup.file,
        databaseUrl: target.url,
        dataDir: targetDir,
        force: false,
        migrationsFolder,
        migrateWith: (folder) => migrateWith(target.url, folder),
      }),
    ).rejects.toThrow(/ya tiene archivos: .*--force/);
    expect(await sumsOf(target.url)).toEqual(before);
  });

  it('with force, replaces what the target had; a DATABASE_URL backup uses pg_dump only when one fits the server', async () => {
    // What a DATABASE_URL backup does: the system's pg_dump when its major version is the
    // server's or newer (none here for the embedded PostgreSQL 18: Debian 12 ships 15), else JSON lines.
    const serverMajor = await withClient(source.url, async (client) => {
      const [row] = (await client.query<{ n: string }>(`select current_setting('server_version_num') as n`))
        .rows;
      return Math.floor(Number(row?.n) / 10_000);
    });
    const viaUrl = await createBackup({
      databaseUrl: source.url,
      dataDir: sourceDir,
      to: path.join(sourceDir, 'by-url'),
      migrationsFolder,
      preferPgDump: true,
    });
    expect(Boolean(viaUrl.manifest.pgDump)).toBe(systemPgTools(serverMajor) !== null);
    await withClient(target.url, (client) => client.query(`delete from file_blobs`));
    writeFileSync(path.join(targetDir, 'files', 'stray.upload'), 'not in the backup');
    await restoreBackup({
      archive: viaUrl.file,
      databaseUrl: target.url,
      dataDir: targetDir,
      force: true,
      migrationsFolder,
      migrateWith: (folder) => migrateWith(target.url, folder),
    });
    expect(await sumsOf(target.url)).toEqual(await sumsOf(source.url));
    expect(existsSync(path.join(targetDir, 'files', 'stray.upload'))).toBe(false);
    expect(
      Buffer.compare(readFileSync(path.join(targetDir, 'files', 'cd', 'voucher.upload')), FILE_ON_DISK),
    ).toBe(0);
  });

  it('refuses a damaged backup and one from a newer version, before touching anything', async () => {
    /** The backup unpacked, changed by `change` in its folder, and packed again. */
    const repacked = async (name: string, change: (folder: string) => void) => {
      const folder = reachableTempDir('backup-repack-');
      await extractTar({ file: backup.file, cwd: folder });
      change(folder);
      const file = path.join(sourceDir, name);
      await createTar({ file, cwd: folder }, readdirSync(folder));
      return file;
    };
    const damaged = await repacked('damaged.tar', (folder) => {
      const table = path.join(folder, 'database', 'file_blobs.jsonl.gz');
      const bytes = readFileSync(table);
      bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0xff;
      writeFileSync(table, bytes);
    });
    const newer = await repacked('newer.tar', (folder) => {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
      manifest.migrations.push(4_102_444_800_000);
      manifest.migrationTag = '9999_future';
      writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
    });
    // The archive is checked before the database is: the (not empty) target stays as it was.
    const before = await sumsOf(target.url);
    const options = {
      databaseUrl: target.url,
      dataDir: reachableTempDir('backup-nothing-'),
      force: true,
      migrationsFolder,
      migrateWith: (folder: string) => migrateWith(target.url, folder),
    };
    await expect(restoreBackup({ ...options, archive: damaged })).rejects.toThrow(
      /está dañada: database\/file_blobs\.jsonl\.gz falta o no coincide con su suma de control/,
    );
    await expect(restoreBackup({ ...options, archive: newer })).rejects.toThrow(
      /^La copia es de una versión más nueva del programa \(migración 9999_future\)/,
    );
    expect(await sumsOf(target.url)).toEqual(before);
    expect(readdirSync(options.dataDir)).toEqual([]);
  });

  it('npm run backup and npm run restore: the file written; a refusal in one sentence, exit code 1', async () => {
    const command = (script: string, args: string[], databaseUrl: string, dataDir: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEBUG: '' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const folder = path.join(sourceDir, 'by-command');
    // Side by side: a backup of the source, and a restore into it (it is not empty).
    const [made, refused] = await Promise.all([
      command('backup.ts', ['--to', folder], source.url, sourceDir),
      command('restore.ts', [backup.file], source.url, reachableTempDir('backup-cli-')),
    ]);
    expect(made.code).toBe(0);
    const [written] = readdirSync(folder);
    expect(made.stdout).toContain(`Copia de seguridad escrita en ${path.join(folder, written ?? '')}: `);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'La base de datos de destino no está vacía: restaure en una base o un directorio de datos vacíos, o agregue --force para reemplazar su contenido.',
    ]);
  });

  it('refuses a file that is not a backup, and a missing one', async () => {
    const notABackup = path.join(sourceDir, 'notes.tar');
    writeFileSync(notABackup, randomBytes(4096));
    const options = {
      databaseUrl: target.url,
      dataDir: reachableTempDir('backup-nothing-'),
      migrationsFolder,
      migrateWith: () => Promise.resolve(),
    };
    await expect(restoreBackup({ ...options, archive: notABackup })).rejects.toThrow(
      /no es una copia de seguridad legible/,
    );
    await expect(restoreBackup({ ...options, archive: path.join(sourceDir, 'none.tar') })).rejects.toThrow(
      /^No existe el archivo de copia /,
    );
  });
});

describe('upgrades', () => {
  it('a failing migration leaves the database as it was, the migrations before it in the same run too', async () => {
    const database = await freshTestDatabase(demoTemplate());
    try {
      const folder = migrationsWith([
        { tag: '9998_good', statements: ['CREATE TABLE "probe_good" ("id" integer)'] },
        {
          tag: '9999_broken',
          statements: [
            'CREATE TABLE "probe_broken" ("id" integer)',
            'ALTER TABLE "no_such_table" ADD COLUMN "x" integer',
          ],
        },
      ]);
      const before = await sumsOf(database.url);
      const applied = await withClient(database.url, appliedMigrationTimes);
      await expect(migrateWith(database.url, folder)).rejects.toThrow();
      expect(await sumsOf(database.url)).toEqual(before);
      expect(await withClient(database.url, appliedMigrationTimes)).toEqual(applied);
    } finally {
      await database.drop();
    }
  });

  it('a start with migrations pending backs up first, then migrates', async () => {
    const database = await freshTestDatabase(demoTemplate());
    const dataDir = reachableTempDir('backup-upgrade-');
    try {
      const folder = migrationsWith([
        { tag: '9998_good', statements: ['CREATE TABLE "probe_good" ("id" integer)'] },
      ]);
      const before = await sumsOf(database.url);
      expect(await withClient(database.url, (client) => pendingMigrations(client, folder))).toEqual([
        '9998_good',
      ]);
      const settings = backupSettingsOf({}, dataDir);
      const report = await migrateSafely({
        databaseUrl: database.url,
        dataDir,
        settings,
        migrationsFolder: folder,
        migrate: () => migrateWith(database.url, folder),
      });
      expect(path.basename(report?.file ?? '')).toMatch(/^extranet-.*Z-antes-de-9998_good\.tar$/);
      expect(path.dirname(report?.file ?? '')).toBe(path.join(dataDir, 'backups'));
      expect(
        Object.fromEntries(
          report?.manifest.tables.map((t) => [t.name, { rows: t.rows, checksum: t.checksum }]) ?? [],
        ),
      ).toEqual(before);
      expect(await withClient(database.url, tableNames)).toContain('probe_good');
      // Nothing pending: no second backup.
      expect(
        await migrateSafely({
          databaseUrl: database.url,
          dataDir,
          settings,
          migrationsFolder: folder,
          migrate: () => migrateWith(database.url, folder),
        }),
      ).toBeNull();
    } finally {
      await database.drop();
    }
  });

  it('a start that cannot back up refuses to migrate, in one sentence', async () => {
    const database = await freshTestDatabase(demoTemplate());
    const dataDir = reachableTempDir('backup-upgrade-blocked-');
    try {
      const folder = migrationsWith([
        { tag: '9998_good', statements: ['CREATE TABLE "probe_good" ("id" integer)'] },
      ]);
      const blocked = path.join(dataDir, 'not-a-folder');
      writeFileSync(blocked, 'a file where the backups folder should be');
      let migrated = false;
      const attempt = migrateSafely({
        databaseUrl: database.url,
        dataDir,
        settings: { ...backupSettingsOf({}, dataDir), dir: blocked },
        migrationsFolder: folder,
        migrate: async () => {
          migrated = true;
        },
      });
      await expect(attempt).rejects.toBeInstanceOf(BackupError);
      await expect(attempt).rejects.toThrow(
        /^No se aplicaron las migraciones nuevas \(9998_good\) porque no se pudo hacer antes la copia de seguridad: .*BACKUP_BEFORE_UPGRADE=false/,
      );
      expect(migrated).toBe(false);
      expect(await withClient(database.url, tableNames)).not.toContain('probe_good');
    } finally {
      await database.drop();
    }
  });
});

describe('daily backups', () => {
  it('reads its settings, and says in Spanish which one is wrong', () => {
    expect(backupSettingsOf({}, '/data')).toEqual({
      daily: { hour: 3, minute: 0 },
      keep: 7,
      beforeUpgrade: true,
      dir: '/data/backups',
    });
    expect(
      backupSettingsOf({ BACKUP_DAILY: 'off', BACKUP_KEEP: '2', BACKUP_DIR: '/mnt/copias' }, '/data'),
    ).toMatchObject({
      daily: null,
      keep: 2,
      dir: '/mnt/copias',
    });
    expect(() => backupSettingsOf({ BACKUP_KEEP: 'muchas' }, '/data')).toThrow(ConfigError);
    expect(() => backupSettingsOf({ BACKUP_DAILY: '25:00' }, '/data')).toThrow(
      /BACKUP_DAILY debe ser una hora HH:MM/,
    );
  });

  it('one instance of several takes it when due, and the newest N are kept', async () => {
    const database = await freshTestDatabase(demoTemplate());
    const dirs = [reachableTempDir('backup-daily-a-'), reachableTempDir('backup-daily-b-')];
    const settingsOf = (dataDir: string) => ({ ...backupSettingsOf({ BACKUP_KEEP: '2' }, dataDir) });
    const instances = dirs.map((dataDir) =>
      scheduleDailyBackups({
        databaseUrl: database.url,
        dataDir,
        settings: settingsOf(dataDir),
        migrationsFolder,
        startedAt: new Date('2026-11-20T00:00:00'),
      }),
    );
    try {
      const days = ['2026-11-21', '2026-11-22', '2026-11-23'].map((day) => new Date(`${day}T03:00:30`));
      const notYet = new Date('2026-11-20T02:59:00');
      expect(await Promise.all(instances.map((instance) => instance.check(notYet)))).toEqual([null, null]);
      for (const day of days) {
        const written = await Promise.all(instances.map((instance) => instance.check(day)));
        expect(written.filter(Boolean)).toHaveLength(1);
        // Taken for today: a later check the same day does nothing.
        const later = new Date(day.getTime() + 3_600_000);
        expect(await Promise.all(instances.map((instance) => instance.check(later)))).toEqual([null, null]);
      }
      const kept = dirs.flatMap((dataDir) => dailyBackups(path.join(dataDir, 'backups')));
      // One instance took all three (it holds the lock), and kept the newest two.
      expect(kept.map((backup) => backup.at.toISOString())).toEqual(
        [days[2], days[1]].map((day) =>
          new Date(Math.floor((day?.getTime() ?? 0) / 1000) * 1000).toISOString(),
        ),
      );
      expect(kept.every((backup) => backup.file.endsWith(`-${DAILY_LABEL}.tar`))).toBe(true);
    } finally {
      for (const instance of instances) await instance.stop();
      await database.drop();
    }
  });

  it('the due time is the latest HH:MM at or before now', () => {
    const now = new Date('2026-11-28T02:00:00');
    expect(lastDueTime(now, { hour: 3, minute: 0 }).getTime()).toBe(
      new Date('2026-11-27T03:00:00').getTime(),
    );
    expect(lastDueTime(now, { hour: 1, minute: 30 }).getTime()).toBe(
      new Date('2026-11-28T01:30:00').getTime(),
    );
  });
});
