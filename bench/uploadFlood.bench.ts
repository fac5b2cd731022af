/**
 * The six-traveller upload flood (issues 44 and 39): while travellers upload receipts, staff keep
 * working. On the product started as `npm start` does (the demo data, its refund logins read from
 * the start's `Demo refund login: documento X voucher N` lines):
 * - `--travellers` (6) travellers, each signed in once at the portal (GET /api/refund_data/), upload
 *   for `--seconds` (60) to the image service (POST /images/upload-image, multipart `file`, in the
 *   portal's batches of at most 20 files), alternately a 40-page scanned PDF as the portal sends
 *   it (its pages converted to JPEG in the browser: 40 JPEG pages of 1200×1600, two requests of
 *   20) and 20 photos of 1200×1600 (one request); one after the other per traveller, at most
 *   `--max-sets` (20) sets each. Every traveller's pages differ from the others' (a receipt is
 *   read once per voucher: the same bytes twice for one traveller are not read again);
 * - meanwhile a staff user reads the voucher list's first page (GET /api/voucher/?offset=0&limit=25)
 *   one request after the other, and signs in (POST /api/token/) every 2 s.
 * The staff list and sign-in are measured idle first (200 pages, 5 sign-ins), then during the
 * flood (until the last upload is answered). Each traveller and the staff user come from an
 * address of their own (X-Forwarded-For with TRUST_PROXY=true), as they would: the public rate
 * limits are per address. The upload quota is raised (UPLOAD_QUOTA_MB=10000) so that 60 s of
 * uploads to one voucher are not refused for it. Everything goes to 127.0.0.1.
 *
 * Prints: staff list p50/p99 idle and during the flood, sign-in max, upload acknowledgement
 * p50/p99/max (per request), errors, the server tree's memory (PSS of node's processes plus, on
 * the default start, the embedded PostgreSQL's; with `--db=postgres` the PostgreSQL server at
 * BENCH_DATABASE_URL is another service, printed beside the tree; RSS beside PSS), and how many
 * uploaded files were read by the end.
 * Budgets (issue 39, the flood part of issue 44): list p99 ≤ 2× its idle p99 and ≤ 250 ms; no
 * sign-in over 1 s; every upload acknowledged within 3 s; 0 errors; tree ≤ 500 MB. Exits 1 when
 * one is missed.
 *
 *   npx tsx bench/uploadFlood.bench.ts [--db=embedded|postgres] [--seconds=60] [--travellers=6]
 *        [--port=3297] [--max-sets=20]
 * `--db=embedded` (the default start): a fresh DATA_DIR, its cluster created by the first start.
 * `--db=postgres`: a fresh database `extranet_bench_flood_<pid>` on BENCH_DATABASE_URL, dropped at
 * the end; the tree then counts that PostgreSQL server's processes when it runs on this machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { MAX_UPLOAD_FILES_PER_REQUEST } from '../src/contracts/refund';
import { mb, postmasterOf, postmasterOfUrl, type TreeMemory, treeMemory } from './processMemory';
import {
  ADMIN_PASSWORD,
  argument,
  type BenchTarget,
  benchDataDir,
  benchKind,
  runningDatabaseUrl,
  startServer,
} from './server';

const kind = benchKind('embedded');
const seconds = Number(argument('seconds', '60'));
const travellerCount = Number(argument('travellers', '6'));
const port = Number(argument('port', '3297'));
const maxSets = Number(argument('max-sets', '20'));
/**
 * `traveller` (the flood): each traveller sends ONE set (a 40-page scan in two requests of
 * 20, or 20 photos), its bytes spread over `--seconds` as a traveller's connection would send them
 * (about 3 Mbit/s); `flat-out`: sets one after the other as fast as the server answers, up to
 * `--max-sets` each (a stress far past what six people can send: ~50 MB/s).
 */
const pace = argument('pace', 'traveller') as 'traveller' | 'flat-out';
if (pace !== 'traveller' && pace !== 'flat-out') throw new Error('--pace is traveller or flat-out');
/** Readings must all be done this long after the flood's end (issue 39). */
const READING_BUDGET_MS = 120_000;
const SCAN_PAGES = 40;
const PHOTOS = 20;
const WIDTH = 1200;
const HEIGHT = 1600;
/** A request unanswered this long counts as an error (the portal's XHR would still wait). */
const REQUEST_TIMEOUT_MS = 120_000;
const SIGN_IN_EVERY_MS = 2_000;
const BUDGET = { listP99Ms: 250, listP99Ratio: 2, signInMs: 1_000, ackMs: 3_000, treeMb: 500 };

const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${value.toFixed(value < 100 ? 1 : 0)} ms`);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// ---- the receipts ----------------------------------------------------------------------------
const receiptLines = (seed: number) =>
  Array.from({ length: 38 }, (_, line) => {
    const amount = ((seed * 7919 + line * 104729) % 99_999) / 100;
    return `<text x="90" y="${150 + line * 36}" font-family="DejaVu Sans" font-size="24" fill="#222">Item ${String(line + 1).padStart(2, '0')}  Farmacia Central  ${amount.toFixed(2)} ARS</text>`;
  }).join('');

/** A scanned A4 page (near-white, printed lines) and a photo (a receipt on a noisy table), as raw RGB, made once. */
async function basePictures() {
  const scan = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#f7f6f2' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${WIDTH}" height="${HEIGHT}"><text x="90" y="90" font-family="DejaVu Sans" font-size="40" fill="#111">FACTURA B 0003-00012345</text>${receiptLines(1)}</svg>`,
        ),
      },
    ])
    .raw()
    .toBuffer();
  const table = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#787878',
      noise: { type: 'gaussian', mean: 120, sigma: 18 },
    },
  })
    .raw()
    .toBuffer();
  const photo = await sharp(table, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${WIDTH}" height="${HEIGHT}"><g transform="rotate(-4 600 800)"><rect x="150" y="120" width="900" height="1360" fill="#fbfaf5"/>${receiptLines(2)}</g></svg>`,
        ),
      },
    ])
    .raw()
    .toBuffer();
  return { scan, photo };
}

/** One page of `base` with its own stamp (so that no two travellers' pages are the same bytes). */
async function page(base: Buffer, label: string, quality: number): Promise<Buffer> {
  return sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="700" height="60"><text x="10" y="42" font-family="DejaVu Sans" font-size="32" fill="#000">${label}</text></svg>`,
        ),
        top: 1480,
        left: 250,
      },
    ])
    .jpeg({ quality })
    .toBuffer();
}

interface Pictures {
  scan: Buffer[];
  photos: Buffer[];
}

async function picturesOf(
  traveller: number,
  bases: Awaited<ReturnType<typeof basePictures>>,
): Promise<Pictures> {
  const scan: Buffer[] = [];
  for (let index = 0; index < SCAN_PAGES; index++)
    scan.push(await page(bases.scan, `Viajero ${traveller + 1} - pagina ${index + 1} de ${SCAN_PAGES}`, 92));
  const photos: Buffer[] = [];
  for (let index = 0; index < PHOTOS; index++)
    photos.push(await page(bases.photo, `Viajero ${traveller + 1} - foto ${index + 1}`, 85));
  return { scan, photos };
}

// ---- the server --------------------------------------------------------------------------------
const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), `extranet-bench-flood-${kind}-`)));
let databaseName: string | null = null;
let target: BenchTarget = { kind, dataDir };
if (kind === 'postgres') {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL server (see bench/README.md)');
  databaseName = `extranet_bench_flood_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  target = { kind, dataDir, databaseUrl: url.toString() };
}

async function dropDatabase() {
  if (!databaseName || !process.env.BENCH_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

const generating = (async () => {
  const began = performance.now();
  const bases = await basePictures();
  const sets: Pictures[] = [];
  for (let traveller = 0; traveller < travellerCount; traveller++)
    sets.push(await picturesOf(traveller, bases));
  return { sets, seconds: (performance.now() - began) / 1000 };
})();

let printed = '';
const server = await startServer(
  target,
  port,
  process.cwd(),
  {
    SEED_DEMO: 'true',
    UPLOAD_QUOTA_MB: '10000',
    TRUST_PROXY: 'true',
  },
  (text) => {
    printed += text;
  },
);
const failures: string[] = [];
try {
  const { sets, seconds: generatedIn } = await generating;
  const scanBytes = sets[0].scan.reduce((sum, file) => sum + file.length, 0);
  const photoBytes = sets[0].photos.reduce((sum, file) => sum + file.length, 0);
  console.log(
    `upload flood: ${kind}, ${travellerCount} travellers for ${seconds} s; server ready in ${(server.startedInMs / 1000).toFixed(1)} s; ` +
      `receipts made in ${generatedIn.toFixed(1)} s (a scan: ${SCAN_PAGES} pages, ${(scanBytes / 1048576).toFixed(1)} MB; ` +
      `20 photos: ${(photoBytes / 1048576).toFixed(1)} MB)`,
  );

  const logins = [...printed.matchAll(/Demo refund login: documento (\S+) voucher (\d+)/g)].map((match) => ({
    document: match[1],
    voucher: Number(match[2]),
  }));
  if (logins.length < travellerCount)
    throw new Error(`the start printed ${logins.length} demo refund logins, ${travellerCount} needed`);

  // The tree: node's processes, and the PostgreSQL server's (embedded: DATA_DIR's postmaster).
  const postmaster = kind === 'embedded' ? postmasterOf(dataDir) : await postmasterOfUrl(target.databaseUrl!);
  const nodePid = server.process.pid!;
  interface Sample {
    node: TreeMemory;
    postgres: TreeMemory;
    total: number;
  }
  // The server's tree holds the embedded PostgreSQL it starts; a PostgreSQL server at DATABASE_URL
  // is another service (another machine, or shared by several instances): shown beside the tree.
  const postgresInTree = kind === 'embedded';
  const sampleNow = (): Sample => {
    const node = treeMemory([nodePid]);
    const postgres = postmaster ? treeMemory([postmaster]) : { pss: 0, rss: 0, processes: 0 };
    return { node, postgres, total: node.pss + (postgresInTree ? postgres.pss : 0) };
  };
  let peak = sampleNow();
  let peakRss = peak.node.rss + peak.postgres.rss;
  const sampler = setInterval(() => {
    const now = sampleNow();
    if (now.total > peak.total) peak = now;
    peakRss = Math.max(peakRss, now.node.rss + now.postgres.rss);
  }, 500);

  const staffAddress = '10.44.1.1';
  const signIn = async (): Promise<{ ms: number; token?: string; error?: string }> => {
    const began = performance.now();
    try {
      const response = await fetch(`${server.url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': staffAddress },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json()) as { access?: string };
      const elapsed = performance.now() - began;
      if (!response.ok || !body.access) return { ms: elapsed, error: `sign-in ${response.status}` };
      return { ms: elapsed, token: body.access };
    } catch (error) {
      return { ms: performance.now() - began, error: `sign-in ${(error as Error).name}` };
    }
  };
  const first = await signIn();
  if (!first.token) throw new Error(first.error);
  const staff = `Bearer ${first.token}`;
  const listUrl = `${server.url}/api/voucher/?offset=0&limit=25`;
  const listOnce = async (): Promise<{ ms: number; error?: string }> => {
    const began = performance.now();
    try {
      const response = await fetch(listUrl, {
        headers: { authorization: staff, 'x-forwarded-for': staffAddress },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - began, error: response.ok ? undefined : `list ${response.status}` };
    } catch (error) {
      return { ms: performance.now() - began, error: `list ${(error as Error).name}` };
    }
  };

  // ---- idle ----
  for (let index = 0; index < 20; index++) await listOnce();
  const idleList: number[] = [];
  const errors: string[] = [];
  for (let index = 0; index < 200; index++) {
    const result = await listOnce();
    idleList.push(result.ms);
    if (result.error) errors.push(`idle ${result.error}`);
  }
  const idleSignIns: number[] = [];
  for (let index = 0; index < 5; index++) {
    const result = await signIn();
    idleSignIns.push(result.ms);
    if (result.error) errors.push(`idle ${result.error}`);
  }
  const idleMemory = sampleNow();

  // ---- the flood ----
  const accesses = await Promise.all(
    logins.slice(0, travellerCount).map(async (login, traveller) => {
      const response = await fetch(
        `${server.url}/api/refund_data/?voucher_id=${login.voucher}&document=${encodeURIComponent(login.document)}`,
        { headers: { 'x-forwarded-for': `10.44.0.${traveller + 1}` } },
      );
      if (!response.ok)
        throw new Error(`refund login ${login.document}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access: string }).access;
    }),
  );
  interface Upload {
    traveller: number;
    what: 'scan' | 'photos';
    files: number;
    ms: number;
    error?: string;
  }
  const uploads: Upload[] = [];
  /**
   * One upload request, its multipart body written in 64 KB chunks spread over `spreadMs` (0: at
   * once). The acknowledgement is timed from the body's last byte to the answer.
   */
  const uploadOnce = async (traveller: number, what: Upload['what'], files: Buffer[], spreadMs = 0) => {
    const boundary = `----flood${traveller}${Date.now()}`;
    const parts: Buffer[] = [];
    for (const [index, file] of files.entries())
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${what}-${index + 1}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const body = Buffer.concat(parts);
    const chunk = 64 * 1024;
    const chunks = Math.ceil(body.length / chunk);
    let lastByteAt = performance.now();
    let error: string | undefined;
    try {
      const status = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          `${server.url}/images/upload-image`,
          {
            method: 'POST',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(body.length),
              authorization: `Bearer ${accesses[traveller]}`,
              'x-forwarded-for': `10.44.0.${traveller + 1}`,
            },
            timeout: REQUEST_TIMEOUT_MS,
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (data: string) => {
              text += data;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.on('timeout', () => request.destroy(new Error('TimeoutError')));
        void (async () => {
          const began = performance.now();
          for (let index = 0; index < chunks; index++) {
            const due = began + (spreadMs * (index + 1)) / chunks;
            if (spreadMs > 0) await sleep(Math.max(0, due - performance.now()));
            if (!request.write(body.subarray(index * chunk, (index + 1) * chunk)))
              await new Promise((drained) => request.once('drain', drained));
          }
          lastByteAt = performance.now();
          request.end();
        })().catch(reject);
      });
      if (status.status !== 201) error = `upload ${status.status} ${status.text.slice(0, 120)}`;
    } catch (caught) {
      error = `upload ${(caught as Error).message}`;
    }
    uploads.push({ traveller, what, files: files.length, ms: performance.now() - lastByteAt, error });
  };
  const floodStarted = performance.now();
  const deadline = floodStarted + seconds * 1000;
  const travellers = sets.map(async (pictures, traveller) => {
    if (pace === 'traveller') {
      // One set each, alternately a scan (two requests of 20 pages) and 20 photos, over `seconds`.
      if (traveller % 2 === 0) {
        const half = (seconds * 1000) / 2;
        for (let from = 0; from < SCAN_PAGES; from += MAX_UPLOAD_FILES_PER_REQUEST)
          await uploadOnce(
            traveller,
            'scan',
            pictures.scan.slice(from, from + MAX_UPLOAD_FILES_PER_REQUEST),
            half,
          );
      } else await uploadOnce(traveller, 'photos', pictures.photos, seconds * 1000);
      return;
    }
    // Half the travellers begin with a scan, half with photos: both kinds at every moment.
    for (let set = 0; set < maxSets && performance.now() < deadline; set++) {
      if ((set + traveller) % 2 === 0)
        for (
          let from = 0;
          from < SCAN_PAGES && performance.now() < deadline;
          from += MAX_UPLOAD_FILES_PER_REQUEST
        )
          await uploadOnce(traveller, 'scan', pictures.scan.slice(from, from + MAX_UPLOAD_FILES_PER_REQUEST));
      else await uploadOnce(traveller, 'photos', pictures.photos);
    }
  });
  let flooding = true;
  const floodList: number[] = [];
  const floodSignIns: number[] = [];
  const lister = (async () => {
    while (flooding) {
      const result = await listOnce();
      floodList.push(result.ms);
      if (result.error) errors.push(result.error);
    }
  })();
  const signer = (async () => {
    while (flooding) {
      const began = performance.now();
      const result = await signIn();
      floodSignIns.push(result.ms);
      if (result.error) errors.push(result.error);
      await sleep(Math.max(0, SIGN_IN_EVERY_MS - (performance.now() - began)));
    }
  })();
  await Promise.all(travellers);
  const floodSeconds = (performance.now() - floodStarted) / 1000;
  flooding = false;
  await Promise.all([lister, signer]);
  const endMemory = sampleNow();
  errors.push(...uploads.filter((upload) => upload.error).map((upload) => upload.error!));

  // Issue 39: every reading done within 2 minutes of the flood's end (the staff list is idle now).
  let readingLine = '';
  let readingsMet = true;
  const databaseUrl = runningDatabaseUrl(target);
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const count = async () =>
      (
        await client.query<{ files: number; read: number }>(
          `select (select count(*)::int from stored_files) as files,
                  (select count(distinct file_id)::int from receipt_readings) as read`,
        )
      ).rows[0];
    const atEnd = await count();
    let now = atEnd;
    const waitFrom = performance.now();
    while (now.read < now.files && performance.now() - waitFrom < READING_BUDGET_MS + 30_000) {
      await sleep(1000);
      now = await count();
    }
    const waited = performance.now() - waitFrom;
    const pending = await client.query<{ pending: number }>(
      `select count(*)::int as pending from stored_files where reencoding = 'pending'`,
    );
    await client.end();
    readingsMet = now.read === now.files && waited <= READING_BUDGET_MS;
    readingLine =
      `${atEnd.read} of ${atEnd.files} files read at the flood's end; ${now.read} of ${now.files} ` +
      `${(waited / 1000).toFixed(0)} s later (${pending.rows[0].pending} still as sent)`;
  }

  // The tree's peak includes the readings after the flood.
  clearInterval(sampler);

  // ---- figures ----
  const ack = uploads.map((upload) => upload.ms);
  const filesSent = uploads.reduce((sum, upload) => sum + upload.files, 0);
  const idleP99 = percentile(idleList, 99);
  const floodP99 = percentile(floodList, 99);
  const signInMax = Math.max(...floodSignIns, ...idleSignIns);
  const byKind = (what: Upload['what']) =>
    uploads.filter((upload) => upload.what === what).map((upload) => upload.ms);
  const line = (label: string, value: string, budget: string, met: boolean) => {
    if (!met) failures.push(`${label}: ${value}`);
    console.log(`${label.padEnd(34)} ${value.padEnd(46)} budget ${budget}${met ? '' : '  MISSED'}`);
  };
  console.log(
    `\nflood (${pace}): ${floodSeconds.toFixed(1)} s (uploads for ${seconds} s, then the last answers awaited); ` +
      `${uploads.length} upload requests, ${filesSent} files, ${(uploads.length / floodSeconds).toFixed(2)} requests/s`,
  );
  console.log(
    `staff list idle:                   p50 ${ms(percentile(idleList, 50))}, p99 ${ms(idleP99)} (${idleList.length} requests)`,
  );
  line(
    'staff list during the flood',
    `p50 ${ms(percentile(floodList, 50))}, p99 ${ms(floodP99)}, max ${ms(Math.max(...floodList))} (${floodList.length})`,
    `p99 ≤ ${BUDGET.listP99Ratio}× idle (${ms(BUDGET.listP99Ratio * idleP99)}) and ≤ ${BUDGET.listP99Ms} ms`,
    floodP99 <= BUDGET.listP99Ratio * idleP99 && floodP99 <= BUDGET.listP99Ms,
  );
  line(
    'staff sign-in',
    `idle max ${ms(Math.max(...idleSignIns))}; flood p50 ${ms(percentile(floodSignIns, 50))}, max ${ms(Math.max(...floodSignIns))} (${floodSignIns.length})`,
    `none over ${BUDGET.signInMs} ms`,
    signInMax <= BUDGET.signInMs,
  );
  line(
    'upload acknowledgement',
    `p50 ${ms(percentile(ack, 50))}, p99 ${ms(percentile(ack, 99))}, max ${ms(Math.max(...ack))}`,
    `every one ≤ ${BUDGET.ackMs} ms`,
    Math.max(...ack) <= BUDGET.ackMs,
  );
  console.log(
    `  20-page scan halves: p50 ${ms(percentile(byKind('scan'), 50))}, max ${ms(Math.max(...byKind('scan')))} (${byKind('scan').length}); ` +
      `20 photos: p50 ${ms(percentile(byKind('photos'), 50))}, max ${ms(Math.max(...byKind('photos')))} (${byKind('photos').length})`,
  );
  const errorKinds = new Map<string, number>();
  for (const error of errors) errorKinds.set(error, (errorKinds.get(error) ?? 0) + 1);
  line('errors', String(errors.length), '0', errors.length === 0);
  for (const [error, count] of errorKinds) console.log(`  ${count}× ${error}`);
  const treeLine = (sample: Sample) =>
    postgresInTree
      ? `${mb(sample.total)} MB PSS = node ${mb(sample.node.pss)} + PostgreSQL ${mb(sample.postgres.pss)} (RSS ${mb(sample.node.rss)} + ${mb(sample.postgres.rss)})`
      : `${mb(sample.total)} MB PSS, node (RSS ${mb(sample.node.rss)}); the PostgreSQL server beside it ${mb(sample.postgres.pss)} MB PSS (RSS ${mb(sample.postgres.rss)})`;
  console.log(`server tree idle:                  ${treeLine(idleMemory)}`);
  line('server tree peak (PSS)', treeLine(peak), `≤ ${BUDGET.treeMb} MB`, mb(peak.total) <= BUDGET.treeMb);
  console.log(`  highest RSS sum of any sample ${mb(peakRss)} MB; at the end ${treeLine(endMemory)}`);
  if (!postmaster) console.log('  (the PostgreSQL server is not on this machine or not visible: node only)');
  else if (kind === 'postgres')
    console.log(`  (PostgreSQL: every process of the server at BENCH_DATABASE_URL, pid ${postmaster})`);
  if (readingLine)
    line('readings', readingLine, `all within ${READING_BUDGET_MS / 1000} s of the end`, readingsMet);
} finally {
  await server.stop();
  await dropDatabase().catch((error: unknown) => console.error(`drop ${databaseName}: ${error}`));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failures.length ? `budgets missed: ${failures.length}` : 'every budget met');
process.exit(failures.length ? 1 : 0);
