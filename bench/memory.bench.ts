/**
 * Issue 33: the resident memory of `npm start` on the embedded database (PGlite), the whole
 * process tree (the server, its worker threads and any child it starts), sampled every 100 ms.
 * - first start on a fresh data directory: peak until it answers, and idle 15 s later;
 * - a second start on the same directory: peak and idle;
 * - with `--volume-dir=<DATA_DIR>` (a directory filled by `DATA_DIR=<dir> npm run seed:volume`):
 *   a start on it, peak and idle;
 * - with `--seed-volume=<vouchers>`: `npm run seed:volume` itself into a fresh directory, its peak
 *   (slow: about ten minutes for a million vouchers), then a start on that directory, peak and idle.
 * Budgets: first start peak <= 400 MB, idle <= 250 MB on the demo data; idle <= 350 MB with a
 * million vouchers; seed:volume peak <= 500 MB. Prints every figure, exits 1 when one is missed.
 * The client is built first, so the figures are the server's (Vite runs only when it is stale).
 * Run: npx tsx bench/memory.bench.ts [--volume-dir=...] [--seed-volume=1000000]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCommand } from '../scripts/startCommand';
import { prepareClient } from '../src/server/clientBuild';
import { argument, bundleBenchScript, waitForHealth } from './server';

const BUDGET_MB = { firstPeak: 400, idle: 250, volumeIdle: 350, seedVolumePeak: 500 };
const IDLE_AFTER_MS = 15_000;
const port = 3191;
const pageSize = 4096;

/** Resident bytes of `pid` and every process below it. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {}
  }
  let total = 0;
  const pending = [pid];
  while (pending.length) {
    const current = pending.pop()!;
    try {
      total += Number(readFileSync(`/proc/${current}/statm`, 'utf8').split(' ')[1]) * pageSize;
    } catch {}
    pending.push(...(children.get(current) ?? []));
  }
  return total;
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

/** Samples the tree of `child` every 100 ms; `stop()` answers the peak and the last sample. */
function sample(child: ChildProcess) {
  let peak = 0;
  let last = 0;
  const timer = setInterval(() => {
    last = treeRss(child.pid!);
    peak = Math.max(peak, last);
  }, 100);
  return {
    get peak() {
      return peak;
    },
    stop() {
      clearInterval(timer);
      return { peak, last };
    },
  };
}

async function measureStart(dataDir: string): Promise<{ readyMs: number; peak: number; idle: number }> {
  const start = startCommand();
  const began = performance.now();
  delete process.env.DATABASE_URL; // the embedded database, whatever the shell says
  const child = spawn(start.executable, start.args, {
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
  const sampler = sample(child);
  try {
    const readyMs = await waitForHealth(child, `http://127.0.0.1:${port}`, began, 300_000);
    const peakUntilReady = sampler.peak;
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    const { peak, last } = sampler.stop();
    return { readyMs, peak: Math.max(peak, peakUntilReady), idle: last };
  } finally {
    sampler.stop();
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}

/**
 * The floor under the idle budget: a bare node process holding the product's embedded database
 * open (src/server/db/client.ts: PGlite in its worker thread, the same settings) on `dataDir`,
 * idle, with no HTTP server, routes or caches.
 */
async function measurePgliteFloor(dataDir: string): Promise<number> {
  const probe = await bundleBenchScript('bench/pgliteFloor.ts', 'bench-memory-floor');
  const child = spawn(process.execPath, [probe, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
      child.once('exit', (code) => reject(new Error(`the floor probe exited with ${code}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    return treeRss(child.pid!);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  }
}

/** `seed:volume` into a fresh directory: its peak, and the directory (for a start on it). */
async function measureSeedVolume(vouchers: string): Promise<{ peak: number; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-bench-seed-volume-'));
  // package.json's seed:volume command, without npm around it: node with tsx as its loader (the
  // tsx command would add a parent node process of its own, about 50 MB).
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/seedVolume.ts', '--vouchers', vouchers],
    {
      // With the demo data, as a user's `npm run seed:volume` on a fresh directory seeds it first.
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'inherit',
      detached: true,
    },
  );
  const sampler = sample(child);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const { peak } = sampler.stop();
  if (code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`seed:volume exited with ${code}`);
  }
  return { peak, dataDir };
}

await prepareClient(process.cwd(), false);
const missed: string[] = [];
const report = (label: string, valueMb: number, budgetMb: number) => {
  const within = valueMb <= budgetMb;
  if (!within) missed.push(label);
  process.stdout.write(
    `${label.padEnd(44)} ${String(valueMb).padStart(5)} MB  (budget ${budgetMb})${within ? '' : '  MISSED'}\n`,
  );
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-bench-memory-'));
const first = await measureStart(dataDir);
process.stdout.write(`first start ready in ${(first.readyMs / 1000).toFixed(1)} s\n`);
report('first start (fresh data directory), peak', mb(first.peak), BUDGET_MB.firstPeak);
report('first start, idle', mb(first.idle), BUDGET_MB.idle);
const second = await measureStart(dataDir);
process.stdout.write(`second start ready in ${(second.readyMs / 1000).toFixed(1)} s\n`);
report('second start (same directory), peak', mb(second.peak), BUDGET_MB.firstPeak);
report('second start, idle', mb(second.idle), BUDGET_MB.idle);
// Where the idle budget falls below what PGlite alone holds plus the server, the floor is printed.
const floor = await measurePgliteFloor(dataDir);
process.stdout.write(
  `  floor: node holding PGlite open, idle ${mb(floor)} MB; the server above it ${mb(second.idle - floor)} MB\n`,
);
rmSync(dataDir, { recursive: true, force: true });

const reportVolumeStart = async (directory: string) => {
  const volume = await measureStart(directory);
  report('start on the seed:volume directory, idle', mb(volume.idle), BUDGET_MB.volumeIdle);
  process.stdout.write(
    `  (its peak: ${mb(volume.peak)} MB, ready in ${(volume.readyMs / 1000).toFixed(1)} s)\n`,
  );
};
const volumeDir = argument('volume-dir', '');
if (volumeDir) await reportVolumeStart(path.resolve(volumeDir));
const seedVolume = argument('seed-volume', '');
if (seedVolume) {
  const seeded = await measureSeedVolume(seedVolume);
  report(`seed:volume ${seedVolume} vouchers, peak`, mb(seeded.peak), BUDGET_MB.seedVolumePeak);
  // Then a start on what it loaded (unless --volume-dir named another directory).
  if (!volumeDir) await reportVolumeStart(seeded.dataDir);
  rmSync(seeded.dataDir, { recursive: true, force: true });
}

process.stdout.write(missed.length ? `budgets missed: ${missed.join('; ')}\n` : 'every budget met\n');
process.exit(missed.length ? 1 : 0);
