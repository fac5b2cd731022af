/**
 * Budgets of issue 11: GET /api/pax/ over HTTP (autocannon, the product started as `npm start`
 * does) with 1,000,000 generated passengers, per shape: single-request median, req/s and p99 at 4
 * and 50 connections, errors and timeouts. It also checks that /api/health/ answers within 50 ms
 * while the database is busy.
 *
 *   npx tsx bench/listHttp.bench.ts --db=embedded|postgres [--rows=1000000] [--seconds=10]
 *        [--connections=4,50] [--root=<another checkout, to measure it on the same data>]
 *   (PostgreSQL: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54335/postgres; see bench/README.md)
 *
 * Budgets (issue 11): every shape ≤ 5 ms single, ≥ 1,000 req/s with p99 ≤ 50 ms at 50
 * connections, no errors or timeouts; health ≤ 50 ms while busy. The embedded default (issue 44)
 * is the same PostgreSQL on the same machine, so the same budgets apply to both kinds (issue 44's
 * own list budget, exact filters within 1.5× of bench/requestFloor.bench.ts on the same data, is
 * that bench's comparison). Exits 1 when one is missed.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_FIRST_NAMES } from '../src/server/db/seed/masterData';
import { COMMON_FRAGMENT, docNumberOf, RARE_FRAGMENT } from './paxData';
import { argument, benchKind, load, prepareDatabase, signIn, singleRequestMs, startServer } from './server';

const kind = benchKind('embedded');
const rows = Number(argument('rows', '1000000'));
const seconds = Number(argument('seconds', '10'));
const connectionCounts = argument('connections', '4,50').split(',').map(Number);
const root = path.resolve(argument('root', process.cwd()));
const port = Number(argument('port', '3290'));

const shapes = [
  { name: 'first page', query: 'offset=0&limit=25' },
  { name: 'exact doc_number', query: `doc_number=${docNumberOf(Math.floor(rows / 2))}` },
  { name: 'contains common', query: `name=${encodeURIComponent(COMMON_FRAGMENT)}&limit=25` },
  { name: 'contains rare', query: `name=${RARE_FRAGMENT}&limit=25` },
  {
    name: `offset ${Math.floor(rows / 2).toLocaleString('en')}`,
    query: `offset=${Math.floor(rows / 2)}&limit=25`,
  },
];

const target = await prepareDatabase(kind, rows);
const server = await startServer(target, port, root);
const misses: string[] = [];
const lines: string[] = [];
try {
  const authorization = await signIn(server.url);
  console.log(
    `list benchmark: ${kind}, ${rows.toLocaleString('en')} passengers, server from ${root} (ready in ${(server.startedInMs / 1000).toFixed(1)} s), ${seconds} s per load run`,
  );
  const header = `| shape | single ms | ${connectionCounts.map((c) => `req/s @${c} | p99 ms @${c} | err+timeouts @${c}`).join(' | ')} | count (kind) |`;
  lines.push(header, `|${'---|'.repeat(header.split('|').length - 2)}`);
  const drainUrl = `${server.url}/api/pax/?${shapes[1].query}`;
  for (const shape of shapes) {
    const url = `${server.url}/api/pax/?${shape.query}`;
    const first = await fetch(url, { headers: { authorization } });
    const body = (await first.json()) as { count: number; count_kind?: string; results: unknown[] };
    const single = await singleRequestMs(url, authorization);
    const cells = [shape.name, single.toFixed(1)];
    if (single > 5) misses.push(`${shape.name}: single ${single.toFixed(1)} ms`);
    for (const connections of connectionCounts) {
      const result = await load(url, authorization, connections, seconds);
      // Requests still queued in the server when autocannon stops would slow the next single
      // measurement: one request behind them drains the queue first.
      await (await fetch(drainUrl, { headers: { authorization } })).arrayBuffer();
      const failures = result.errors + result.timeouts + result.non2xx;
      cells.push(result.requestsPerSecond.toFixed(0), String(result.p99), String(failures));
      if (failures) misses.push(`${shape.name} @${connections}: ${failures} errors/timeouts/non-2xx`);
      if (connections === 50) {
        if (result.requestsPerSecond < 1000)
          misses.push(`${shape.name} @50: ${result.requestsPerSecond.toFixed(0)} req/s`);
        if (result.p99 > 50) misses.push(`${shape.name} @50: p99 ${result.p99} ms`);
      }
    }
    cells.push(`${body.count} (${body.count_kind ?? 'exact'})`);
    lines.push(`| ${cells.join(' | ')} |`);
    console.log(lines[lines.length - 1]);
  }

  // The health check while the database is busy from 50 connections with queries nothing
  // remembers: a contains filter of thousands of matches (a fragment of a common first name,
  // drawn per request, so no count is reused) at a random offset below the anchors, each
  // reading and ordering every match.
  const fragments = DEMO_FIRST_NAMES.map((name) => name.slice(0, 3).toLowerCase());
  const busy = autocannon({
    url: server.url,
    connections: Math.max(...connectionCounts),
    duration: 5,
    timeout: 30,
    headers: { authorization },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/pax/?name=${encodeURIComponent(fragments[Math.floor(Math.random() * fragments.length)])}&offset=${Math.floor(Math.random() * 9_000)}&limit=25`,
        }),
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const health: number[] = [];
  for (let index = 0; index < 20; index++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/health/`);
    await response.arrayBuffer();
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const busyLoad = await busy;
  health.sort((a, b) => a - b);
  const healthLine = `health check while busy (${busyLoad.requests.average.toFixed(0)} req/s of uncached contains pages, their p99 ${busyLoad.latency.p99} ms): median ${health[10].toFixed(1)} ms, max ${health[19].toFixed(1)} ms (budget 50 ms)`;
  if (health[19] > 50) misses.push(`health while busy: max ${health[19].toFixed(1)} ms`);
  console.log(`\n${lines.join('\n')}\n${healthLine}`);
} finally {
  await server.stop();
}
console.log(misses.length ? `OVER BUDGET:\n  ${misses.join('\n  ')}` : 'all budgets met');
process.exit(misses.length ? 1 : 0);
