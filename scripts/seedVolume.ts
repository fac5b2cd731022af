/**
 * Loads a realistic volume of reservations and vouchers (issue 15) into the configured database
 * (PGlite in DATA_DIR, or DATABASE_URL): `npm run seed:volume -- --vouchers 1000000` makes a
 * million vouchers over about 333,000 reservations, with their travellers, and offices, suppliers
 * and products when the database has few. SQL `insert ... select from generate_series` in chunks:
 * minutes, not hours. See docs/bookings.md and docs/performance.md.
 */
import path from 'node:path';
import { generateVouchers } from '../bench/voucherData';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seed } from '../src/server/db/seed';

const flag = process.argv.indexOf('--vouchers');
const inline = process.argv.find((value) => value.startsWith('--vouchers='));
const raw = inline ? inline.slice('--vouchers='.length) : flag >= 0 ? process.argv[flag + 1] : '1000000';
const vouchers = Number(raw);
if (!Number.isInteger(vouchers) || vouchers < 1 || vouchers > 50_000_000) {
  console.error('Uso: npm run seed:volume -- --vouchers <cantidad entre 1 y 50.000.000>');
  process.exit(1);
}
const config = loadConfig(process.env);
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
});
try {
  await handle.migrate();
  await seed(handle.db, config);
  console.log(`Generando ${vouchers.toLocaleString('es-AR')} vouchers (${handle.kind})...`);
  const ms = await generateVouchers(handle.db, vouchers, true);
  console.log(`Listo en ${(ms / 1000).toFixed(1)} s.`);
} finally {
  await handle.close();
}
