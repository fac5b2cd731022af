/**
 * Mixed load of issue 11: many concurrent clients on the started product (1,000,000 generated
 * passengers), three groups at once, each measured on its own:
 *   - readers (3/4 of the clients): list pages of every shape, details, the health check;
 *   - writers (1/4): create a passenger, edit it, delete it, in a loop;
 *   - uploaders (2 clients): a receipt to the image service with a refund token (429 answers,
 *     the per-address upload limit of a single test machine, are counted apart, not as errors).
 * Budgets: no errors or timeouts, read p99 ≤ 500 ms. Exits 1 when missed.
 *
 *   npx tsx bench/mixedLoad.bench.ts --db=postgres|pglite [--clients=200] [--seconds=180] [--rows=1000000]
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { countries, passengers, voucherPassengers } from '../src/server/db/schema';
import { COMMON_FRAGMENT, docNumberOf, RARE_FRAGMENT } from './paxData';
import { argument, prepareDatabase, signIn, startServer } from './server';

const kind = argument('db', 'postgres') as 'pglite' | 'postgres';
const clients = Number(argument('clients', kind === 'postgres' ? '200' : '50'));
const seconds = Number(argument('seconds', '180'));
const rows = Number(argument('rows', '1000000'));
const root = path.resolve(argument('root', process.cwd()));
const port = Number(argument('port', '3293'));

/** What a writer connection remembers between its requests. */
interface Slot {
  id?: number;
}

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(20_000, 9),
  Buffer.from([0xff, 0xd9]),
]);

const target = await prepareDatabase(kind, rows);
const handle = await openDatabase({
  databaseUrl: target.databaseUrl,
  pgliteDir: target.databaseUrl ? undefined : path.join(target.dataDir, 'pgdata'),
});
const [traveller] = await handle.db
  .select({ voucherId: voucherPassengers.voucherId, doc: passengers.docNumber })
  .from(voucherPassengers)
  .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
  .limit(1);
const [country] = await handle.db.select({ id: countries.id }).from(countries).limit(1);
const countryId = country.id;
await handle.close();

const server = await startServer(target, port, root);
let failed = false;
try {
  const authorization = await signIn(server.url);
  let refundToken: string | null = null;
  if (traveller) {
    const login = await fetch(
      `${server.url}/api/refund_data/?voucher_id=${traveller.voucherId}&document=${encodeURIComponent(traveller.doc)}`,
    );
    if (login.ok) refundToken = ((await login.json()) as { access: string }).access;
  }
  const readers = Math.max(1, Math.round((clients * 3) / 4));
  const writers = Math.max(1, clients - readers);
  const readPaths = [
    '/api/pax/?offset=0&limit=20',
    `/api/pax/?doc_number=${docNumberOf(12_345)}`,
    `/api/pax/?name=${encodeURIComponent(COMMON_FRAGMENT)}`,
    `/api/pax/?name=${RARE_FRAGMENT}`,
    '/api/pax/?offset=2000&limit=20',
    '/api/pax/?ordering=surname&limit=20',
    '/api/pax/777/',
    '/api/country/?limit=50',
    '/api/health/',
  ];
  const body = (doc: string) =>
    JSON.stringify({
      name: 'Carga',
      surname: 'Mixta',
      doc_type: 'DNI',
      doc_number: doc,
      birth_date: '1980-05-17',
      country: countryId,
      email: 'carga.mixta@example.com',
      nationality: countryId,
    });
  const reading = autocannon({
    url: server.url,
    connections: readers,
    duration: seconds,
    timeout: 30,
    headers: { authorization },
    requests: readPaths.map((requestPath) => ({ method: 'GET' as const, path: requestPath })),
  });
  const writing = autocannon({
    url: server.url,
    connections: writers,
    duration: seconds,
    timeout: 30,
    headers: { authorization, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/pax/',
        setupRequest: (request) => ({ ...request, body: body(String(Math.floor(Math.random() * 1e9))) }),
        onResponse: (status, responseBody, context) => {
          if (status === 201) (context as Slot).id = (JSON.parse(responseBody) as { id: number }).id;
        },
      },
      {
        method: 'PUT',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/pax/${(context as Slot).id ?? 0}/`,
          body: body(String(Math.floor(Math.random() * 1e9))),
        }),
      },
      {
        method: 'DELETE',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/pax/${(context as Slot).id ?? 0}/`,
          headers: { authorization },
          body: undefined,
        }),
      },
    ],
  });
  const form = (() => {
    const boundary = '----mixedload';
    return {
      boundary,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recibo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        JPEG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  })();
  const uploading = refundToken
    ? autocannon({
        url: `${server.url}/images/upload-image`,
        connections: 2,
        duration: seconds,
        timeout: 30,
        method: 'POST',
        headers: {
          authorization: `Bearer ${refundToken}`,
          'content-type': `multipart/form-data; boundary=${form.boundary}`,
        },
        body: form.payload,
      })
    : null;
  const [read, write, upload] = await Promise.all([reading, writing, uploading]);
  const line = (name: string, result: autocannon.Result, connections: number) => {
    const codes = result.statusCodeStats as unknown as Record<string, { count: number }> | undefined;
    const limited = codes?.['429']?.count ?? 0;
    return {
      text: `${name.padEnd(10)} ${String(connections).padStart(4)} clients  ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx - limited}${limited ? ` (+${limited} rate-limited)` : ''}`,
      bad: result.errors + result.timeouts + result.non2xx - limited,
    };
  };
  console.log(
    `mixed load: ${kind}, ${rows.toLocaleString('en')} passengers, ${clients} clients, ${seconds} s`,
  );
  const lines = [line('reads', read, readers), line('writes', write, writers)];
  if (upload) lines.push(line('uploads', upload, 2));
  for (const result of lines) console.log(result.text);
  if (lines.some((result) => result.bad > 0)) failed = true;
  if (read.latency.p99 > 500) failed = true;
} finally {
  await server.stop();
}
console.log(failed ? 'OVER BUDGET' : 'all budgets met');
process.exit(failed ? 1 : 0);
