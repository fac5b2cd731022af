/**
 * End-to-end tests in Debian's Chromium against `npm start`'s server on a fresh data directory.
 * The port is E2E_PORT when set; otherwise 3100, or a free port when 3100 is in use (several
 * checkouts on one machine). The choice is written to process.env.E2E_PORT once, so the workers
 * (which load this file again with the runner's environment) and tests/e2e/support.ts agree.
 */
import { spawnSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/** Listens on `port` (0: any) in a child process and prints the port it got, or nothing. */
function probePort(port: number): number | null {
  const script = `const server = require('node:net').createServer();
server.once('error', () => process.exit(0));
server.listen(${port}, '127.0.0.1', () => { process.stdout.write(String(server.address().port)); server.close(); });`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  const found = Number(result.stdout);
  return Number.isInteger(found) && found > 0 ? found : null;
}

function choosePort(): number {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  const port = probePort(3100) ?? probePort(0);
  if (port === null) throw new Error('No free port for the e2e server');
  return port;
}

const port = choosePort();
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // Recording a trace costs about 2 s a test (measured on resourcePaths): only a retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/health/`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM, so that the server stops its embedded PostgreSQL as `npm start` does on Ctrl-C.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: { PORT: String(port), E2E_DATA_DIR: `.e2e-data-${port}` },
  },
});
