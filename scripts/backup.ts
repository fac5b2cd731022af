/**
 * `npm run backup [-- --to <carpeta>]` (issue 41): a consistent, compressed backup of the database
 * (the embedded PostgreSQL of DATA_DIR, running or not, or DATABASE_URL's) and of DATA_DIR's
 * stored files, into DATA_DIR/backups (BACKUP_DIR) or the folder given. See
 * src/server/db/backup.ts and docs/operations.md 'Copias de seguridad'.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { createBackup } from '../src/server/db/backup';
import { openBackupSource } from '../src/server/db/backupDatabase';
import { backupSettingsOf } from '../src/server/db/backupSchedule';
import { migrationsFolder } from '../src/server/db/client';
import { failed, usage } from './backupCommand';

let to: string | undefined;
try {
  const { values } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: false });
  to = values.to;
} catch {
  usage('Uso: npm run backup [-- --to <carpeta>]');
}

try {
  const config = loadConfig(process.env);
  const settings = backupSettingsOf(process.env, config.dataDir);
  const source = await openBackupSource(config);
  try {
    process.stdout.write(`Copiando ${source.description}…\n`);
    const report = await createBackup({
      databaseUrl: source.url,
      dataDir: config.dataDir,
      to: to ?? settings.dir,
      migrationsFolder,
      preferPgDump: Boolean(config.databaseUrl),
    });
    const rows = report.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Copia de seguridad escrita en ${report.file}${report.manifest.pgDump ? ` (con ${report.manifest.pgDump})` : ''}: ${report.manifest.tables.length} tablas, ${rows} filas, ` +
        `${report.manifest.files.length} archivos, ${(report.bytes / 1e6).toFixed(1)} MB en ${report.seconds.toFixed(1)} s.\n`,
    );
  } finally {
    await source.close();
  }
} catch (error) {
  failed(error);
}
