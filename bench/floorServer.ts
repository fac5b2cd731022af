/**
 * The floor of the request-floor benchmark (issue 29, bench/requestFloor.bench.ts): a minimal
 * Fastify app on the same database that runs the SQL the product runs for an exact-filter list
 * page, and nothing else (no authentication, principal, validation, scope, serializer, hooks or
 * security headers). `GET /api/pax/?doc_number=` or `?id=`, `GET /api/voucher/?status=`,
 * `?reservation=` or `?id=`, with `offset` and `limit`.
 *
 * The statements are the product's, as its list engine issues them (captured from
 * src/server/resources/listQuery.ts with the passengers and vouchers declarations):
 * - the page's ids and ordering key, one more row than asked (an unnamed statement);
 * - the rows by id, a named statement (`id = any($1)`) planned once per connection;
 * - the capped count (`count(*) from (select 1 ... limit 10001)`) only when more rows follow the
 *   page, remembered 30 s per filter as the product remembers a non-exact count.
 * The rows go out as the driver reads them (arrays, column names beside them), serialized by
 * JSON.stringify: what any server answering that page has to do at least.
 *
 * Bundled by the benchmark with esbuild (as `npm start` bundles the product) and run with
 * package.json's start flags; env DATABASE_URL (a PostgreSQL server) or DATA_DIR (its embedded
 * PostgreSQL, started and stopped here as the product does, issue 44), PORT.
 */
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';

const PAX_ROWS = `select "id", "name", "surname", "phone", "doc_type", "doc_number", "birth_date", "country_id", "email", "nationality_id", "search_name", "created_office_id", "created_at", "updated_at" from "pax" where "pax"."id" = any($1)`;
const VOUCHER_ROWS = `select "vouchers"."id", "vouchers"."reservation_id", "vouchers"."product_id", "vouchers"."office_id", "vouchers"."status", "vouchers"."status_administracion", "vouchers"."observations", "vouchers"."pvp", "vouchers"."final_price", "vouchers"."commission", "vouchers"."net_price", "vouchers"."rate_long_name", "vouchers"."promotion_long_name", "vouchers"."promotion_id", "vouchers"."voucher_filter_proveedor", "vouchers"."conditions_accepted_at", "vouchers"."pax_list", "vouchers"."created_at", "vouchers"."updated_at", "voucher_reservation"."date_in", "voucher_reservation"."date_out", "voucher_reservation"."payment_method", "voucher_office"."long_name", "voucher_product"."long_name", "voucher_supplier"."long_name" from "vouchers" left join "reservations" "voucher_reservation" on "voucher_reservation"."id" = "vouchers"."reservation_id" left join "offices" "voucher_office" on "voucher_office"."id" = "vouchers"."office_id" left join "products" "voucher_product" on "voucher_product"."id" = "vouchers"."product_id" left join "suppliers" "voucher_supplier" on "voucher_supplier"."id" = "voucher_product"."supplier_id" where "vouchers"."id" = any($1)`;

interface FloorResource {
  table: string;
  /** Filter parameter -> column, and whether its value is an integer. */
  filters: Record<string, { column: string; integer: boolean }>;
  rowsName: string;
  rowsText: string;
}
const RESOURCES: Record<string, FloorResource> = {
  pax: {
    table: 'pax',
    filters: { doc_number: { column: 'doc_number', integer: false }, id: { column: 'id', integer: true } },
    rowsName: 'floor_pax_rows',
    rowsText: PAX_ROWS,
  },
  voucher: {
    table: 'vouchers',
    filters: {
      status: { column: 'status', integer: true },
      reservation: { column: 'reservation_id', integer: true },
      id: { column: 'id', integer: true },
    },
    rowsName: 'floor_voucher_rows',
    rowsText: VOUCHER_ROWS,
  },
};
const EXACT_LIMIT = 10_000;
const COUNT_MS = 30_000;

interface Queryable {
  query(
    text: string | { name: string; text: string; values: unknown[]; rowMode: 'array' },
    values?: unknown[],
    options?: { rowMode: 'array' },
  ): Promise<{ rows: unknown[] }>;
}

// The product's pool size and opener: the embedded cluster of DATA_DIR, or DATABASE_URL.
const database = await openProductDatabase(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
const client = (database.handle.db as unknown as { $client: Queryable }).$client;

/** Rows as arrays, by a named statement (as the product's engine reads rows by id). */
async function arrayRows(name: string, text: string, values: unknown[]): Promise<unknown[]> {
  return (await client.query({ name, text, values, rowMode: 'array' })).rows;
}

const counts = new Map<string, { count: number; until: number }>();

const app = Fastify({ logger: false });
for (const [path, resource] of Object.entries(RESOURCES))
  app.get(`/api/${path}/`, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? 20);
    const entry = Object.entries(resource.filters).find(([param]) => query[param] !== undefined);
    if (!entry || !Number.isInteger(offset) || !Number.isInteger(limit))
      return reply.status(400).send({ detail: 'floor: one exact filter, offset and limit' });
    const [param, filter] = entry;
    const value = filter.integer ? Number(query[param]) : query[param];
    const where = `"${resource.table}"."${filter.column}" = $1`;
    const ids = (
      await client.query(
        `select "${resource.table}"."id" as "__row_id", "${resource.table}"."id" as "__key0" from "${resource.table}" where ${where} order by "${resource.table}"."id" desc limit $2 offset $3`,
        [value, limit + 1, offset],
      )
    ).rows as { __row_id: number }[];
    const more = ids.length > limit;
    const page = more ? ids.slice(0, limit) : ids;
    let count = offset + page.length;
    let countKind = 'exact';
    const rows = page.length
      ? arrayRows(resource.rowsName, resource.rowsText, [page.map((row) => row.__row_id)])
      : Promise.resolve([]);
    if (more) {
      const key = `${path}|${param}|${value}`;
      const remembered = counts.get(key);
      if (remembered && remembered.until > Date.now()) count = remembered.count;
      else {
        const counted = (
          await client.query(
            `select count(*)::int as n from (select 1 from "${resource.table}" where ${where} limit $2) as capped`,
            [value, EXACT_LIMIT + 1],
          )
        ).rows as { n: number }[];
        count = Math.min(Number(counted[0].n), EXACT_LIMIT);
        counts.set(key, { count, until: Date.now() + COUNT_MS });
      }
      if (count >= EXACT_LIMIT) countKind = 'capped';
    }
    return { count, count_kind: countKind, results: await rows };
  });
app.get('/api/health/', async () => ({ status: 'ok' }));

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await app.listen({ port: Number(process.env.PORT ?? 3295), host: '127.0.0.1' });
