/**
 * Receipt reading (issue 31): on generated receipts (bench/receipts/generate.ts, seeded),
 * 1. per field, how often the reading is right — total (>= 90%), date (>= 90%), currency (>= 85%);
 * 2. the time per page (OCR in the worker pool, concurrency 1), median and p95;
 * 3. reuse: every receipt's re-compressed, 5%-cropped and 2°-rotated copies found by the
 *    perceptual hash at REUSE_MAX_DISTANCE (>= 95%), and no two distinct receipts that close;
 * 4. a list's p99 (GET /api/pax/) on the product started as `npm start` does, idle and while 20
 *    pages of one traveller are read.
 * Run: npx tsx bench/receiptReading.bench.ts [--count=200] [--port=3291] [--skip-server | --only-list]
 * Exits non-zero when a target is missed.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { passengers, voucherPassengers } from '../src/server/db/schema';
import { extractFields } from '../src/server/services/receiptReading/extract';
import {
  HASH_HEX_LENGTH,
  hammingDistance,
  perceptualHash,
  REUSE_MAX_DISTANCE,
  REUSE_MIN_NUMBER_SIMILARITY,
  sameReceipt,
} from '../src/server/services/receiptReading/hash';
import { readPages } from '../src/server/services/receiptReading/index';
import { createOcrPool } from '../src/server/services/receiptReading/ocr';
import { pageImagesOf } from '../src/server/services/receiptReading/pages';
import { type GeneratedReceipt, receiptSpecs, renderReceipt, reusedCopy } from './receipts/generate';
import { argument, prepareBenchDatabase, signIn, startServer } from './server';

const onlyList = process.argv.includes('--only-list');
const count = onlyList ? 20 : Number(argument('count', '200'));
const port = Number(argument('port', '3291'));
const skipServer = process.argv.includes('--skip-server');
const TARGETS = { total: 0.9, date: 0.9, currency: 0.85, reuse: 0.95 };

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
let failed = false;
const check = (label: string, ok: boolean) => {
  if (!ok) {
    failed = true;
    console.log(`  MISSED: ${label}`);
  }
};

// ---- 1 and 2: reading accuracy and time per page ------------------------------------------------
console.log(`generating ${count} receipts...`);
const receipts: GeneratedReceipt[] = [];
for (const spec of receiptSpecs(count)) receipts.push(await renderReceipt(spec));
const pdfs = receipts.filter((receipt) => receipt.contentType === 'application/pdf').length;
console.log(`  ${count} receipts, ${pdfs} as PDF`);

if (!onlyList) {
  const pool = createOcrPool({ concurrency: 1, pageTimeoutMs: 30_000 });
  const right = { total: 0, date: 0, currency: 0 };
  const times: number[] = [];
  const texts: string[] = [];
  const misses: string[] = [];
  const byGroup = new Map<string, { n: number; total: number; date: number; currency: number }>();
  const started = performance.now();
  for (const receipt of receipts) {
    const { spec } = receipt;
    const [page] = await readPages(pool, receipt.bytes, receipt.contentType);
    times.push(page?.milliseconds ?? 0);
    texts.push(page?.text ?? '');
    const fields = extractFields(page?.text ?? '', {
      country: spec.country,
      ocrConfidence: page?.ocrConfidence,
    });
    const ok = {
      total: fields.total !== null && Math.abs(Number(fields.total) - Number(spec.total)) < 0.005,
      date: fields.date === spec.date,
      currency: fields.currency === spec.currency,
    };
    for (const key of ['total', 'date', 'currency'] as const) if (ok[key]) right[key] += 1;
    for (const group of [`layout ${spec.layout}`, `currency ${spec.currency}`]) {
      const tally = byGroup.get(group) ?? { n: 0, total: 0, date: 0, currency: 0 };
      tally.n += 1;
      tally.total += Number(ok.total);
      tally.date += Number(ok.date);
      tally.currency += Number(ok.currency);
      byGroup.set(group, tally);
    }
    if (!ok.total || !ok.date || !ok.currency) {
      misses.push(
        `#${spec.index} ${spec.layout} ${spec.currency} ${spec.language} ${spec.font} rot ${spec.rotation} blur ${spec.blur} noise ${spec.noise} q${spec.quality}${spec.pdf ? ' pdf' : ''}: ` +
          `total ${fields.total} (${spec.total}) date ${fields.date} (${spec.date}) currency ${fields.currency} (${spec.currency})`,
      );
    }
  }
  const wall = performance.now() - started;
  console.log(`\nreading (${count} receipts, one page each, ${(wall / 1000).toFixed(1)} s):`);
  console.log(`  total    ${pct(right.total / count)}  (target ${pct(TARGETS.total)})`);
  console.log(`  date     ${pct(right.date / count)}  (target ${pct(TARGETS.date)})`);
  console.log(`  currency ${pct(right.currency / count)}  (target ${pct(TARGETS.currency)})`);
  check('total', right.total / count >= TARGETS.total);
  check('date', right.date / count >= TARGETS.date);
  check('currency', right.currency / count >= TARGETS.currency);
  console.log(
    `  time per page: median ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms, max ${Math.max(...times)} ms`,
  );
  for (const [group, tally] of [...byGroup.entries()].sort()) {
    console.log(
      `    ${group.padEnd(18)} n=${String(tally.n).padStart(3)} total ${pct(tally.total / tally.n).padStart(6)} date ${pct(tally.date / tally.n).padStart(6)} currency ${pct(tally.currency / tally.n).padStart(6)}`,
    );
  }
  const missFile = path.join(tmpdir(), 'receipt-reading-misses.txt');
  writeFileSync(missFile, `${misses.join('\n')}\n`);
  console.log(`  ${misses.length} receipts with a miss, listed in ${missFile}`);

  // ---- 3: reuse: near perceptual hash and the same printed numbers --------------------------------
  const reuseSample = Number(argument('reuse-sample', '40'));
  console.log(
    `\nreuse (dHash ${HASH_HEX_LENGTH * 4} bits <= ${REUSE_MAX_DISTANCE}, number similarity >= ${REUSE_MIN_NUMBER_SIMILARITY}; copies of the first ${reuseSample} read again):`,
  );
  const originals: string[] = [];
  const copies: { kind: string; distance: number; same: boolean }[] = [];
  for (const [index, receipt] of receipts.entries()) {
    const [image] = await pageImagesOf(receipt.bytes, receipt.contentType);
    if (!image) throw new Error(`no page image in receipt ${receipt.spec.index}`);
    const hash = await perceptualHash(image);
    originals.push(hash);
    if (index >= reuseSample) continue;
    for (const kind of ['recompressed', 'cropped', 'rotated'] as const) {
      const copy = await reusedCopy(image, kind);
      const [read] = await readPages(pool, copy, 'image/jpeg');
      const copyHash = await perceptualHash(copy);
      copies.push({
        kind,
        distance: hammingDistance(hash, copyHash),
        same: sameReceipt({ dhash: hash, text: texts[index]! }, { dhash: copyHash, text: read?.text ?? '' }),
      });
    }
  }
  await pool.close();
  const distinct: number[] = [];
  let falseAlarms = 0;
  let nearPairs = 0;
  for (let a = 0; a < originals.length; a += 1) {
    for (let b = a + 1; b < originals.length; b += 1) {
      const distance = hammingDistance(originals[a]!, originals[b]!);
      distinct.push(distance);
      if (distance <= REUSE_MAX_DISTANCE) nearPairs += 1;
      if (sameReceipt({ dhash: originals[a]!, text: texts[a]! }, { dhash: originals[b]!, text: texts[b]! }))
        falseAlarms += 1;
    }
  }
  const found = copies.filter((copy) => copy.same).length;
  for (const kind of ['recompressed', 'cropped', 'rotated']) {
    const own = copies.filter((copy) => copy.kind === kind);
    console.log(
      `  ${kind.padEnd(12)} found ${pct(own.filter((copy) => copy.same).length / own.length)}, hash distance median ${percentile(
        own.map((copy) => copy.distance),
        50,
      )}, max ${Math.max(...own.map((copy) => copy.distance))}`,
    );
  }
  console.log(`  all copies found ${pct(found / copies.length)} (target ${pct(TARGETS.reuse)})`);
  console.log(
    `  distinct pairs: ${distinct.length}, hash distance min ${Math.min(...distinct)}, median ${percentile(distinct, 50)}; ${nearPairs} within the hash threshold, false alarms ${falseAlarms}`,
  );
  check('reuse found', found / copies.length >= TARGETS.reuse);
  check('no false alarm', falseAlarms === 0);
}

// ---- 4: a list's p99 while 20 pages are read ----------------------------------------------------
if (!skipServer) {
  let voucherId = 0;
  const target = await prepareBenchDatabase(
    'embedded',
    'receipts',
    async (db) => {
      const [row] = await db
        .select({ voucherId: voucherPassengers.voucherId })
        .from(voucherPassengers)
        .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
        .where(eq(passengers.docNumber, '30123456'));
      voucherId = row?.voucherId ?? 0;
    },
    { demo: true },
  );
  const server = await startServer(target, port, process.cwd(), { UPLOAD_QUOTA_MB: '1000' });
  try {
    const staff = await signIn(server.url);
    const login = await fetch(`${server.url}/api/refund_data/?voucher_id=${voucherId}&document=30123456`);
    if (!login.ok) throw new Error(`refund login: ${login.status} ${await login.text()}`);
    const access = ((await login.json()) as { access: string }).access;
    const listTimes = async (until: () => Promise<boolean>, minimum: number) => {
      const timings: number[] = [];
      while (timings.length < minimum || !(await until())) {
        const began = performance.now();
        const response = await fetch(`${server.url}/api/pax/?limit=25&offset=0`, {
          headers: { authorization: staff },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`list: ${response.status}`);
        timings.push(performance.now() - began);
      }
      return timings;
    };
    const idle = await listTimes(async () => true, 200);
    const pages = receipts.filter((receipt) => receipt.contentType === 'image/jpeg').slice(0, 20);
    const ids: string[] = [];
    for (let batch = 0; batch < pages.length; batch += 5) {
      const form = new FormData();
      for (const receipt of pages.slice(batch, batch + 5)) {
        form.append(
          'file',
          new Blob([new Uint8Array(receipt.bytes)], { type: 'image/jpeg' }),
          `r${receipt.spec.index}.jpg`,
        );
      }
      const response = await fetch(`${server.url}/images/upload-image`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${access}` },
      });
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
      ids.push(...((await response.json()) as { files: { id: string }[] }).files.map((file) => file.id));
    }
    const readStarted = performance.now();
    let lastCheck = 0;
    let done = false;
    const allRead = async () => {
      if (done) return true;
      if (performance.now() - lastCheck < 500) return false;
      lastCheck = performance.now();
      const response = await fetch(`${server.url}/api/refund_data/readings/?ids=${ids.join(',')}`, {
        headers: { authorization: `Bearer ${access}` },
      });
      const body = (await response.json()) as { readings: { status: string }[] };
      done = body.readings.every((reading) => reading.status !== 'pending');
      return done;
    };
    const busy = await listTimes(allRead, 50);
    const readSeconds = (performance.now() - readStarted) / 1000;
    console.log(`\nlist p99 (GET /api/pax/?limit=25, sequential, embedded PostgreSQL):`);
    console.log(
      `  idle: ${idle.length} requests, median ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms`,
    );
    console.log(
      `  while 20 pages are read (${readSeconds.toFixed(1)} s): ${busy.length} requests, median ${percentile(busy, 50).toFixed(1)} ms, p99 ${percentile(busy, 99).toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
}
process.exit(failed ? 1 : 0);
