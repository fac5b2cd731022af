/**
 * Issues 33 and 44: the memory of what `npm start` leaves running on the embedded default, the
 * whole tree: the node processes (the server, its worker threads, the first start's preparation
 * child) and the embedded PostgreSQL's processes (its postmaster, from DATA_DIR/pg/postmaster.pid,
 * and every backend and auxiliary process below it; pg_ctl starts them in a session of their own,
 * so they are not node's children). PSS from /proc/<pid>/smaps_rollup, so PostgreSQL's shared
 * buffers and shared code count once; RSS (which counts them in every process) printed beside it.
 * Sampled every 200 ms.
 * - first start on a fresh data directory (demo data): peak until it answers, and idle 15 s later;
 * - a second start on the same directory: peak and idle;
 * - with `--volume-dir=<DATA_DIR>` (a directory filled by `DATA_DIR=<dir> npm run seed:volume`):
 *   a start on it, peak and idle;
 * - with `--seed-volume=<vouchers>`: `npm run seed:volume` itself into a fresh directory (it starts
 *   the embedded cluster itself: counted too), its peak, then a start on that directory.
 * Budgets (PSS of the tree): idle ≤ 200 MB on the demo data and ≤ 280 MB with a million vouchers
 * (issue 44); seed:volume of a million ≤ 400 MB (issue 44); first start peak ≤ 400 MB (issue 33);
 * a fresh clone's first start, which also builds the web client (Vite, in a child process), ≤ 600
 * MB (issue 41).
 * Order: the fresh clone's first start (dist/client removed first, as a clone has none, and a fresh
 * data directory), then a first start on another fresh data directory with the client built (the
 * server's own first-start figure), then a second start on that directory.
 * Prints every figure, exits 1 when one is missed.
 * Run: npx tsx bench/memory.bench.ts [--port=3191] [--volume-dir=...] [--seed-volume=1000000]
 * (EMBEDDED_PG_PORT, when set, is the clusters' port.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCommand } from '../scripts/startCommand';
import { prepareClient } from '../src/server/clientBuild';
import {
  type ApartFigures,
  mb,
  postmasterOf,
  sampleTree,
  type TreeMemory,
  treeMemory,
} from './processMemory';
import { argument, benchDataDir, ensureClusterStopped, waitForHealth } from './server';

const BUDGET_MB = { cloneFirstPeak: 600, firstPeak: 400, idle: 200, volumeIdle: 280, seedVolumePeak: 400 };
const IDLE_AFTER_MS = 15_000;
const port = Number(argument('port', '3191'));

/** The node tree of `child` and the embedded cluster of `dataDir` (when it runs). */
const rootsOf = (child: ChildProcess, dataDir: string) => () =>
  [child.pid ?? 0, postmasterOf(dataDir) ?? 0].filter((pid) => pid > 0);

interface StartFigures {
  readyMs: number;
  peak: TreeMemory & { peakRss: number };
  idle: TreeMemory;
  /** The idle tree's two halves. */
  idleNode: TreeMemory;
  idlePostgres: TreeMemory;
  /** Vite's build child, when the start ran one (its high-water mark; see sampleTree). */
  clientBuild: ApartFigures;
}

/** The client build's child process (src/server/clientBuild.ts runs node_modules/vite/bin/vite.js). */
const VITE_CHILD = /vite\/bin\/vite\.js/;

async function measureStart(dataDir: string): Promise<StartFigures> {
  const start = startCommand();
  const began = performance.now();
  delete process.env.DATABASE_URL; // the embedded database, whatever the shell says
  const child = spawn(start.executable, start.args, {
    cwd: start.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'Bench-Password-1',
    },
    stdio: 'ignore',
    detached: true,
  });
  const sampler = sampleTree(rootsOf(child, dataDir), 200, VITE_CHILD);
  try {
    const readyMs = await waitForHealth(child, `http://127.0.0.1:${port}`, began, 300_000);
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    const { peak, apart } = sampler.stop();
    // The idle figure and its two halves from one pass over the processes.
    const postmaster = postmasterOf(dataDir);
    const idleNode = treeMemory([child.pid ?? 0]);
    const idlePostgres = postmaster ? treeMemory([postmaster]) : { pss: 0, rss: 0, processes: 0 };
    const idle = {
      pss: idleNode.pss + idlePostgres.pss,
      rss: idleNode.rss + idlePostgres.rss,
      processes: idleNode.processes + idlePostgres.processes,
    };
    return {
      readyMs,
      peak: idle.pss > peak.pss ? { ...idle, peakRss: peak.peakRss } : peak,
      idle,
      idleNode,
      idlePostgres,
      clientBuild: apart,
    };
  } finally {
    sampler.stop();
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    await ensureClusterStopped(dataDir);
  }
}

/** `seed:volume` into a fresh directory: its peak, and the directory (for a start on it). */
async function measureSeedVolume(vouchers: string) {
  const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-seed-volume-')));
  // package.json's seed:volume command, without npm around it: node with tsx as its loader (the
  // tsx command would add a parent node process of its own, about 50 MB).
  // With the demo data, as a user's `npm run seed:volume` on a fresh directory seeds it first.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/seedVolume.ts', '--vouchers', vouchers],
    {
      env,
      stdio: 'inherit',
      detached: true,
    },
  );
  const sampler = sampleTree(rootsOf(child, dataDir));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const { peak } = sampler.stop();
  await ensureClusterStopped(dataDir);
  if (code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`seed:volume exited with ${code}`);
  }
  return { peak, dataDir };
}

const missed: string[] = [];
const report = (label: string, memory: { pss: number; rss: number }, budgetMb: number | null) => {
  const within = budgetMb === null || mb(memory.pss) <= budgetMb;
  if (!within) missed.push(label);
  process.stdout.write(
    `${label.padEnd(52)} PSS ${String(mb(memory.pss)).padStart(5)} MB  (RSS ${String(mb(memory.rss)).padStart(5)} MB)${budgetMb === null ? '' : `  budget ${budgetMb}${within ? '' : '  MISSED'}`}\n`,
  );
};
const reportStart = (label: string, figures: StartFigures, peakBudget: number | null, idleBudget: number) => {
  process.stdout.write(`${label} ready in ${(figures.readyMs / 1000).toFixed(1)} s\n`);
  report(`${label}, peak`, figures.peak, peakBudget);
  if (figures.peak.peakRss > figures.peak.rss)
    process.stdout.write(`  (highest RSS of any sample: ${mb(figures.peak.peakRss)} MB)\n`);
  report(`${label}, idle`, figures.idle, idleBudget);
  process.stdout.write(
    `  idle: node ${mb(figures.idleNode.pss)} MB PSS (${figures.idleNode.processes} processes), ` +
      `PostgreSQL ${mb(figures.idlePostgres.pss)} MB PSS (${figures.idlePostgres.processes} processes, RSS ${mb(figures.idlePostgres.rss)} MB)\n`,
  );
};

// A fresh clone's first start: no dist/client (the start builds it) and a fresh data directory.
const cloneDataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-memory-clone-')));
try {
  rmSync(path.join(process.cwd(), 'dist/client'), { recursive: true, force: true });
  const figures = await measureStart(cloneDataDir);
  if (!existsSync(path.join(process.cwd(), 'dist/client/index.html')))
    throw new Error('The first start did not build dist/client');
  if (figures.clientBuild.highWater === 0) throw new Error('No sample saw the Vite build child');
  // The budget holds the larger of the sampled peak and the figure no sampling gap can hide: the
  // rest of the tree's PSS plus the Vite child's own high-water mark (resident, so counting its
  // shared pages in full) while it ran.
  const bound = figures.clientBuild.boundPss;
  reportStart(
    'fresh clone first start (builds the client)',
    { ...figures, peak: bound > figures.peak.pss ? { ...figures.peak, pss: bound } : figures.peak },
    BUDGET_MB.cloneFirstPeak,
    BUDGET_MB.idle,
  );
  process.stdout.write(
    `  sampled peak ${mb(figures.peak.pss)} MB PSS; Vite build child high-water ${mb(figures.clientBuild.highWater)} MB resident, ` +
      `with the rest of the tree beside it: ${mb(bound)} MB\n`,
  );
} finally {
  rmSync(cloneDataDir, { recursive: true, force: true });
}
// The client is current now (prepareClient builds it only if it is stale): the server's own figures.
await prepareClient(process.cwd(), false);

// Mode 755: as root the cluster's user reaches it and the cluster stays in DATA_DIR/pg.
const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-memory-')));
try {
  reportStart(
    'first start (fresh data directory)',
    await measureStart(dataDir),
    BUDGET_MB.firstPeak,
    BUDGET_MB.idle,
  );
  reportStart('second start (same directory)', await measureStart(dataDir), null, BUDGET_MB.idle);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const reportVolumeStart = async (directory: string) =>
  reportStart(
    'start on the seed:volume directory',
    await measureStart(directory),
    null,
    BUDGET_MB.volumeIdle,
  );
const volumeDir = argument('volume-dir', '');
if (volumeDir) await reportVolumeStart(path.resolve(volumeDir));
const seedVolume = argument('seed-volume', '');
if (seedVolume) {
  const seeded = await measureSeedVolume(seedVolume);
  try {
    report(`seed:volume ${seedVolume} vouchers, peak`, seeded.peak, BUDGET_MB.seedVolumePeak);
    if (seeded.peak.peakRss > seeded.peak.rss)
      process.stdout.write(`  (highest RSS of any sample: ${mb(seeded.peak.peakRss)} MB)\n`);
    // Then a start on what it loaded (unless --volume-dir named another directory).
    if (!volumeDir) await reportVolumeStart(seeded.dataDir);
  } finally {
    rmSync(seeded.dataDir, { recursive: true, force: true });
  }
}

process.stdout.write(missed.length ? `budgets missed: ${missed.join('; ')}\n` : 'every budget met\n');
process.exit(missed.length ? 1 : 0);
