/**
 * The first start on a fresh embedded data directory, before the server (issue 33): creates the
 * PGlite cluster, runs the migrations and seeds the reference and demo data in a process of its
 * own, which then exits. PGlite's WebAssembly heap never shrinks, so migrating and seeding in the
 * server's own process left it about 70 MB above a later start for its whole life; the server
 * now opens a ready database, as on every later start. `scripts/start.mjs` runs this bundle
 * (prepareData.mjs) when DATA_DIR has no database yet; it imports only the database, the seed and
 * their contracts, not the HTTP server. A superuser password generated here is printed here, once.
 */
import path from 'node:path';
import { loadConfig } from './config';
import { DataDirError, lockDataDir } from './dataDir';
import { openDatabase } from './db/client';
import { seed } from './db/seed';

async function prepare() {
  const began = performance.now();
  const config = loadConfig();
  const lock = lockDataDir(config.dataDir);
  try {
    const handle = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pgdata') });
    try {
      await handle.migrate();
      const report = await seed(handle.db, config);
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      const lines = [`Primer inicio: base de datos creada, migrada y cargada en ${seconds} s.`];
      if (report.admin?.generatedPassword)
        lines.push(
          `Superusuario: ${report.admin.username} / ${report.admin.generatedPassword} (contraseña generada, se muestra una sola vez)`,
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await handle.close();
    }
  } finally {
    lock.release();
  }
}

prepare().catch((error: unknown) => {
  console.error(error instanceof DataDirError ? error.message : error);
  process.exit(1);
});
