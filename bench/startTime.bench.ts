/**
 * Budgets (issue 44, on the embedded PostgreSQL default): the first `npm start` on a fresh data
 * directory is ready to serve in ≤ 15 s, client build included (dist/client is removed first, as
 * on a fresh clone: initdb, migrations, reference and demo seed, Vite); later starts on the same
 * directory ≤ 3 s (the cluster started again, nothing built).
 * Measures the time from spawning `npm start`'s command (scripts/startCommand.ts) until
 * /api/health/ answers, and prints the server's own line of phases ('Extranet lista en …').
 * Every start is stopped with SIGTERM (its embedded cluster stops with it).
 * Run: npx tsx bench/startTime.bench.ts [--port=3190] [--later=3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCommand } from '../scripts/startCommand';
import { argument, benchDataDir, ensureClusterStopped, waitForHealth } from './server';

const FIRST_START_BUDGET_MS = 15_000;
const LATER_START_BUDGET_MS = 3_000;
const port = Number(argument('port', '3190'));
const laterCount = Number(argument('later', '3'));

async function timeStart(dataDir: string): Promise<{ ms: number; summary: string }> {
  const started = performance.now();
  const start = startCommand();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Bench-Password-1',
  };
  for (const name of ['DATABASE_URL', 'SKIP_CLIENT_BUILD']) delete env[name];
  const server = spawn(start.executable, start.args, {
    cwd: start.cwd,
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const ms = await waitForHealth(server, `http://127.0.0.1:${port}`, started, 120_000);
    // The summary is printed just after listen: give it a moment.
    for (let waited = 0; waited < 2_000 && !output.includes('Extranet lista en'); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const summary = output.split('\n').find((line) => line.includes('Extranet lista en')) ?? '';
    const prepared = output.split('\n').find((line) => line.startsWith('Primer inicio:'));
    // What the server's own figure leaves out: node's start, the bundle (scripts/start.mjs), the
    // first start's preparation child, and the wait for the health check.
    const serverSeconds = Number(/lista en \S+ \(([\d.]+) s/.exec(summary)?.[1] ?? Number.NaN);
    const before = Number.isNaN(serverSeconds)
      ? ''
      : `before main.ts ${(ms / 1000 - serverSeconds).toFixed(1)} s`;
    return { ms, summary: [prepared, summary.trim(), before].filter(Boolean).join(' / ') };
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
    await ensureClusterStopped(dataDir);
  }
}

const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-start-')));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let first: { ms: number; summary: string };
const later: { ms: number; summary: string }[] = [];
try {
  rmSync('dist/client', { recursive: true, force: true });
  first = await timeStart(dataDir);
  console.log(`first start: ${seconds(first.ms)}  [${first.summary}]`);
  for (let index = 0; index < laterCount; index++) {
    later.push(await timeStart(dataDir));
    console.log(`later start ${index + 1}: ${seconds(later[index].ms)}  [${later[index].summary}]`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const laterMs = later.map((start) => start.ms).sort((a, b) => a - b);
const median = laterMs[Math.floor(laterMs.length / 2)];
console.log(
  `first start (client build, initdb, migrations, seed): ${seconds(first.ms)} (budget ${seconds(FIRST_START_BUDGET_MS)})${first.ms > FIRST_START_BUDGET_MS ? ' MISSED' : ''}`,
);
console.log(
  `later starts: median ${seconds(median)}, max ${seconds(laterMs[laterMs.length - 1])} of ${laterMs.length} (budget ${seconds(LATER_START_BUDGET_MS)})${median > LATER_START_BUDGET_MS ? ' MISSED' : ''}`,
);
if (first.ms > FIRST_START_BUDGET_MS || median > LATER_START_BUDGET_MS) process.exit(1);
