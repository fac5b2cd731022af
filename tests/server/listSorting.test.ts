/**
 * Issue 40 'Lists': every column of every list that shows one value sorts on the server. The
 * columns come from the lists' own descriptors (the client's, as the screens show them), so a new
 * module or column is covered without being named here; `defineDescriptor` refuses a column its
 * contract cannot order by unless it shows several values. Each sortable column is asked for in
 * both directions against the demo data: a 200 (never a 500), and the rows in the order the
 * column's value says (names the Spanish way, numbers and dates as such, nulls last ascending).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDescriptor } from '../../src/client/resources/descriptor';
import { DESCRIPTORS } from '../../src/client/resources/descriptors';
import { productosDescriptor } from '../../src/client/resources/descriptors/productos';
import { promocionesDescriptor } from '../../src/client/resources/descriptors/promociones';
import { as, createTestApp, type TestApp } from './support';

const LISTS: readonly ResourceDescriptor[] = [...DESCRIPTORS, productosDescriptor, promocionesDescriptor];

type Row = Record<string, unknown>;

/** The value a column shows, for the few whose sort field is not the row's own key. */
const SHOWN: Record<string, (row: Row) => unknown> = {
  'unidad_negocio:country': (row) => (row.countryInfo as { long_name?: string } | null)?.long_name ?? null,
};

/** Sort fields holding a related row's id whose name the column shows. */
const RELATED = new Set(['office', 'product', 'country', 'currency']);

function shownValue(routing: string, field: string, row: Row): unknown {
  const special = SHOWN[`${routing}:${field}`];
  if (special) return special(row);
  // A related row's name is answered next to its id (office -> office_name, product -> product_name).
  if (RELATED.has(field)) return row[`${field}_name`];
  return row[field];
}

/** PostgreSQL's es_sort_key (migration 0020) compared in "C" order. */
function spanishKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/[áàâäãå]/g, 'a')
    .replace(/[éèêë]/g, 'e')
    .replace(/[íìîï]/g, 'i')
    .replace(/[óòôöõ]/g, 'o')
    .replace(/[úùûü]/g, 'u')
    .replace(/[ýÿ]/g, 'y')
    .replace(/ç/g, 'c')
    .replace(/ñ/g, 'n~');
}

/** A decimal as the API answers amounts ('1234.50'); document and phone numbers are texts. */
const DECIMAL = /^-?\d+\.\d+$/;
const byteOrder = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return Buffer.compare(left, right);
};

/** -1, 0 or 1 as `a` sorts before, with or after `b` ascending (nulls last). */
function compare(a: unknown, b: unknown): number {
  const empty = (value: unknown) => value === null || value === undefined;
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  const left = String(a);
  const right = String(b);
  if (DECIMAL.test(left) && DECIMAL.test(right)) return Math.sign(Number(left) - Number(right));
  return Math.sign(byteOrder(spanishKey(left), spanishKey(right)));
}

let testApp: TestApp;
let get: ReturnType<typeof as>;
beforeAll(async () => {
  testApp = await createTestApp();
  get = as(testApp, await testApp.login('admin'));
}, 120_000);
afterAll(() => testApp?.close());

const sortable = LISTS.flatMap((descriptor) =>
  descriptor.columns
    .filter((column) => column.sortField !== null)
    .map((column) => ({
      list: descriptor.routing,
      path: descriptor.path,
      field: column.sortField as string,
    })),
);

describe('every list column sorts on the server (issue 40)', () => {
  it('covers the twenty lists and the columns the issue named', () => {
    expect(LISTS).toHaveLength(20);
    const fields = new Set(sortable.map((entry) => `${entry.list}:${entry.field}`));
    for (const named of [
      'vouchers:product_long_name',
      'reservas:user_detail',
      'reservas:office',
      'facturacion:office',
      'facturacion:invoicing_status',
      'facturacion:final_price',
      'facturacion:commission',
      'facturacion:net_price',
      'reintegros:id',
      'reintegros:name',
      'reintegros:doc_number',
      'reintegros:voucher',
      'reintegros:status',
      'productos:product_type_name',
      'productos:supplier_name',
      'productos:is_enabled',
    ])
      expect(fields, named).toContain(named);
    // Only columns of several values are left unsorted.
    const unsorted = LISTS.flatMap((descriptor) =>
      descriptor.columns
        .filter((column) => column.sortField === null)
        .map((column) => `${descriptor.routing}:${column.key}`),
    );
    expect(unsorted.sort()).toEqual([
      'grupos:all_permissions',
      'oficinas:childrens',
      'usuarios:groups',
      'usuarios:user_permissions',
      'vouchers:pax',
    ]);
  });

  it.each(sortable)('$list by $field: both directions, in order', async ({ list, path, field }) => {
    for (const descending of [false, true]) {
      const ordering = `${descending ? '-' : ''}${field}`;
      const response = await get({ method: 'GET', url: `/api${path}?ordering=${ordering}&limit=50` });
      expect(response.statusCode, `${list} ${ordering}: ${response.body.slice(0, 300)}`).toBe(200);
      const rows = (response.json() as { results: Row[] }).results;
      const values = rows.map((row) => shownValue(list, field, row));
      for (let index = 1; index < values.length; index++) {
        const order = compare(values[index - 1], values[index]);
        // Descending reverses the ascending order, nulls included (first when descending).
        expect(
          descending ? order >= 0 : order <= 0,
          `${list} ${ordering}: ${JSON.stringify(values[index - 1])} before ${JSON.stringify(values[index])}`,
        ).toBe(true);
      }
    }
  });

  it('sorts the demo data by values that differ (the check above had something to order)', async () => {
    const varied: string[] = [];
    for (const entry of sortable) {
      const response = await get({
        method: 'GET',
        url: `/api${entry.path}?ordering=${entry.field}&limit=50`,
      });
      const rows = (response.json() as { results: Row[] }).results;
      const distinct = new Set(rows.map((row) => JSON.stringify(shownValue(entry.list, entry.field, row))));
      if (distinct.size > 1) varied.push(`${entry.list}:${entry.field}`);
    }
    expect(varied).toEqual(
      expect.arrayContaining([
        'vouchers:product_long_name',
        'vouchers:office_name',
        'reservas:office',
        'facturacion:final_price',
        'facturacion:office',
        'productos:supplier_name',
      ]),
    );
    expect(varied.length).toBeGreaterThan(sortable.length / 2);
  });

  it('refuses an unknown or several-valued ordering with a Spanish 400', async () => {
    for (const url of [
      '/api/voucher/?ordering=pax',
      '/api/voucher/?ordering=-nope',
      '/api/groups/?ordering=all_permissions',
    ]) {
      const response = await get({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toMatch(/orden/i);
    }
  });
});
