/**
 * The server the Playwright suite runs against: `npm start`'s own command (package.json's start
 * script: the esbuild bundle, its V8 heap flags and the client build when missing or stale) on a
 * fresh data directory. Only the environment is the tests': known superuser credentials, the QA
 * recording and a quieter log (issue 27: what a newcomer runs is what the tests run).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { removeCluster } from '../src/server/db/embeddedPostgres';
import { startCommand } from './startCommand';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.e2e-data');
removeCluster(dataDir); // as root the last run's cluster may live under /var/lib/extranet-pg
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.PORT ?? '3100';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  ADMIN_USERNAME: 'admin',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'Admin-E2E-Password-1',
  QA_RECORDING: process.env.QA_RECORDING ?? 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};
// The browser suite needs the pages: an inherited API-only switch would make every page 404.
delete env.SKIP_CLIENT_BUILD;

const start = startCommand();
const server = spawn(start.executable, start.args, { cwd: start.cwd, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.kill(signal);
  });
server.once('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
