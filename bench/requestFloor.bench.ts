/**
 * The per-request cost against its floor (issue 29): the exact-filter list shapes asked of the
 * shipped server (package.json's start script, as `npm start` runs it) and of a minimal Fastify
 * app on the same database running the same SQL (bench/floorServer.ts), side by side: median of
 * single requests, then autocannon at each connection count (req/s, p50, p99, errors).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres \
 *     npx tsx bench/requestFloor.bench.ts --db=postgres [--rows=1000000] [--seconds=5] [--connections=4,50]
 *   npx tsx bench/requestFloor.bench.ts --db=embedded [--rows=1000000] [--port=3296]
 *
 * The database (`extranet_bench_perf_floor_<rows>`, or an embedded cluster in a DATA_DIR under
 * $TMPDIR, which the product and the floor each start in turn) is made once and kept:
 * `<rows>` generated passengers (bench/paxData.ts), then `<rows>` vouchers over `<rows>/3`
 * reservations with their travellers (bench/voucherData.ts). `--root=<another checkout>` runs
 * another version of the product on the same data (the 'before' figures); `--servers=product` or
 * `--servers=floor` runs one side only. Prints figures; asserts nothing (budgets in bench/README).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startCommand } from '../scripts/startCommand';
import { docNumberOf, generatePassengers } from './paxData';
import {
  argument,
  benchKind,
  bundleBenchScript,
  ensureClusterStopped,
  prepareBenchDatabase,
  type RunningServer,
  runningDatabaseUrl,
  signIn,
  startServer,
  waitForHealth,
} from './server';
import { generateVouchers } from './voucherData';

const kind = benchKind('postgres');
const rows = Number(argument('rows', '1000000'));
const seconds = Number(argument('seconds', '5'));
const connectionCounts = argument('connections', '4,50').split(',').map(Number);
const port = Number(argument('port', '3296'));
const root = path.resolve(argument('root', process.cwd()));
const servers = argument('servers', 'product,floor').split(',');

const repository = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The exact shapes: one row, a handful, and a page of a filter matching many rows. */
const shapes = [
  { name: 'pax by document', path: `/api/pax/?doc_number=${docNumberOf(Math.ceil(rows / 2))}` },
  { name: 'pax by id', path: `/api/pax/?id=${Math.ceil(rows / 3)}` },
  { name: 'vouchers by status', path: '/api/voucher/?status=6&offset=0&limit=25' },
  { name: 'vouchers by reservation', path: `/api/voucher/?reservation=${Math.ceil(rows / 7)}` },
  { name: 'voucher by id', path: `/api/voucher/?id=${Math.ceil(rows / 5)}` },
];

const target = await prepareBenchDatabase(kind, `perf_floor_${rows}`, async (db) => {
  const counted = async (table: string) =>
    Number(
      (
        (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n,
    );
  if ((await counted('vouchers')) >= rows) return;
  await db.execute(sql`truncate pax, reservations, vouchers, voucher_passengers restart identity cascade`);
  process.stdout.write(`generating ${rows.toLocaleString('en')} passengers and vouchers (${kind})...\n`);
  const paxMs = await generatePassengers(db, rows);
  const voucherMs = await generateVouchers(db, rows);
  process.stdout.write(`  generated in ${((paxMs + voucherMs) / 1000).toFixed(1)} s\n`);
});

async function startFloor(script: string): Promise<RunningServer> {
  const started = performance.now();
  // The start script's node flags, as the product gets them.
  const flags = startCommand(repository).args.filter((arg) => arg.startsWith('--'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = target.dataDir;
  }
  const child = spawn(process.execPath, [...flags, script], {
    cwd: repository,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(child, url, started, 120_000);
  return {
    url,
    process: child,
    startedInMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      if (!target.databaseUrl) await ensureClusterStopped(target.dataDir);
    },
  };
}

interface Figures {
  single: number;
  runs: {
    requestsPerSecond: number;
    p50: number;
    p99: number;
    failed: number;
    /** CPU milliseconds per request of the server's process. */
    nodeMs: number;
    /** CPU milliseconds per request of the PostgreSQL backends serving the bench database. */
    databaseMs: number;
  }[];
  bytes: number;
}

/** utime + stime of a process in milliseconds (Linux /proc; 0 when it cannot be read). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // Fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends connected to the bench database (their CPU is the database's share). */
async function databaseBackends(): Promise<number[]> {
  const databaseUrl = runningDatabaseUrl(target);
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function measure(server: RunningServer, authorization: string | undefined): Promise<Figures[]> {
  const url = server.url;
  const serverPid = server.process.pid ?? 0;
  const headers: Record<string, string> = authorization ? { authorization } : {};
  // Every shape asked first: a server just started compiles its code on its first requests.
  for (let round = 0; round < 50; round++)
    for (const shape of shapes) {
      const response = await fetch(`${url}${shape.path}`, { headers });
      if (!response.ok) throw new Error(`GET ${shape.path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  const figures: Figures[] = [];
  for (const shape of shapes) {
    const timings: number[] = [];
    let bytes = 0;
    for (let index = 0; index < 30; index++) {
      const started = performance.now();
      const response = await fetch(`${url}${shape.path}`, { headers });
      bytes = (await response.arrayBuffer()).byteLength;
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const runs: Figures['runs'] = [];
    for (const connections of connectionCounts) {
      const options = { url: `${url}${shape.path}`, connections, timeout: 30, headers };
      await autocannon({ ...options, duration: 1 });
      // The warm-up opened the pool's connections: these are the backends the run will use.
      const backends = await databaseBackends();
      const cpuBefore = [cpuMs(serverPid), backends.reduce((sum, pid) => sum + cpuMs(pid), 0)];
      const result = await autocannon({ ...options, duration: seconds });
      const requests = Math.max(1, result.requests.total);
      const cpuAfter = [cpuMs(serverPid), backends.reduce((sum, pid) => sum + cpuMs(pid), 0)];
      runs.push({
        nodeMs: (cpuAfter[0] - cpuBefore[0]) / requests,
        databaseMs: (cpuAfter[1] - cpuBefore[1]) / requests,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.errors + result.timeouts + result.non2xx,
      });
    }
    figures.push({ single: timings[Math.floor(timings.length / 2)], runs, bytes });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  return figures;
}

const results = new Map<string, Figures[]>();
if (servers.includes('product')) {
  const server = await startServer(target, port, root);
  try {
    results.set('product', await measure(server, await signIn(server.url)));
  } finally {
    await server.stop();
  }
}
if (servers.includes('floor')) {
  const floor = await startFloor(await bundleBenchScript('bench/floorServer.ts', 'bench-floor'));
  try {
    results.set('floor', await measure(floor, undefined));
  } finally {
    await floor.stop();
  }
}

const product = results.get('product');
const floorFigures = results.get('floor');
console.log(
  `\nrequest floor: ${kind}, ${rows.toLocaleString('en')} rows, ${seconds} s per run, product from ${root}`,
);
const header = [
  'shape',
  'conns',
  'product req/s',
  'p50 / p99 ms',
  'CPU ms/req node + db',
  'floor req/s',
  'p50 / p99 ms',
  'CPU ms/req node + db',
  'floor / product req/s',
];
console.log(`| ${header.join(' | ')} |\n|${' --- |'.repeat(header.length)}`);
shapes.forEach((shape, index) => {
  const ours = product?.[index];
  const floor = floorFigures?.[index];
  console.log(
    `| ${shape.name} | single | ${ours ? `${ours.single.toFixed(2)} ms` : '-'} | | | ${floor ? `${floor.single.toFixed(2)} ms` : '-'} | | | ${ours && floor ? (ours.single / floor.single).toFixed(2) : '-'} |`,
  );
  connectionCounts.forEach((connections, run) => {
    const a = ours?.runs[run];
    const b = floor?.runs[run];
    const cell = (figures?: Figures['runs'][number]) =>
      figures
        ? [
            `${figures.requestsPerSecond.toFixed(0)}${figures.failed ? ` (${figures.failed} failed)` : ''}`,
            `${figures.p50} / ${figures.p99}`,
            `${figures.nodeMs.toFixed(2)} + ${figures.databaseMs.toFixed(2)}`,
          ]
        : ['-', '-', '-'];
    console.log(
      `| ${shape.name} | ${connections} | ${cell(a).join(' | ')} | ${cell(b).join(' | ')} | ${a && b ? (b.requestsPerSecond / a.requestsPerSecond).toFixed(2) : '-'} |`,
    );
  });
});
if (product)
  console.log(
    `answer sizes (product): ${shapes.map((shape, index) => `${shape.name} ${product[index].bytes} B`).join(', ')}`,
  );
process.exit(0);
