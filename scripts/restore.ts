/**
 * `npm run restore -- <archivo> [--force]` (issue 41): restores a backup written by
 * `npm run backup` into an empty data directory (its embedded PostgreSQL is created) or an empty
 * DATABASE_URL database, verifies every table and file against the backup's manifest, then
 * migrates to this version. A target that is not empty is refused unless --force is given.
 * See src/server/db/backup.ts and docs/operations.md 'Copias de seguridad'.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { restoreBackup } from '../src/server/db/backup';
import { openRestoreTarget } from '../src/server/db/backupDatabase';
import { migrationsFolder } from '../src/server/db/client';
import { failed, usage } from './backupCommand';

let archive = '';
let force = false;
try {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error('one file');
  archive = positionals[0] ?? '';
  force = values.force ?? false;
} catch {
  usage('Uso: npm run restore -- <archivo de copia> [--force]');
}

try {
  const config = loadConfig(process.env);
  const { database, url } = await openRestoreTarget(config);
  try {
    process.stdout.write(`Restaurando ${archive} en ${database.description}…\n`);
    const report = await restoreBackup({
      archive,
      databaseUrl: url,
      dataDir: config.dataDir,
      force,
      migrationsFolder,
      migrateWith: (folder) => database.handle.migrate(folder),
    });
    await database.handle.migrate();
    process.stdout.write(
      `Restauración verificada en ${report.seconds.toFixed(1)} s: ${report.manifest.tables.length} tablas, ` +
        `${report.rows} filas y ${report.files} archivos iguales a la copia del ${report.manifest.createdAt}; ` +
        'base migrada a esta versión.\n',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  failed(error);
}
