/**
 * Budget (issue: foundation): `npm start` on a fresh clone is ready to serve in under 20 s
 * (client build, migrations, reference and demo seed included); later starts under 5 s.
 * Measures the time from spawning `npm start`'s command (scripts/startCommand.ts) until
 * /api/health/ answers.
 * Run: npx tsx bench/startTime.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCommand } from '../scripts/startCommand';
import { waitForHealth } from './server';

const FIRST_START_BUDGET_MS = 20_000;
const LATER_START_BUDGET_MS = 5_000;
const port = 3190;

async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const start = startCommand();
  const server = spawn(start.executable, start.args, {
    cwd: start.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'Bench-Password-1',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    return await waitForHealth(server, `http://127.0.0.1:${port}`, started, 120_000);
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-bench-start-'));
rmSync('dist/client', { recursive: true, force: true });
const first = await timeStart(dataDir);
const later = [await timeStart(dataDir), await timeStart(dataDir), await timeStart(dataDir)].sort(
  (a, b) => a - b,
);
rmSync(dataDir, { recursive: true, force: true });

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `first start (client build, migrations, seed): ${seconds(first)} (budget ${seconds(FIRST_START_BUDGET_MS)})`,
);
console.log(`later starts, median of 3: ${seconds(later[1])} (budget ${seconds(LATER_START_BUDGET_MS)})`);
if (first > FIRST_START_BUDGET_MS || later[1] > LATER_START_BUDGET_MS) process.exit(1);
