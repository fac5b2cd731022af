/**
 * Promociones (issue 14; SPEC §3 'Promotion', §5 'Date' and 'Promotion wizard', §7 'Promotions')
 * against a real database: CRUD with the date-range rules and their Spanish messages, the
 * add_product_offices action in one transaction (a refused office leaves no promotion_product),
 * the sale and provider rules, the office lock of provider promotions, DELETE /promotion_product/,
 * permissions, and bad input answered in Spanish, never a 500.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { offices, productOffices, products, promotionProducts } from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

const text = messages.promotions;
let testApp: TestApp;
let admin: ReturnType<typeof as>;
let productIds: number[];
let officeIds: number[];
/** Offices assigned to both of the first two products. */
let sharedOffices: number[];
/** An office assigned to the first product only. */
let firstOnlyOffice: number;

const body = (overrides: Record<string, unknown> = {}) => ({
  short_name: 'TST',
  long_name: 'Promo de prueba',
  description: 'Prueba',
  reservation_date_from: '01/01/2027',
  reservation_date_to: '31/01/2027',
  travel_date_from: '15/01/2027',
  travel_date_to: '28/02/2027',
  total_days: 10,
  promotion_type: 'venta',
  ...overrides,
});

async function createPromotion(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await admin({ method: 'POST', url: '/api/promotion/', payload: body(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const assign = (id: number, payload: Record<string, unknown>) =>
  admin({ method: 'POST', url: `/api/promotion/${id}/actions/add_product_offices/`, payload });

async function heldProducts(promotionId: number): Promise<number> {
  const rows = await testApp.context.db
    .select({ id: promotionProducts.id })
    .from(promotionProducts)
    .where(eq(promotionProducts.promotionId, promotionId));
  return rows.length;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const db = testApp.context.db;
  productIds = (await db.select({ id: products.id }).from(products).orderBy(products.id).limit(2)).map(
    (row) => row.id,
  );
  officeIds = (await db.select({ id: offices.id }).from(offices).orderBy(offices.id).limit(6)).map(
    (row) => row.id,
  );
  // The first product also sells in a fifth office; the second does not.
  firstOnlyOffice = officeIds[4];
  await db.insert(productOffices).values({ productId: productIds[0], officeId: firstOnlyOffice });
  const both = await db
    .select({ office: productOffices.officeId, product: productOffices.productId })
    .from(productOffices)
    .where(inArray(productOffices.productId, productIds));
  sharedOffices = [...new Set(both.map((row) => row.office))].filter(
    (office) => both.filter((row) => row.office === office).length === 2,
  );
  expect(sharedOffices.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await testApp?.close();
});

describe('promotion CRUD and dates (§3, §5)', () => {
  it('creates, lists with contains filters, shows, edits and deletes', async () => {
    const id = await createPromotion({ long_name: 'Primavera Única', description: 'Costa atlántica' });
    const listed = await admin({ method: 'GET', url: '/api/promotion/?long_name=primavera%20ú' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toEqual([id]);
    const byDescription = await admin({ method: 'GET', url: '/api/promotion/?description=ATLÁN' });
    expect(byDescription.json<{ count: number }>().count).toBe(1);
    const byType = await admin({ method: 'GET', url: '/api/promotion/?promotion_type=prov' });
    const types = byType
      .json<{ results: { promotion_type: string }[] }>()
      .results.map((r) => r.promotion_type);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['proveedor']));

    const detail = await admin({ method: 'GET', url: `/api/promotion/${id}/` });
    expect(detail.json()).toMatchObject({
      reservation_date_from: '2027-01-01',
      travel_date_to: '2027-02-28',
      promotion_type: 'venta',
      products: [],
      products_count: 0,
    });
    const edited = await admin({
      method: 'PUT',
      url: `/api/promotion/${id}/`,
      payload: body({ long_name: 'Primavera 2', promotion_type: 'proveedor' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ long_name: 'Primavera 2', promotion_type: 'proveedor' });
    const removed = await admin({ method: 'DELETE', url: `/api/promotion/${id}/` });
    expect(removed.statusCode).toBe(204);
  });

  it('answers the §5 date messages and the range rules in Spanish', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reservation_date_from: '31/02/2027' }, 'reservation_date_from', messages.common.dateInvalid],
      [{ travel_date_from: 'mañana' }, 'travel_date_from', messages.common.dateInvalid],
      [{ reservation_date_to: '' }, 'reservation_date_to', text.dateRequired],
      [{ reservation_date_to: '01/12/2026' }, 'reservation_date_to', text.dateToBeforeFrom],
      [{ travel_date_to: '10/01/2027' }, 'travel_date_to', text.dateToBeforeFrom],
      [
        { travel_date_from: '01/12/2026', travel_date_to: '20/12/2026' },
        'travel_date_to',
        text.travelBeforeReservation,
      ],
      [{ total_days: 0 }, 'total_days', text.totalDaysInvalid],
      [{ total_days: 'diez' }, 'total_days', text.totalDaysInvalid],
      [{ promotion_type: 'otra' }, 'promotion_type', text.typeRequired],
      [{ long_name: '' }, 'long_name', text.longNameRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await admin({ method: 'POST', url: '/api/promotion/', payload: body(overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<Record<string, string[]>>()[field]).toEqual([message]);
    }
  });

  it('never answers 500 to malformed input', async () => {
    const payloads: unknown[] = [null, [], 'x', { total_days: 1e20 }, { ...body(), extra: 1 }];
    for (const payload of payloads) {
      const response = await admin({ method: 'POST', url: '/api/promotion/', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const id = await createPromotion();
    for (const payload of [
      {},
      { products: 'a' },
      { products: [-1], offices: [1] },
      { products: [1], offices: [] },
    ]) {
      const response = await assign(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const ids = await admin({ method: 'GET', url: '/api/office/?products=abc&limit=2' });
    expect(ids.statusCode).toBe(200);
    expect(ids.json<{ count: number }>().count).toBe(0);
  });
});

describe('assigning products and offices (§4, §5, §7)', () => {
  it('a sale promotion takes one product with its offices, in one call', async () => {
    const id = await createPromotion();
    const missingProduct = await assign(id, { products: [], offices: officeIds.slice(0, 3) });
    expect(missingProduct.json()).toEqual({ products: [text.productRequired] });
    const missingOffice = await assign(id, { products: [productIds[0]], offices: [] });
    expect(missingOffice.json()).toEqual({ offices: [text.officesRequired] });
    const two = await assign(id, { products: productIds, offices: officeIds.slice(0, 3) });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ products: [text.saleOneProduct] });

    const ok = await assign(id, { products: [productIds[0]], offices: officeIds.slice(0, 3) });
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = ok.json<{ products: { offices: unknown[] }[] }>();
    expect(detail.products).toHaveLength(1);
    expect(detail.products[0].offices).toHaveLength(3);

    const second = await assign(id, { products: [productIds[1]], offices: officeIds.slice(0, 1) });
    expect(second.json()).toEqual({ products: [text.saleOneProduct] });
    const viaRecord = await admin({
      method: 'POST',
      url: '/api/promotion_product/',
      payload: { promotion: id, product: productIds[1] },
    });
    expect(viaRecord.statusCode).toBe(400);
    expect(viaRecord.json()).toEqual({ product: [text.saleOneProduct] });
    expect(await heldProducts(id)).toBe(1);
  });

  it('a refused office leaves no promotion_product (one transaction)', async () => {
    const id = await createPromotion({ promotion_type: 'proveedor' });
    const refused = await assign(id, { products: productIds, offices: [...sharedOffices, 2_000_000_000] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ offices: [text.officeNotFound] });
    expect(await heldProducts(id)).toBe(0);
    const history = await admin({ method: 'GET', url: `/api/history/?entity=promotion&record=${id}` });
    expect(history.json<{ count: number }>().count).toBe(1);
  });

  it('a failing promotion_product_office insert leaves no promotion_product (one transaction)', async () => {
    // Every check passes; the database itself refuses the office rows (a trigger standing for
    // any failure of the insert), after the promotion_product rows were written.
    const db = testApp.context.db;
    await db.execute(sql`
      create function refuse_promotion_office() returns trigger language plpgsql as $$
      begin raise exception 'promotion_product_office insert refused by the test'; end $$`);
    await db.execute(sql`
      create trigger refuse_promotion_office before insert on promotion_product_office
      for each row when (new.office_id = ${sql.raw(String(officeIds[2]))}) execute function refuse_promotion_office()`);
    try {
      const id = await createPromotion();
      const failed = await assign(id, { products: [productIds[0]], offices: [officeIds[1], officeIds[2]] });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      expect(await heldProducts(id)).toBe(0);
      const history = await admin({ method: 'GET', url: `/api/history/?entity=promotion&record=${id}` });
      expect(history.json<{ count: number }>().count).toBe(1);
    } finally {
      await db.execute(sql`drop trigger refuse_promotion_office on promotion_product_office`);
      await db.execute(sql`drop function refuse_promotion_office()`);
    }
  });

  it('a provider promotion takes several products, its offices locked to what every product allows', async () => {
    const id = await createPromotion({ promotion_type: 'proveedor' });
    const locked = await assign(id, { products: productIds, offices: [firstOnlyOffice] });
    expect(locked.statusCode).toBe(400);
    expect(locked.json<{ offices: string[] }>().offices[0]).toMatch(/^En una promoción de proveedor/);
    expect(await heldProducts(id)).toBe(0);

    const listed = await admin({
      method: 'GET',
      url: `/api/office/?products=${productIds.join(',')}&limit=100`,
    });
    expect(
      listed
        .json<{ results: { id: number }[] }>()
        .results.map((row) => row.id)
        .sort(),
    ).toEqual([...sharedOffices].sort());

    const ok = await assign(id, { products: productIds, offices: sharedOffices });
    expect(ok.statusCode, ok.body).toBe(200);
    const created = ok.json<{ action_result: { promotion_products: number[] } }>().action_result;
    expect(created.promotion_products).toHaveLength(2);
    const again = await assign(id, { products: [productIds[0]], offices: sharedOffices });
    expect(again.json()).toEqual({ products: [text.productTwice] });

    // Editing one product's offices (a single step): replaced, still locked.
    const pp = created.promotion_products[0];
    const edit = (offices: number[]) =>
      admin({
        method: 'POST',
        url: `/api/promotion/${id}/actions/edit_product_offices/`,
        payload: { promotion_product: pp, offices },
      });
    const editedOk = await edit([sharedOffices[0]]);
    expect(editedOk.statusCode, editedOk.body).toBe(200);
    const officesOfPp = await admin({
      method: 'GET',
      url: `/api/promotion_product_office/?promotion_product=${pp}`,
    });
    expect(officesOfPp.json<{ results: { office: number }[] }>().results.map((row) => row.office)).toEqual([
      sharedOffices[0],
    ]);
    const empty = await edit([]);
    expect(empty.json()).toEqual({ offices: [text.officesRequired] });

    // A sale promotion cannot come out of a provider one holding two products.
    const toSale = await admin({
      method: 'PUT',
      url: `/api/promotion/${id}/`,
      payload: body({ promotion_type: 'venta' }),
    });
    expect(toSale.json()).toEqual({ promotion_type: [text.saleOneProduct] });

    // DELETE /promotion_product/{id}/: 204, its offices go with it.
    const removed = await admin({ method: 'DELETE', url: `/api/promotion_product/${pp}/` });
    expect(removed.statusCode).toBe(204);
    expect(await heldProducts(id)).toBe(1);
    const gone = await admin({ method: 'DELETE', url: `/api/promotion_product/${pp}/` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ detail: string }>().detail).toBeTruthy();
  });
});

describe('products in promotions', () => {
  it('a product held by a promotion is not deleted: the answer says by what', async () => {
    const id = await createPromotion();
    const ok = await assign(id, { products: [productIds[0]], offices: [officeIds[0]] });
    expect(ok.statusCode, ok.body).toBe(200);
    const removed = await admin({ method: 'DELETE', url: `/api/product/${productIds[0]}/` });
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ detail: string }>().detail).toMatch(/promoci/);
  });
});

describe('permissions (§6)', () => {
  it('view-only roles read, cannot write; roles without promotion cannot read', async () => {
    const id = await createPromotion();
    const viewer = as(testApp, await testApp.login('ejecutivo'));
    expect((await viewer({ method: 'GET', url: `/api/promotion/${id}/` })).statusCode).toBe(200);
    expect((await viewer({ method: 'POST', url: '/api/promotion/', payload: body() })).statusCode).toBe(403);
    const action = await viewer({
      method: 'POST',
      url: `/api/promotion/${id}/actions/add_product_offices/`,
      payload: { products: [productIds[0]], offices: [officeIds[0]] },
    });
    expect(action.statusCode).toBe(403);
    expect(await heldProducts(id)).toBe(0);
    const outsider = as(testApp, await testApp.login('soporte'));
    expect((await outsider({ method: 'GET', url: '/api/promotion/' })).statusCode).toBe(403);
    const manager = as(testApp, await testApp.login('gerente_pais'));
    const managed = await manager({
      method: 'POST',
      url: `/api/promotion/${id}/actions/add_product_offices/`,
      payload: { products: [productIds[0]], offices: [officeIds[0]] },
    });
    expect(managed.statusCode, managed.body).toBe(200);
  });
});
