/**
 * Loads a realistic volume of reservations and vouchers (issue 15) into the configured database
 * (the embedded PostgreSQL of DATA_DIR, or DATABASE_URL; with the embedded one, stop the server first): `npm run seed:volume -- --vouchers 1000000` makes a
 * million vouchers over about 333,000 reservations, with their travellers, and offices, suppliers
 * and products when the database has few. SQL `insert ... select from generate_series` in chunks:
 * minutes, not hours. See docs/bookings.md and docs/performance.md.
 */
import { generateVouchers } from '../bench/voucherData';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';
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
const database = await openProductDatabase(config);
const { handle } = database;
try {
  await handle.migrate();
  await seed(handle.db, config);
  console.log(`Generando ${vouchers.toLocaleString('es-AR')} vouchers (${handle.kind})...`);
  const ms = await generateVouchers(handle.db, vouchers, true);
  console.log(`Listo en ${(ms / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
