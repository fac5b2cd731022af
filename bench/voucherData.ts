/**
 * Generated reservations and vouchers at volume (issue 15): `vouchers` vouchers over
 * vouchers / 3 reservations (one to five per reservation, three on average), one traveller per
 * reservation, 200 offices in a tree (20 heads, 180 agencies below them), 10 suppliers and 60
 * products when the database has fewer; statuses spread as a back office sees them (most EMITIDO);
 * one voucher in ten sold under one of the promotions, if any (promotion_id and its name).
 * Everything is `insert ... select from generate_series` in chunks (no round trip per row);
 * the secondary indexes of the four big tables are dropped during the load and built afterwards,
 * then VACUUM ANALYZE. Runs on any PostgreSQL (embedded or a server).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from '../src/server/db/seed/masterData';

type Rows<T> = { rows: T[] };
const literalArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`;

const PRODUCT_WORDS = ['Asistencia', 'Cobertura', 'Plan'];
const PRODUCT_KINDS = [
  'Nacional',
  'Regional',
  'Mundial',
  'Europa',
  'Estudiantes',
  'Crucero',
  'Multiviaje',
  'Senior',
  'Deportes',
  'Familiar',
];
const PRODUCT_TIERS = ['Básica', 'Clásica', 'Plus', 'Premium', 'Total', 'Elite'];

async function scalar(db: Database, query: string): Promise<number> {
  const result = (await db.execute(sql.raw(query))) as unknown as Rows<{ n: number | string | null }>;
  return Number(result.rows[0]?.n ?? 0);
}

async function ensureReferenceData(db: Database): Promise<void> {
  if ((await scalar(db, 'select count(*) as n from offices')) < 200) {
    await db.execute(
      sql.raw(`insert into offices (short_name, long_name)
        select 'VOL-H' || i, 'Casa matriz ' || i from generate_series(1, 20) as i`),
    );
    await db.execute(
      sql.raw(`insert into offices (short_name, long_name, parent_id)
        select 'VOL-A' || i, 'Agencia de viajes ' || i,
          (select id from offices where short_name = 'VOL-H' || (1 + i % 20))
        from generate_series(1, 180) as i`),
    );
  }
  if ((await scalar(db, 'select count(*) as n from suppliers')) < 10)
    await db.execute(
      sql.raw(`insert into suppliers (short_name, long_name)
        select 'VOL-S' || i, 'Proveedor de asistencia ' || i from generate_series(1, 10) as i
        on conflict do nothing`),
    );
  if ((await scalar(db, 'select count(*) as n from products')) < 60) {
    const names = PRODUCT_WORDS.flatMap((word) =>
      PRODUCT_KINDS.flatMap((kind) => PRODUCT_TIERS.map((tier) => `${word} ${kind} ${tier}`)),
    ).slice(0, 60);
    await db.execute(
      sql.raw(`insert into products (short_name, long_name, supplier_id)
        select 'VOL-P' || i, (${literalArray(names)})[i],
          (select id from suppliers order by id offset (i % 10) limit 1)
        from generate_series(1, ${names.length}) as i`),
    );
  }
}

const TABLES = ['pax', 'reservations', 'vouchers', 'voucher_passengers'];

export async function generateVouchers(db: Database, vouchers: number, log = false): Promise<number> {
  const started = performance.now();
  await ensureReferenceData(db);
  const reservationsCount = Math.ceil(vouchers / 3);
  const officeIds = `(select array_agg(id order by id) from offices)`;
  const productIds = `(select array_agg(id order by id) from products)`;
  const userIds = `(select coalesce(array_agg(id order by id), array[null]::int[]) from users)`;
  const promotionIds = `(select coalesce(array_agg(id order by id), array[]::int[]) from promotions)`;
  const promotionNames = `(select coalesce(array_agg(long_name::text order by id), array[]::text[]) from promotions)`;
  const r0 = await scalar(db, 'select coalesce(max(id), 0) as n from reservations');
  const v0 = await scalar(db, 'select coalesce(max(id), 0) as n from vouchers');
  const p0 = await scalar(db, 'select coalesce(max(id), 0) as n from pax');
  const indexes = (
    (await db.execute(
      sql.raw(`select indexname, indexdef from pg_indexes where tablename in (${TABLES.map((t) => `'${t}'`).join(',')})
        and indexdef not like 'CREATE UNIQUE%'`),
    )) as unknown as Rows<{ indexname: string; indexdef: string }>
  ).rows;
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  // The office each voucher copies from its reservation is written by the insert itself; the
  // per-row trigger that keeps it in step (migration 0021) would cost a lookup per row.
  await db.execute(sql.raw('alter table vouchers disable trigger user'));
  // Likewise the statement-level triggers that copy each voucher's travellers (migration 0025):
  // filled once, set-based, after the load.
  await db.execute(sql.raw('alter table voucher_passengers disable trigger user'));
  const first = literalArray(DEMO_FIRST_NAMES);
  const last = literalArray(DEMO_SURNAMES);
  const chunk = 100_000;
  for (let from = 1; from <= reservationsCount; from += chunk) {
    const to = Math.min(reservationsCount, from + chunk - 1);
    await db.execute(
      sql.raw(`
      insert into pax (id, name, surname, doc_type, doc_number, email, birth_date)
      select ${p0} + i,
        (${first})[1 + abs(hashint4(i)) % ${DEMO_FIRST_NAMES.length}],
        (${last})[1 + abs(hashint4(i + 3)) % ${DEMO_SURNAMES.length}],
        'DNI', (30000000 + i)::text, 'viajero' || i || '@correo.example.com',
        date '1950-01-01' + (abs(hashint4(i + 11)) % 18000)
      from generate_series(${from}, ${to}) as i`),
    );
    await db.execute(
      sql.raw(`
      with refs as (select ${officeIds} as offices, ${userIds} as users)
      insert into reservations (id, user_id, user_reservation_id, office_id, payment_method, date_emision,
        status, total_price, contact_emergency_name, contact_emergency_surname, contact_emergency_phone, date_in, date_out)
      select ${r0} + i,
        refs.users[1 + abs(hashint4(i + 1)) % cardinality(refs.users)],
        refs.users[1 + abs(hashint4(i + 2)) % cardinality(refs.users)],
        refs.offices[1 + abs(hashint4(i + 5)) % cardinality(refs.offices)],
        (array['Tarjeta de crédito','Transferencia','Cuenta corriente','Mercado Pago'])[1 + abs(hashint4(i + 7)) % 4],
        timestamptz '2023-01-01 12:00:00+00' + ((i * 1093) % 1000) * interval '1 day',
        (array[3,3,3,3,3,3,4,5,6,1,2,2])[1 + abs(hashint4(i + 9)) % 12],
        (60 + abs(hashint4(i + 13)) % 900)::numeric(14, 2),
        (${first})[1 + abs(hashint4(i + 17)) % ${DEMO_FIRST_NAMES.length}],
        (${last})[1 + abs(hashint4(i + 19)) % ${DEMO_SURNAMES.length}],
        '11' || (40000000 + abs(hashint4(i)) % 9999999)::text,
        date '2023-01-10' + ((i * 1093) % 1000),
        date '2023-01-10' + ((i * 1093) % 1000) + 3 + abs(hashint4(i + 23)) % 40
      from generate_series(${from}, ${to}) as i, refs`),
    );
    if (log) process.stdout.write(`  ${to.toLocaleString('en')} reservations\n`);
  }
  for (let from = 1; from <= vouchers; from += chunk * 2) {
    const to = Math.min(vouchers, from + chunk * 2 - 1);
    // Voucher j belongs to reservation 1 + (j - 1) * R / V: one to five per reservation, three on average.
    await db.execute(
      sql.raw(`
      with refs as (select ${productIds} as products, ${promotionIds} as promotions, ${promotionNames} as promotion_names)
      insert into vouchers (id, reservation_id, office_id, product_id, status, pvp, final_price, commission, net_price,
        rate_long_name, promotion_id, promotion_long_name)
      select ${v0} + j, r.id, r.office_id,
        refs.products[1 + abs(hashint4(j)) % cardinality(refs.products)],
        (array[3,3,3,3,3,3,4,5,6,1,2,2])[1 + abs(hashint4(j + 9)) % 12],
        p, p, round(p * 0.15, 2), round(p * 0.85, 2),
        'Tarifa ' || (3 + abs(hashint4(j + 2)) % 60) || ' días',
        refs.promotions[promo], coalesce(refs.promotion_names[promo], '')
      from generate_series(${from}, ${to}) as j, refs,
        lateral (select (40 + abs(hashint4(j + 5)) % 600)::numeric(14, 2) as p) as price,
        -- One voucher in ten was sold under one of the promotions (when there are any; issue 14).
        lateral (select case when abs(hashint4(j + 29)) % 10 = 0 and cardinality(refs.promotions) > 0
          then 1 + abs(hashint4(j + 31)) % cardinality(refs.promotions) end as promo) as sold,
        lateral (select id, office_id from reservations
          where id = ${r0} + 1 + ((j - 1)::bigint * ${reservationsCount} / ${vouchers})::int) as r`),
    );
    await db.execute(
      sql.raw(`
      insert into voucher_passengers (voucher_id, pax_id)
      select ${v0} + j, ${p0} + 1 + ((j - 1)::bigint * ${reservationsCount} / ${vouchers})::int
      from generate_series(${from}, ${to}) as j`),
    );
    if (log) process.stdout.write(`  ${to.toLocaleString('en')} vouchers\n`);
  }
  for (const table of ['pax', 'reservations', 'vouchers'])
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
    );
  // Issue 40 (migration 0038): the related names' sort keys and the reservation's dates copied on
  // each voucher, set-based while the per-row trigger is off and before the indexes are rebuilt.
  await db.execute(sql.raw('select vouchers_fill_sort_keys()'));
  await db.execute(sql.raw('select reservations_fill_sort_keys()'));
  await db.execute(sql.raw('alter table vouchers enable trigger user'));
  await db.execute(sql.raw('alter table voucher_passengers enable trigger user'));
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql.raw('select vouchers_fill_pax_list()'));
  for (const table of TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return performance.now() - started;
}
