/**
 * Budgets of issue 15 for the voucher PDFs, over HTTP on the product started as `npm start` does:
 * `POST /api/pdfVoucher/` (one A4 voucher with its coverages and QR) ≤ 200 ms each, and
 * `POST /api/pdfMultiVoucher/` for a reservation of 50 vouchers ≤ 3 s. The database (an embedded
 * cluster in a kept temporary DATA_DIR, or `extranet_bench_voucher_pdf` on BENCH_DATABASE_URL) holds one
 * product with 12 coverages and one reservation with 50 vouchers of one or two travellers each.
 *
 *   npx tsx bench/voucherPdf.bench.ts [--db=embedded|postgres] [--runs=30] [--port=3292]
 *
 * Prints the median, p95 and max of each and exits non-zero when a median is over its budget.
 */
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  coverages,
  currencies,
  passengers,
  productCoverages,
  products,
  reservations,
  voucherPassengers,
  vouchers,
} from '../src/server/db/schema';
import { argument, benchKind, prepareBenchDatabase, signIn, startServer } from './server';

const kind = benchKind('embedded');
const runs = Number(argument('runs', '30'));
const port = Number(argument('port', '3292'));
const VOUCHERS = 50;
const BUDGET_SINGLE_MS = 200;
const BUDGET_MULTI_MS = 3000;
const PRODUCT = 'BENCH-PDF';

const target = await prepareBenchDatabase(kind, 'voucher_pdf', async (db) => {
  const [existing] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.shortName, PRODUCT));
  if (existing) return;
  const [product] = await db
    .insert(products)
    .values({ shortName: PRODUCT, longName: 'Asistencia Mundial Premium (bench)' })
    .returning({ id: products.id });
  const [currency] = await db.select({ id: currencies.id }).from(currencies).limit(1);
  const names = [
    'Asistencia médica por accidente',
    'Asistencia médica por enfermedad',
    'Medicamentos ambulatorios',
    'Odontología de urgencia',
    'Traslado sanitario',
    'Repatriación sanitaria',
    'Repatriación funeraria',
    'Pérdida de equipaje',
    'Demora de equipaje',
    'Cancelación de viaje',
    'Asistencia legal',
    'Regreso anticipado',
  ];
  for (const [index, name] of names.entries()) {
    const [coverage] = await db
      .insert(coverages)
      .values({ shortName: `BENCH-C${index}`, longNameEs: name })
      .onConflictDoNothing()
      .returning({ id: coverages.id });
    if (coverage)
      await db.insert(productCoverages).values({
        productId: product.id,
        coverageId: coverage.id,
        limitAmount: String(1000 * (index + 1)),
        currencyId: currency?.id ?? null,
      });
  }
  const [reservation] = await db
    .insert(reservations)
    .values({
      paymentMethod: 'Tarjeta de crédito',
      totalPrice: String(VOUCHERS * 120),
      status: 3,
      dateIn: '2027-03-01',
      dateOut: '2027-03-21',
      contactEmergencyName: 'Marta',
      contactEmergencySurname: 'Gómez',
      contactEmergencyPhone: '1144556677',
    })
    .returning({ id: reservations.id });
  for (let index = 0; index < VOUCHERS; index++) {
    const [voucher] = await db
      .insert(vouchers)
      .values({
        reservationId: reservation.id,
        productId: product.id,
        status: 3,
        pvp: '120.00',
        finalPrice: '120.00',
        rateLongName: 'Tarifa 21 días',
      })
      .returning({ id: vouchers.id });
    for (let traveller = 0; traveller < 1 + (index % 2); traveller++) {
      const [pax] = await db
        .insert(passengers)
        .values({
          name: `Viajera ${index}`,
          surname: `Pérez Ñandú ${traveller}`,
          docNumber: String(40_000_000 + index * 10 + traveller),
          email: `viajera${index}.${traveller}@example.com`,
          birthDate: '1985-06-15',
        })
        .returning({ id: passengers.id });
      await db.insert(voucherPassengers).values({ voucherId: voucher.id, paxId: pax.id });
    }
  }
});

const server = await startServer(target, port);
let failed = false;
try {
  const authorization = await signIn(server.url);
  const post = async (path: string, body: object) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (!response.ok || response.headers.get('content-type') !== 'application/pdf')
      throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(bytes).slice(0, 200)}`);
    return { ms, bytes };
  };
  const found = (await (
    await fetch(`${server.url}/api/voucher/?limit=${VOUCHERS}&product_long_name=(bench)`, {
      headers: { authorization },
    })
  ).json()) as { results: { id: number; reservation: number }[] };
  const voucherIds = found.results.map((voucher) => voucher.id);
  const reservationId = found.results[0]?.reservation;
  if (voucherIds.length < VOUCHERS || !reservationId) throw new Error('the bench reservation is missing');

  const figures = (timings: number[]) => {
    const sorted = [...timings].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
    return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
  };

  for (let warm = 0; warm < 3; warm++) await post('/api/pdfVoucher/', { voucher_id: voucherIds[warm] });
  const single: number[] = [];
  let singleBytes = 0;
  for (let run = 0; run < runs; run++) {
    const { ms, bytes } = await post('/api/pdfVoucher/', { voucher_id: voucherIds[run % voucherIds.length] });
    single.push(ms);
    singleBytes = bytes.length;
  }
  await post('/api/pdfMultiVoucher/', { id_reservation: reservationId });
  const multi: number[] = [];
  let pages = 0;
  let multiBytes = 0;
  for (let run = 0; run < Math.max(3, Math.ceil(runs / 6)); run++) {
    const { ms, bytes } = await post('/api/pdfMultiVoucher/', { id_reservation: reservationId });
    multi.push(ms);
    multiBytes = bytes.length;
    pages = (await PDFDocument.load(bytes)).getPageCount();
  }
  const one = figures(single);
  const all = figures(multi);
  console.log(`voucher PDF benchmark: ${kind}, ${runs} single runs, ${multi.length} multivoucher runs`);
  console.log('| document | median ms | p95 ms | max ms | budget | size |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| pdfVoucher (1 voucher) | ${one.median.toFixed(1)} | ${one.p95.toFixed(1)} | ${one.max.toFixed(1)} | ${BUDGET_SINGLE_MS} ms | ${(singleBytes / 1024).toFixed(0)} KB |`,
  );
  console.log(
    `| pdfMultiVoucher (${VOUCHERS} vouchers, ${pages} pages) | ${all.median.toFixed(0)} | ${all.p95.toFixed(0)} | ${all.max.toFixed(0)} | ${BUDGET_MULTI_MS} ms | ${(multiBytes / 1024).toFixed(0)} KB |`,
  );
  if (pages < VOUCHERS) {
    console.error(`the multivoucher has ${pages} pages for ${VOUCHERS} vouchers`);
    failed = true;
  }
  if (one.median > BUDGET_SINGLE_MS) {
    console.error(`pdfVoucher median ${one.median.toFixed(1)} ms is over ${BUDGET_SINGLE_MS} ms`);
    failed = true;
  }
  if (all.median > BUDGET_MULTI_MS) {
    console.error(`pdfMultiVoucher median ${all.median.toFixed(0)} ms is over ${BUDGET_MULTI_MS} ms`);
    failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
