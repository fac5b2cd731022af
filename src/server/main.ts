/**
 * `npm start`: configuration, database (PGlite in DATA_DIR unless DATABASE_URL), migrations,
 * reference and demo data, the client build when missing or stale, then listen and print the
 * address and the demo logins.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createTokenService } from './auth/tokens';
import { loadConfig } from './config';
import { DataDirError, lockDataDir } from './dataDir';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, seed } from './db/seed';
import { createMailer } from './services/mail';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.join(root, 'dist/client');

async function main() {
  const started = performance.now();
  const config = loadConfig();
  // The embedded database is single-process: one server per data directory.
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  const phases: string[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    const result = await work();
    phases.push(`${name} ${((performance.now() - began) / 1000).toFixed(1)} s`);
    return result;
  };
  await phase('migraciones', () => handle.migrate());
  const report = await phase('datos', () => seed(handle.db, config));
  await phase('cliente', () => ensureClientBuilt());
  const app = await buildApp(
    {
      config,
      db: handle.db,
      databaseKind: handle.kind,
      listen: handle.listen,
      tokens: createTokenService(config.jwtSecret, {
        accessMinutes: config.accessTokenMinutes,
        refreshDays: config.refreshTokenDays,
      }),
      mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom }),
    },
    { clientDir, logger: config.logLevel !== 'silent' },
  );
  const shutdown = async () => {
    await app.close();
    await handle.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `Extranet lista en ${config.publicUrl} (${((performance.now() - started) / 1000).toFixed(1)} s: ${phases.join(', ')})`,
    `Base de datos: ${handle.kind === 'pglite' ? `PGlite en ${path.join(config.dataDir, 'pgdata')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `Correo: ${config.smtpUrl ? 'SMTP' : `archivos .eml en ${config.outboxDir}`}`,
  ];
  if (report.admin) {
    lines.push(
      report.admin.generatedPassword
        ? `Superusuario: ${report.admin.username} / ${report.admin.generatedPassword} (contraseña generada, se muestra una sola vez)`
        : `Superusuario: ${report.admin.username} (${report.admin.email})`,
    );
  }
  if (report.demoLogins.length) {
    lines.push(
      `Usuarios DEMO (contraseña de demostración ${DEMO_PASSWORD}; no usar fuera de una demo local):`,
    );
    for (const login of report.demoLogins) lines.push(`  ${login.username.padEnd(26)} ${login.role}`);
  }
  lines.push(...report.notes, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Builds the client with Vite when dist/client is missing or older than its sources. */
async function ensureClientBuilt() {
  if (process.env.SKIP_CLIENT_BUILD === 'true') return;
  const builtIndex = path.join(clientDir, 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = [
    'src/client',
    'src/contracts',
    'machines',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
  ];
  const newest = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt >= newest) return;
  process.stdout.write('Compilando la aplicación web (vite build)...\n');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

main().catch((error: unknown) => {
  // Problems the operator can fix are told in one sentence; anything else with its stack.
  console.error(error instanceof DataDirError ? error.message : error);
  process.exit(1);
});
