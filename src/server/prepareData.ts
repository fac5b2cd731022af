/**
 * The first start on a data directory without an embedded PostgreSQL cluster (issues 33 and 44),
 * in a process of its own that then exits, so that the server starts on a ready database and
 * does not keep the heap this work grew:
 * - a fresh DATA_DIR: the cluster is created, migrated and seeded (reference and demo data); a
 *   superuser password generated here is printed here, once;
 * - a DATA_DIR written by the previous version (PGlite in `pgdata`): the cluster is created and
 *   the PGlite database copied into it and verified (./db/pgliteUpgrade.ts); the PGlite folder is
 *   kept under a new name. If anything fails, the new cluster is removed, `pgdata` is as it was,
 *   and the message says what to do.
 * `scripts/start.mjs` runs this bundle (prepareData.mjs) when `needsPreparation` says so.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DataDirError, lockDataDir } from './dataDir';
import { migrationsFolder } from './db/client';
import { EmbeddedPostgresError, hasCluster, removeCluster } from './db/embeddedPostgres';
import { hasPgliteData, UpgradeError, upgradeFromPglite } from './db/pgliteUpgrade';
import { openProductDatabase } from './db/productDatabase';
import { seed } from './db/seed';

/** Written before a PGlite copy starts and removed once its folder is renamed: a crash in between is redone. */
const upgradeMarkerOf = (dataDir: string) => path.join(dataDir, 'pg-upgrade-pending');

async function prepare() {
  const began = performance.now();
  const config = loadConfig();
  const { dataDir } = config;
  const lock = lockDataDir(dataDir);
  const upgrading = hasPgliteData(dataDir);
  const marker = upgradeMarkerOf(dataDir);
  try {
    if (upgrading && hasCluster(dataDir)) {
      if (!existsSync(marker))
        throw new UpgradeError(
          `${dataDir} tiene a la vez una base PGlite (pgdata) y una de PostgreSQL (pg). ` +
            'Mueva pgdata fuera de DATA_DIR si ya no la necesita, o borre pg para copiarla de nuevo.',
        );
      removeCluster(dataDir); // an interrupted copy: start it again
    }
    if (upgrading) writeFileSync(marker, `${new Date().toISOString()}\n`);
    const database = await openProductDatabase({ ...config, databaseUrl: undefined }, { locked: true });
    const lines: string[] = [...(database.cluster?.notes ?? [])];
    try {
      if (upgrading) {
        process.stdout.write(
          `Actualización: copiando la base PGlite de ${path.join(dataDir, 'pgdata')} a PostgreSQL…\n`,
        );
        const report = await upgradeFromPglite({
          dataDir,
          targetUrl: database.cluster?.url ?? '',
          migrationsFolder,
          migrateWith: (folder) => database.handle.migrate(folder),
          progress: (line) => process.stdout.write(`${line}\n`),
        });
        await database.handle.migrate();
        lines.push(
          `Actualización terminada en ${report.seconds.toFixed(1)} s: ${report.tables.length} tablas, ` +
            `${report.rows} filas, cada una verificada (cantidad y suma de control). ` +
            `La base PGlite anterior queda en ${report.keptAs}; bórrela cuando ya no la necesite.`,
        );
      } else {
        await database.handle.migrate();
        const report = await seed(database.handle.db, config);
        lines.push(
          `Primer inicio: base de datos creada, migrada y cargada en ${((performance.now() - began) / 1000).toFixed(1)} s.`,
        );
        if (report.admin?.generatedPassword)
          lines.push(
            `Superusuario: ${report.admin.username} / ${report.admin.generatedPassword} (contraseña generada, se muestra una sola vez)`,
          );
      }
    } finally {
      await database.close();
    }
    if (upgrading) rmSync(marker, { force: true });
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    if (upgrading && hasPgliteData(dataDir)) {
      // pgdata is as it was: remove the half-made cluster so the next start copies again.
      removeCluster(dataDir);
      rmSync(marker, { force: true });
    }
    // A fresh start that failed after initdb leaves a cluster the server's own migrate and seed complete.
    throw error;
  } finally {
    lock.release();
  }
}

prepare().catch((error: unknown) => {
  const known =
    error instanceof DataDirError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof UpgradeError ||
    error instanceof ConfigError;
  if (error instanceof UpgradeError) {
    console.error(
      `No se pudo pasar la base de datos de la versión anterior a PostgreSQL: ${error.message} ` +
        'Los datos anteriores no se tocaron (DATA_DIR/pgdata). Vuelva a intentar el inicio; si falla otra vez, ' +
        'inicie la versión anterior y haga una copia de DATA_DIR antes de informar el problema.',
    );
  } else console.error(known && !process.env.DEBUG ? (error as Error).message : error);
  process.exit(1);
});
