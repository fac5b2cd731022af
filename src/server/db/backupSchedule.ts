/**
 * The backups the server takes by itself (issue 41), around ./backup.ts:
 *
 * - Daily (`BACKUP_DAILY`, the local time of day, '03:00' by default; 'off' turns it off), into
 *   `BACKUP_DIR` (DATA_DIR/backups by default), keeping the newest `BACKUP_KEEP` daily backups (7).
 *   With several instances on one database only one takes it: the instance holding a PostgreSQL
 *   advisory lock (taken by the first, and by another once that one's connection ends). A backup
 *   missed while no instance ran is taken within a minute of the next start (a folder without any
 *   daily backup gets its first at the first time due after the start).
 * - Before an upgrade: a start that finds migrations to apply to a database that already has
 *   some takes a backup first (`antes-de-<migration>`), or refuses to migrate when it cannot
 *   (`BACKUP_BEFORE_UPGRADE=false` skips it, for a database with its own point-in-time recovery).
 *   drizzle applies all pending migrations in one transaction: one that fails leaves the database
 *   as it was.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { ConfigError } from '../config';
import { BACKUP_PREFIX, BackupError, type BackupReport, backupTimeOf, createBackup } from './backup';
import { appliedMigrationTimes, readJournal } from './backupCopy';

/** A migration that failed at the start (the database is as it was), in one Spanish sentence. */
export class MigrationError extends BackupError {
  override name = 'MigrationError';
}

export interface BackupSettings {
  /** The time of day of the daily backup, or null when off. */
  daily: { hour: number; minute: number } | null;
  /** Daily backups kept. */
  keep: number;
  beforeUpgrade: boolean;
  /** Where the server writes its backups. */
  dir: string;
}

const offWords = ['off', 'false', 'no', '0'];
const settingsSchema = z.object({
  BACKUP_DAILY: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => offWords.includes(value) || /^([01]?\d|2[0-3]):[0-5]\d$/.test(value))
    .default('03:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_BEFORE_UPGRADE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).default('true'),
  BACKUP_DIR: z.string().trim().min(1).optional(),
});

const sentences: Record<string, string> = {
  BACKUP_DAILY: "debe ser una hora HH:MM (por ejemplo 03:00) u 'off'",
  BACKUP_KEEP: 'debe ser un número entero entre 1 y 1000',
  BACKUP_BEFORE_UPGRADE: 'debe ser true o false',
  BACKUP_DIR: 'debe ser una carpeta',
};

/** The backup variables of `environment`, or a ConfigError naming the wrong one. */
export function backupSettingsOf(environment: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  const given = Object.fromEntries(
    Object.keys(settingsSchema.shape)
      .map((key) => [key, environment[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = settingsSchema.safeParse(given);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new ConfigError(
      `Configuración no válida: ${names.map((name) => `${name} ${sentences[name] ?? 'no es válida'}`).join('; ')}. ` +
        'Corrija esa variable de entorno y vuelva a iniciar.',
    );
  }
  const env = parsed.data;
  const [hour, minute] = env.BACKUP_DAILY.split(':').map(Number);
  return {
    daily: offWords.includes(env.BACKUP_DAILY) ? null : { hour: hour ?? 3, minute: minute ?? 0 },
    keep: env.BACKUP_KEEP,
    beforeUpgrade: ['true', '1', 'yes'].includes(env.BACKUP_BEFORE_UPGRADE),
    dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
  };
}

/** The advisory-lock key space of the backups (any constant unique to this use). */
const BACKUP_LOCK_SPACE = 4_100_041;
const DAILY_LOCK = 1;
const UPGRADE_LOCK = 2;
export const DAILY_LABEL = 'diaria';

/** The migrations of `migrationsFolder` a database has not applied (none for a database without any). */
export async function pendingMigrations(client: pg.Client, migrationsFolder: string): Promise<string[]> {
  const applied = await appliedMigrationTimes(client);
  const last = applied.at(-1);
  if (last === undefined) return [];
  return readJournal(migrationsFolder)
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}

export interface MigrateSafelyOptions {
  databaseUrl: string;
  dataDir: string;
  settings: BackupSettings;
  migrationsFolder: string;
  /** A DATABASE_URL server: pg_dump when the system has one for its version (./backup.ts). */
  preferPgDump?: boolean;
  /** Applies the migrations (drizzle's migrator: all pending ones in one transaction). */
  migrate(): Promise<void>;
  log?(line: string): void;
}

/**
 * The start's migration step: with migrations pending on a database that has data, a backup
 * first (or a BackupError, and nothing migrated). Instances starting together take turns (an
 * advisory lock), so the second finds nothing pending.
 */
export async function migrateSafely(options: MigrateSafelyOptions): Promise<BackupReport | null> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [BACKUP_LOCK_SPACE, UPGRADE_LOCK]);
    const pending = await pendingMigrations(client, options.migrationsFolder);
    let report: BackupReport | null = null;
    if (pending.length && options.settings.beforeUpgrade) {
      const label = `antes-de-${pending[0]}`.replace(/[^\w.-]/g, '_');
      try {
        report = await createBackup({
          databaseUrl: options.databaseUrl,
          dataDir: options.dataDir,
          to: options.settings.dir,
          migrationsFolder: options.migrationsFolder,
          label,
          preferPgDump: options.preferPgDump,
        });
      } catch (error) {
        throw new BackupError(
          `No se aplicaron las migraciones nuevas (${pending.join(', ')}) porque no se pudo hacer antes la copia de seguridad: ` +
            `${(error as Error).message} Resuelva eso, o defina BACKUP_BEFORE_UPGRADE=false si ya tiene otra copia.`,
        );
      }
      options.log?.(
        `Copia de seguridad previa a la actualización (${pending.length} migraciones nuevas): ${report.file}`,
      );
    }
    try {
      await options.migrate();
    } catch (error) {
      const { message, cause } = error as { message?: string; cause?: { message?: string } };
      throw new MigrationError(
        `Una migración falló y la base de datos quedó como estaba (drizzle las aplica todas en una transacción): ` +
          `${String(cause?.message ?? message ?? error).split('\n')[0]}.` +
          (report ? ` La copia previa está en ${report.file}.` : '') +
          ' Vuelva a la versión anterior del programa o informe el problema.',
      );
    }
    return report;
  } finally {
    await client
      .query('select pg_advisory_unlock($1, $2)', [BACKUP_LOCK_SPACE, UPGRADE_LOCK])
      .catch(() => {});
    await client.end().catch(() => {});
  }
}

/** The daily backups in `dir`, newest first. */
export function dailyBackups(dir: string): { file: string; at: Date }[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(BACKUP_PREFIX) && name.endsWith(`-${DAILY_LABEL}.tar`))
    .map((name) => ({ file: path.join(dir, name), at: backupTimeOf(name) }))
    .filter((entry): entry is { file: string; at: Date } => entry.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Removes the daily backups past the newest `keep`; answers the files removed. */
export function pruneDailyBackups(dir: string, keep: number): string[] {
  const old = dailyBackups(dir).slice(keep);
  for (const { file } of old) rmSync(file, { force: true });
  return old.map(({ file }) => file);
}

/** The latest time of day `daily` at or before `now` (local time). */
export function lastDueTime(now: Date, daily: { hour: number; minute: number }): Date {
  const due = new Date(now);
  due.setHours(daily.hour, daily.minute, 0, 0);
  if (due.getTime() > now.getTime()) due.setDate(due.getDate() - 1);
  return due;
}

export interface DailyBackups {
  /** Takes the daily backup when due and this instance holds the lock; answers the file written. */
  check(now?: Date): Promise<string | null>;
  stop(): Promise<void>;
}

/** Checks every `everyMs` (a minute) whether the daily backup is due; `settings.daily` null: never. */
export function scheduleDailyBackups(options: {
  databaseUrl: string;
  dataDir: string;
  settings: BackupSettings;
  migrationsFolder: string;
  preferPgDump?: boolean;
  everyMs?: number;
  /** When the server started (now): with no daily backup yet, only a time due after it counts. */
  startedAt?: Date;
  log?(line: string): void;
  warn?(line: string): void;
}): DailyBackups {
  const { settings } = options;
  // Without any daily backup yet, the first is the first due after this start (not at once).
  const startedAt = options.startedAt ?? new Date();
  let lockHolder: pg.Client | null = null;
  let running: Promise<string | null> | null = null;
  let stopped = false;

  /** Whether this instance holds the daily-backup lock (taking it when free). */
  const holdsLock = async (): Promise<boolean> => {
    if (lockHolder) return true;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('error', () => {
      if (lockHolder === client) lockHolder = null;
    });
    try {
      await client.connect();
      const [row] = (
        await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [
          BACKUP_LOCK_SPACE,
          DAILY_LOCK,
        ])
      ).rows;
      if (row?.taken && !stopped) {
        lockHolder = client;
        client.on('end', () => {
          if (lockHolder === client) lockHolder = null;
        });
        return true;
      }
    } catch {
      // The database is unreachable now: try again at the next check.
    }
    await client.end().catch(() => {});
    return false;
  };

  const takeIfDue = async (now: Date): Promise<string | null> => {
    if (!settings.daily || stopped) return null;
    const due = lastDueTime(now, settings.daily);
    const newest = dailyBackups(settings.dir)[0]?.at ?? startedAt;
    if (newest.getTime() >= due.getTime()) return null;
    if (!(await holdsLock())) return null;
    try {
      const report = await createBackup({
        databaseUrl: options.databaseUrl,
        dataDir: options.dataDir,
        to: settings.dir,
        migrationsFolder: options.migrationsFolder,
        label: DAILY_LABEL,
        preferPgDump: options.preferPgDump,
        now,
      });
      pruneDailyBackups(settings.dir, settings.keep);
      options.log?.(`Copia de seguridad diaria: ${report.file} (${(report.bytes / 1e6).toFixed(1)} MB)`);
      return report.file;
    } catch (error) {
      options.warn?.(`La copia de seguridad diaria falló: ${(error as Error).message}`);
      return null;
    }
  };

  const check = (now = new Date()) => {
    running ??= takeIfDue(now).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = settings.daily
    ? setInterval(() => {
        void check();
      }, options.everyMs ?? 60_000)
    : null;
  timer?.unref();
  return {
    check,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => null);
      const client = lockHolder;
      lockHolder = null;
      await client?.end().catch(() => {});
    },
  };
}
