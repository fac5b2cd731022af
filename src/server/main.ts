/**
 * `npm start`: configuration, database (the embedded PostgreSQL of DATA_DIR unless DATABASE_URL), migrations,
 * reference and demo data, the client build when missing or stale, then listen and print the
 * address and the demo logins.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createTokenService } from './auth/tokens';
import { ClientBuildError, prepareClient } from './clientBuild';
import { ConfigError, loadConfig } from './config';
import { DataDirError } from './dataDir';
import { BackupError } from './db/backup';
import { backupSettingsOf, migrateSafely, scheduleDailyBackups } from './db/backupSchedule';
import { migrationsFolder } from './db/client';
import { EmbeddedPostgresError } from './db/embeddedPostgres';
import { hasPgliteData, UpgradeError } from './db/pgliteUpgrade';
import { DatabaseUnreachableError, openProductDatabase, type ProductDatabase } from './db/productDatabase';
import { DEMO_PASSWORD, seed } from './db/seed';
import { findProjectRoot, ProjectRootError } from './projectRoot';
import { settleBackgroundWork } from './services/background';
import { createMailer } from './services/mail';

// From src/server (tsx) or dist/server/<hash>/ (the bundle): the checkout is above either.
const root = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const backupSettings = backupSettingsOf(process.env, config.dataDir);
  const phases: string[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    const result = await work();
    phases.push(`${name} ${((performance.now() - began) / 1000).toFixed(1)} s`);
    return result;
  };
  // The client builds (in a child process, when missing or stale) while the database migrates.
  const clientReady = phase('cliente', () => prepareClient(root, process.env.SKIP_CLIENT_BUILD === 'true'));
  clientReady.catch(() => {}); // awaited below; a failure before then is not 'unhandled'
  // A PGlite directory of the previous version is moved over by `npm start`'s preparation
  // (scripts/start.mjs, prepareData.ts), never by a server started some other way (npm run dev).
  if (!config.databaseUrl && hasPgliteData(config.dataDir))
    throw new UpgradeError(
      `${config.dataDir} tiene la base PGlite de la versión anterior (pgdata): ejecute npm start una vez para pasarla a PostgreSQL.`,
    );
  // The embedded database belongs to one server per data directory (openProductDatabase locks it).
  const database = await phase('base de datos', () => openProductDatabase(config));
  const { handle } = database;
  let stopping = false;
  const notes: string[] = [];
  const serve = async () => {
    // Issue 41: with migrations to apply to a database that has data, a backup first (or no start).
    const databaseUrl = database.cluster?.url ?? config.databaseUrl ?? '';
    const upgradeBackup = await phase('migraciones', () =>
      migrateSafely({
        databaseUrl,
        dataDir: config.dataDir,
        settings: backupSettings,
        migrationsFolder,
        preferPgDump: Boolean(config.databaseUrl),
        migrate: () => handle.migrate(),
      }),
    );
    if (upgradeBackup) notes.push(`Copia de seguridad previa a la actualización: ${upgradeBackup.file}`);
    const report = await phase('datos', () => seed(handle.db, config));
    const client = await clientReady;
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
      { clientDir: client.clientDir, logger: config.logLevel !== 'silent' },
    );
    const dailyBackups = scheduleDailyBackups({
      databaseUrl,
      dataDir: config.dataDir,
      settings: backupSettings,
      migrationsFolder,
      preferPgDump: Boolean(config.databaseUrl),
      log: (line) => app.log.info(line),
      warn: (line) => app.log.error(line),
    });
    const shutdown = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      // A daily backup in progress finishes (or is abandoned) before the pool closes.
      await dailyBackups.stop();
      await stopGracefully(app, database, config.shutdownSeconds, signal);
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    await app.listen({ port: config.port, host: config.host });
    return { report, client };
  };
  let served: Awaited<ReturnType<typeof serve>>;
  try {
    served = await serve();
  } catch (error) {
    // The embedded PostgreSQL stops with a start that failed, as with one that ends.
    await database.close().catch(() => {});
    throw error;
  }
  const { report, client } = served;
  const lines = [
    '',
    `Extranet lista en ${config.publicUrl} (${((performance.now() - started) / 1000).toFixed(1)} s: ${phases.join(', ')})`,
    `Base de datos: ${database.description}`,
    ...(database.cluster?.notes ?? []),
    ...notes,
    backupSettings.daily
      ? `Copias de seguridad: diarias a las ${String(backupSettings.daily.hour).padStart(2, '0')}:${String(backupSettings.daily.minute).padStart(2, '0')} en ${backupSettings.dir} (se guardan ${backupSettings.keep})`
      : 'Copias de seguridad: diarias desactivadas (BACKUP_DAILY=off)',
    `Correo: ${config.smtpUrl ? 'SMTP' : `archivos .eml en ${config.outboxDir}`}`,
    client.clientDir
      ? `Aplicación web: ${client.clientDir}${client.built ? ' (compilada en este inicio)' : ''}`
      : 'Aplicación web: no se sirve (SKIP_CLIENT_BUILD=true, solo API)',
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

main().catch((error: unknown) => {
  // Problems the operator can fix are told in one sentence; anything else with its stack.
  const forTheOperator =
    error instanceof DataDirError ||
    error instanceof ClientBuildError ||
    error instanceof ProjectRootError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof UpgradeError ||
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachableError ||
    isPortTaken(error);
  // DEBUG shows the stack of any error.
  console.error(forTheOperator && !process.env.DEBUG ? operatorSentence(error) : error);
  process.exit(1);
});

/** The port was free when start.mjs checked it, and taken by the time the server listened. */
function isPortTaken(error: unknown): error is Error {
  const code = (error as { code?: string }).code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

function operatorSentence(error: Error): string {
  if (!isPortTaken(error) || error instanceof ConfigError) return error.message;
  const { port } = error as { port?: number };
  return (error as { code?: string }).code === 'EADDRINUSE'
    ? `El puerto ${port ?? ''} ya está en uso (PORT): detenga el programa que lo usa o elija otro PORT.`
    : `No hay permiso para escuchar en el puerto ${port ?? ''} (PORT): use uno mayor que 1024.`;
}

/**
 * Issue 41 'Graceful shutdown' (SIGTERM, SIGINT): the listening socket closes at once (new
 * connections are refused; a request arriving on an open connection gets Fastify's 503 with
 * `connection: close`), the requests in flight finish (for at most `seconds`, after which their
 * connections are closed), connections left idle are closed as they become idle; then the app's
 * close hooks put this instance's running export and reading jobs back in the queue (another
 * instance or the next start takes them at once), the work started after an answer (mails) is
 * awaited for the same bound, the pool is closed and the embedded PostgreSQL stops.
 */
async function stopGracefully(
  app: FastifyInstance,
  database: ProductDatabase,
  seconds: number,
  signal: NodeJS.Signals,
): Promise<void> {
  app.log.info({ signal }, `stopping: waiting for the requests in flight (at most ${seconds} s)`);
  const deadline = Date.now() + seconds * 1000;
  // A close hook that never ends must not keep the process: 10 s past the bound it exits anyway
  // (the embedded PostgreSQL's watcher then stops the cluster; the jobs' claims lapse).
  setTimeout(
    () => {
      app.log.error('the stop took too long: exiting without closing');
      process.exit(1);
    },
    (seconds + 10) * 1000,
  ).unref();
  // Keep-alive connections whose request just finished would otherwise hold server.close().
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  const force = setTimeout(() => {
    app.log.warn(`requests still in flight after ${seconds} s: closing their connections`);
    app.server.closeAllConnections();
  }, seconds * 1000);
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'closing the server failed');
  } finally {
    clearInterval(reaper);
    clearTimeout(force);
  }
  const left = Math.max(0, deadline - Date.now());
  let waiting: NodeJS.Timeout | undefined;
  await Promise.race([
    settleBackgroundWork(),
    new Promise<void>((resolve) => {
      waiting = setTimeout(resolve, left);
    }),
  ]);
  clearTimeout(waiting);
  await database
    .close()
    .catch((error: unknown) => app.log.error({ err: error }, 'closing the database failed'));
  app.log.info('stopped');
}
