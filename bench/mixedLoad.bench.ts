/**
 * Mixed load of issue 11: many concurrent clients on the started product (1,000,000 generated
 * passengers), three groups at once, each measured on its own:
 *   - readers (3/4 of the clients): list pages of every shape, details, the health check;
 *   - writers (1/4): create a passenger, edit it, delete it, in a loop;
 *   - uploaders (2 clients): a receipt to the image service with a refund token of the second
 *     demo traveller (429 answers, the per-address upload limit of a single test machine, are
 *     counted apart, not as errors);
 *   - submitters (`--submitters`, 1): the first demo traveller claiming refunds as the portal does,
 *     one claim after the other (the portal keeps one session per voucher: a second client
 *     logging in on the same voucher closes the first one's session, answered 401): log in with document and voucher, upload a real JPEG receipt, submit the claim
 *     with its bank data (POST /api/refund_data/ with an idempotency key), each call with the
 *     client's 30 s timeout. The public limits of one address (30 submissions per 15 minutes)
 *     answer 429 past them: counted apart, since they are answered.
 * The database is the list benchmark's passengers plus the demo data (its travellers), in a
 * database of its own (`extranet_bench_demo_<rows>`).
 * Budgets: no errors or timeouts, read p99 ≤ 500 ms, every submission call answered (no timeout,
 * no 5xx). Exits 1 when missed.
 *
 *   npx tsx bench/mixedLoad.bench.ts --db=postgres|embedded [--clients=200] [--seconds=180] [--rows=1000000]
 *        [--submitters=1]
 */

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { RefundLoginResponse } from '../src/contracts/refund';
import { countries, passengers, rateLimitCounters, voucherPassengers } from '../src/server/db/schema';
import { COMMON_FRAGMENT, docNumberOf, RARE_FRAGMENT } from './paxData';
import { argument, benchKind, prepareDatabase, signIn, startServer, withBenchDatabase } from './server';

const kind = benchKind('postgres');
const clients = Number(argument('clients', '200'));
const seconds = Number(argument('seconds', '180'));
const rows = Number(argument('rows', '1000000'));
const root = path.resolve(argument('root', process.cwd()));
const port = Number(argument('port', '3293'));
const submitters = Number(argument('submitters', '1'));
/** The demo traveller who claims (ARG, CBU): SPEC §5's bank rules for Argentina. */
const CLAIMANT = { doc: '30123456', cbu: '2850590940090418135201', cuitCuil: '20055361682' };
/** The demo traveller whose session the uploaders use (another voucher than the claimant's). */
const UPLOADER_DOC = '16789012';

/** What a writer connection remembers between its requests. */
interface Slot {
  id?: number;
}

// A real photo-sized JPEG: uploads are decoded and re-encoded, so a fake one would be refused.
const JPEG = await sharp({
  create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 180, b: 150 } },
})
  .composite([
    {
      input: Buffer.from(
        '<svg width="800" height="600"><text x="40" y="300" font-size="48">Recibo 0001 - 1.234,56 EUR</text></svg>',
      ),
    },
  ])
  .jpeg({ quality: 80 })
  .toBuffer();

const target = await prepareDatabase(kind, rows, { demo: true });
// Looked up before the server starts (an embedded cluster has one opener at a time).
const { traveller, uploader, countryId } = await withBenchDatabase(target, async ({ handle }) => {
  const voucherOf = async (doc: string) => {
    const [found] = await handle.db
      .select({ voucherId: voucherPassengers.voucherId, doc: passengers.docNumber })
      .from(voucherPassengers)
      .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
      .where(eq(passengers.docNumber, doc))
      .limit(1);
    return found;
  };
  const [country] = await handle.db.select({ id: countries.id }).from(countries).limit(1);
  // A run right after another starts with the public limits' windows empty, as the first did
  // (they are stored in the database: the previous run's uploads and claims would be refused).
  await handle.db.delete(rateLimitCounters);
  return {
    traveller: await voucherOf(CLAIMANT.doc),
    uploader: await voucherOf(UPLOADER_DOC),
    countryId: country.id,
  };
});

const server = await startServer(target, port, root);
let failed = false;
try {
  const authorization = await signIn(server.url);
  let refundToken: string | null = null;
  if (uploader) {
    const login = await fetch(
      `${server.url}/api/refund_data/?voucher_id=${uploader.voucherId}&document=${encodeURIComponent(uploader.doc)}`,
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
  const submitting = traveller
    ? submissionLoops(server.url, traveller.voucherId, submitters, seconds * 1000)
    : Promise.resolve(null);
  const [read, write, upload, submissions] = await Promise.all([reading, writing, uploading, submitting]);
  const line = (name: string, result: autocannon.Result, connections: number) => {
    const codes = result.statusCodeStats as unknown as Record<string, { count: number }> | undefined;
    const statuses = Object.entries(codes ?? {})
      .map(([status, { count }]) => `${status}×${count}`)
      .join(' ');
    const limited = codes?.['429']?.count ?? 0;
    return {
      text: `${name.padEnd(10)} ${String(connections).padStart(4)} clients  ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx - limited}${limited ? ` (+${limited} rate-limited)` : ''}  [${statuses}]`,
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
  if (submissions) {
    const { calls, stored, limited, timeouts, serverErrors, refused, latencies } = submissions;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    console.log(
      `${'submits'.padEnd(10)} ${String(submitters).padStart(4)} clients  ${calls} calls (login, upload, submit)  ${stored} refunds stored  p99 ${p99.toFixed(0)} ms  max ${(latencies.at(-1) ?? 0).toFixed(0)} ms  timeouts ${timeouts}  5xx ${serverErrors}  4xx ${refused}${limited ? ` (+${limited} rate-limited)` : ''}`,
    );
    for (const refusal of submissions.refusals) console.log(`  refused: ${refusal}`);
    if (timeouts + serverErrors + refused > 0) failed = true;
  } else {
    console.log('submits    no claimable demo traveller in the bench database: not measured');
    failed = true;
  }
  if (read.latency.p99 > 500) failed = true;
} finally {
  await server.stop();
}
console.log(failed ? 'OVER BUDGET' : 'all budgets met');
process.exit(failed ? 1 : 0);

interface SubmissionTally {
  calls: number;
  stored: number;
  limited: number;
  timeouts: number;
  serverErrors: number;
  refused: number;
  latencies: number[];
  /** The first refused answers (status, call and body), so a refusal says why. */
  refusals: string[];
}

/**
 * `count` travellers claiming refunds for `durationMs`, each one claim after the other, as the
 * portal's calls do.
 */
async function submissionLoops(
  url: string,
  voucherId: number,
  count: number,
  durationMs: number,
): Promise<SubmissionTally> {
  const tally: SubmissionTally = {
    calls: 0,
    stored: 0,
    limited: 0,
    timeouts: 0,
    serverErrors: 0,
    refused: 0,
    latencies: [],
    refusals: [],
  };
  const until = Date.now() + durationMs;
  /** One call with the client's 30 s timeout; null when it was refused or not answered. */
  const call = async (input: string, init: RequestInit = {}): Promise<Response | null> => {
    tally.calls += 1;
    const started = performance.now();
    try {
      const response = await fetch(input, { ...init, signal: AbortSignal.timeout(30_000) });
      await response.clone().arrayBuffer();
      tally.latencies.push(performance.now() - started);
      if (response.status === 429) tally.limited += 1;
      else if (response.status >= 500) tally.serverErrors += 1;
      else if (response.status >= 400) tally.refused += 1;
      if (response.status >= 400 && tally.refusals.length < 3)
        tally.refusals.push(
          `${response.status} ${init.method ?? 'GET'} ${new URL(input).pathname}: ${(await response.clone().text()).slice(0, 200)}`,
        );
      return response.ok ? response : null;
    } catch {
      tally.timeouts += 1;
      return null;
    }
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 250));
  const claim = async () => {
    const login = await call(`${url}/api/refund_data/?voucher_id=${voucherId}&document=${CLAIMANT.doc}`);
    if (!login) return pause();
    const answer = (await login.json()) as RefundLoginResponse;
    const authorization = `Bearer ${answer.access}`;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'recibo.jpg');
    const uploaded = await call(`${url}/images/upload-image`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    if (!uploaded) return pause();
    const { files } = (await uploaded.json()) as { files: { id: string }[] };
    const data = answer.refunds;
    const coverage =
      data.coverages.find((name) => !data.multi_cause_coverages.includes(name)) ?? data.coverages[0];
    const eventDate = new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10);
    const submission = {
      idempotency_key: randomUUID(),
      refund: {
        name: data.name,
        surname: data.surname,
        doc_number: data.doc_number,
        voucher: data.voucher,
        email: 'viajero@example.com',
        phone_contact: '1145678901',
        client_comment: '',
      },
      refund_coverage: {
        claims: [
          {
            coverage,
            sinister_country: 'ITA',
            sinister_date: eventDate,
            currency: 'EUR',
            amount: '1234.56',
            coverage_files: files,
          },
        ],
        comment: 'Carga mixta',
      },
      refund_payment: {
        payment_method: 'Transferencia',
        refund_method: 'Cuenta propia',
        owner: 'Titular Demo',
        bank: '285',
        account_type: 'Caja de ahorro en pesos',
        account_number: '123456789',
        cbu: CLAIMANT.cbu,
        cuit_cuil: CLAIMANT.cuitCuil,
      },
    };
    const body = new FormData();
    body.append('data', JSON.stringify(submission));
    body.append('files', JSON.stringify(files));
    const submitted = await call(`${url}/api/refund_data/`, {
      method: 'POST',
      headers: { authorization },
      body,
    });
    if (submitted) tally.stored += 1;
    else await pause();
  };
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (Date.now() < until) await claim();
    }),
  );
  return tally;
}
