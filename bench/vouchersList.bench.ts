/**
 * Budgets of issue 15: GET /api/voucher/ over HTTP (autocannon, the product started as `npm start`
 * does) on a database loaded by `npm run seed:volume` (bench/voucherData.ts), per shape: first page,
 * status filter, product contains and offset 200,000; single-request median, req/s and p99 at each
 * connection count, errors and timeouts, and the count the list answered (its kind: a 25-row page
 * never counts the whole table). Every shape is asked 50 times first, to warm the server.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54350/extranet_vouchers \
 *     npx tsx bench/vouchersList.bench.ts --db=postgres [--connections=50] [--seconds=10]
 *   npx tsx bench/vouchersList.bench.ts --db=embedded --data=<DATA_DIR of seed:volume> [--connections=50]
 *
 * Prints the figures; no assertion (the budgets are in the issue and README).
 */
import { argument, benchKind, load, signIn, singleRequestMs, startServer } from './server';

const kind = benchKind('postgres');
const seconds = Number(argument('seconds', '10'));
const connectionCounts = argument('connections', '50').split(',').map(Number);
const port = Number(argument('port', '3291'));
const dataDir = argument('data', '/tmp/extranet-vouchers-bench');
const databaseUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
if (kind === 'postgres' && !databaseUrl) throw new Error('set BENCH_DATABASE_URL (see the header)');

const shapes: { name: string; query: string; path?: string }[] = [
  { name: 'first page', query: 'offset=0&limit=25' },
  { name: 'status filter', query: 'status=6&offset=0&limit=25' },
  { name: 'product contains', query: 'product_long_name=europa&offset=0&limit=25' },
  { name: 'offset 200,000', query: 'offset=200000&limit=25' },
  // The same machine's baseline under the same load: the passengers list (issue 11's module).
  { name: 'baseline: /api/pax/ first page', query: 'offset=0&limit=25', path: '/api/pax/' },
];

const server = await startServer({ kind, databaseUrl, dataDir }, port);
try {
  const authorization = await signIn(server.url);
  const header = `| shape | single ms | ${connectionCounts.map((c) => `req/s @${c} | p99 ms @${c} | err+timeouts @${c}`).join(' | ')} | count (kind) |`;
  const lines = [header, `|${'---|'.repeat(header.split('|').length - 2)}`];
  console.log(`vouchers list benchmark: ${kind}, ${seconds} s per run`);
  // A server that has just started compiles its code on its first requests: every shape is asked
  // first, so the first one measured is not the only one measured on a cold server.
  const urls = shapes.map((shape) => `${server.url}${shape.path ?? '/api/voucher/'}?${shape.query}`);
  for (let round = 0; round < 50; round++)
    for (const url of urls) await (await fetch(url, { headers: { authorization } })).arrayBuffer();
  for (const shape of shapes) {
    const url = `${server.url}${shape.path ?? '/api/voucher/'}?${shape.query}`;
    const body = (await (await fetch(url, { headers: { authorization } })).json()) as {
      count: number;
      count_kind?: string;
    };
    const cells = [shape.name, (await singleRequestMs(url, authorization, 10)).toFixed(1)];
    for (const connections of connectionCounts) {
      const result = await load(url, authorization, connections, seconds);
      cells.push(
        result.requestsPerSecond.toFixed(0),
        String(result.p99),
        String(result.errors + result.timeouts + result.non2xx),
      );
    }
    cells.push(`${body.count} (${body.count_kind ?? 'exact'})`);
    lines.push(`| ${cells.join(' | ')} |`);
    console.log(lines[lines.length - 1]);
  }
  console.log(`\n${lines.join('\n')}`);
} finally {
  await server.stop();
}
process.exit(0);
