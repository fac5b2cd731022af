/**
 * The database `npm run backup` and `npm run restore` work on (issue 41): the DATABASE_URL server,
 * or the embedded cluster of DATA_DIR. A backup of the embedded cluster while its server runs
 * connects to that running cluster (its port is in `postmaster.pid`, its password in
 * `DATA_DIR/pg-password`); otherwise the cluster is started for the command and stopped after it,
 * holding DATA_DIR's lock meanwhile (a server cannot start on it then, nor a restore run beside
 * a running server).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { BackupError } from './backup';
import { clusterPathOf, EMBEDDED_DATABASE, EMBEDDED_SUPERUSER, hasCluster } from './embeddedPostgres';
import { openProductDatabase, type ProductDatabase } from './productDatabase';

type DatabaseConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'>;

/** The port of the embedded cluster's running postmaster, or null when none runs. */
export function runningClusterPort(dataDir: string): number | null {
  try {
    const lines = readFileSync(path.join(clusterPathOf(dataDir), 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EPERM') return null;
    }
    return port;
  } catch {
    return null;
  }
}

export interface BackupSource {
  url: string;
  description: string;
  close(): Promise<void>;
}

/** The database a backup copies: never creates one. */
export async function openBackupSource(config: DatabaseConfig): Promise<BackupSource> {
  if (!config.databaseUrl && !hasCluster(config.dataDir))
    throw new BackupError(
      `No hay base de datos que copiar: ${clusterPathOf(config.dataDir)} no existe (DATA_DIR) y DATABASE_URL no está definida.`,
    );
  const port = config.databaseUrl ? null : runningClusterPort(config.dataDir);
  if (port !== null) {
    const password = readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
    return {
      url: `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
      description: `PostgreSQL embebido en marcha (127.0.0.1:${port})`,
      close: async () => {},
    };
  }
  const database = await openProductDatabase(config, { maxConnections: 2 });
  return { url: urlOf(database, config), description: database.description, close: () => database.close() };
}

/** The database a restore writes into: the embedded cluster is created when missing. */
export async function openRestoreTarget(
  config: DatabaseConfig,
): Promise<{ database: ProductDatabase; url: string }> {
  const database = await openProductDatabase(config, { maxConnections: 2 });
  return { database, url: urlOf(database, config) };
}

const urlOf = (database: ProductDatabase, config: DatabaseConfig) =>
  database.cluster?.url ?? config.databaseUrl ?? '';
