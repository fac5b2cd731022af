/**
 * Gestión de Productos and the product wizard (issue 13; SPEC §7 Products, §4 'Product save
 * status', §9 steps 0, 1, 2 and delete 204) against a real database: the step hash lifecycle,
 * create / edit / clone in one transaction and idempotent on the hash, the rate CSV checks row by
 * row, the image checks, delete refused while in use, and permission refusals.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { RATE_CSV_TEMPLATE } from '../../src/contracts/productWizard';
import {
  coverages,
  currencies,
  offices,
  productDrafts,
  productRates,
  products,
  productTypes,
  suppliers,
  vouchers,
  zones,
} from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let adminAuth: string;
let ids: {
  type: number;
  supplier: number;
  zones: number[];
  offices: number[];
  coverage: number;
  currency: number;
};

function multipart(parts: { name: string; value?: string; filename?: string; data?: Buffer }[]) {
  const boundary = `----producttest${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.data ?? Buffer.alloc(0),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadCsv(kind: string, csv: string | Buffer, auth = adminAuth, filename = 'tarifa.csv') {
  const body = multipart([
    { name: 'tipoTarifa', value: kind },
    { name: 'file', filename, data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) },
  ]);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/csv_upload/',
    payload: body.payload,
    headers: { ...body.headers, authorization: auth },
  });
}

async function rateHash(kind: 'general' | 'particular', csv = RATE_CSV_TEMPLATE): Promise<string> {
  const response = await uploadCsv(kind, csv);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ hash: string }>().hash;
}

const step0 = (overrides: Record<string, unknown> = {}) => ({
  short_name: 'TEST-1',
  long_name: 'Producto de prueba',
  url_image: '',
  is_enabled: true,
  product_type_id: ids.type,
  supplier_id: ids.supplier,
  zones: ids.zones,
  offices: ids.offices,
  ...overrides,
});
const step1 = () => ({
  product_coverage: [{ coverage_id: ids.coverage, limit_amount: '30000', currency_id: ids.currency }],
});

async function saveStep(body: Record<string, unknown>, auth = adminAuth) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/step/',
    payload: body,
    headers: { authorization: auth },
  });
}

/** Runs the three steps and answers the draft's hash. */
async function draft(
  mode: 'create' | 'clone' | 'edit',
  data: { s0?: Record<string, unknown>; s2?: Record<string, unknown>; productId?: number } = {},
): Promise<string> {
  let hash: string | null = null;
  const steps = [
    step0(data.s0),
    step1(),
    data.s2 ?? { general_rate: await rateHash('general'), particular_rates: [] },
  ];
  for (const [step, stepData] of steps.entries()) {
    const response = await saveStep({ hash, mode, product_id: data.productId ?? null, step, data: stepData });
    expect(response.statusCode, response.body).toBe(200);
    hash = response.json<{ hash: string }>().hash;
  }
  return hash!;
}

beforeAll(async () => {
  testApp = await createTestApp();
  adminAuth = await testApp.login('admin');
  admin = as(testApp, adminAuth);
  const db = testApp.context.db;
  const [type] = await db.select({ id: productTypes.id }).from(productTypes).limit(1);
  const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).limit(1);
  const zoneRows = await db.select({ id: zones.id }).from(zones).limit(2);
  const officeRows = await db.select({ id: offices.id }).from(offices).limit(2);
  const [coverage] = await db.select({ id: coverages.id }).from(coverages).limit(1);
  const [usd] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.shortName, 'USD'));
  ids = {
    type: type!.id,
    supplier: supplier!.id,
    zones: zoneRows.map((row) => row.id),
    offices: officeRows.map((row) => row.id),
    coverage: coverage!.id,
    currency: usd!.id,
  };
  expect(ids.offices.length).toBe(2);
});

afterAll(async () => {
  await testApp?.close();
});

describe('rate CSV (POST /csv_upload/)', () => {
  it('accepts the README template and answers a hash with its row count', async () => {
    const response = await uploadCsv('general', RATE_CSV_TEMPLATE);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ rows: 6, kind: 'general', file_name: 'tarifa.csv' });
    expect(response.json<{ hash: string }>().hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists every bad row and column in Spanish and keeps nothing', async () => {
    const before = await testApp.context.db.execute(sql`select count(*)::int as n from rate_uploads`);
    const csv = [
      'dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda',
      '1,7,0,64,25,USD', // line 2: fine
      '8,15,0,64,-5,USD', // line 3: negative price
      '16,20,0,64,40,XYZ', // line 4: unknown currency
      '5,10,30,40,20,USD', // line 5: overlaps line 2 (days 5-7, ages 30-40)
      '30,21,0,64,10,USD', // line 6: days_to before days_from
      'a,30,0,64,10,USD', // line 7: not an integer
      '31,60,0,64,1.234,USD', // line 8: three decimals
      '61,90,0,64', // line 9: four columns
      '91,400,0,64,10,USD', // line 10: days out of range
      '91,120,0,200,10,USD', // line 11: age out of range
      '121,150,0,64,,USD', // line 12: price missing
    ].join('\n');
    const response = await uploadCsv('general', csv);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ file: string[]; rows: string[] }>();
    expect(body.file).toEqual(['El archivo tiene 10 errores; corríjalos y vuelva a subirlo.']);
    expect(body.rows).toEqual([
      'Fila 3, columna precio: el precio no puede ser negativo',
      'Fila 4, columna moneda: la moneda «XYZ» no existe (use un código ISO como USD)',
      'Fila 5, columna dias_desde: la banda se superpone con la fila 2 (mismos días y edades)',
      'Fila 6, columna dias_hasta: debe ser mayor o igual que dias_desde',
      'Fila 7, columna dias_desde: debe ser un número entero',
      'Fila 8, columna precio: debe ser un número con hasta 2 decimales (punto o coma decimal)',
      'Fila 9, columna *: tiene 4 columnas, se esperan 6',
      'Fila 10, columna dias_hasta: los días van de 1 a 365',
      'Fila 11, columna edad_hasta: la edad va de 0 a 120',
      'Fila 12, columna precio: falta el valor',
    ]);
    const after = await testApp.context.db.execute(sql`select count(*)::int as n from rate_uploads`);
    expect((after as { rows: unknown[] }).rows).toEqual((before as { rows: unknown[] }).rows);
  });

  it('refuses a non-CSV file, a wrong header, an empty file, a file too large and a bad kind', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const binary = await uploadCsv('general', png, adminAuth, 'tarifa.csv');
    expect([binary.statusCode, binary.json().file]).toEqual([
      400,
      ['El archivo no es un CSV de texto (UTF-8, separado por comas o punto y coma).'],
    ]);
    const header = await uploadCsv('general', 'desde,hasta,precio\n1,2,3\n');
    expect(header.json().file[0]).toMatch(/^La primera fila debe ser el encabezado/);
    const empty = await uploadCsv('general', 'dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n');
    expect(empty.json().file).toEqual(['El archivo no tiene filas de tarifa.']);
    const huge = await uploadCsv('general', Buffer.alloc(3 * 1024 * 1024, 'a'));
    expect([huge.statusCode, huge.json().file]).toEqual([413, ['El archivo supera el máximo de 512 KB.']]);
    const kind = await uploadCsv('especial', RATE_CSV_TEMPLATE);
    expect([kind.statusCode, kind.json().tipoTarifa]).toEqual([
      400,
      ['Indique el tipo de tarifa: general o particular.'],
    ]);
    const notMultipart = await admin({ method: 'POST', url: '/api/csv_upload/', payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('accepts semicolons and decimal commas', async () => {
    const csv = 'dias_desde;dias_hasta;edad_desde;edad_hasta;precio;moneda\n1;7;0;64;25,50;usd\n';
    const response = await uploadCsv('particular', csv);
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('the wizard (POST /step/, /productCreate/, /productEdit/)', () => {
  let createdId = 0;

  it('refuses a step that fails its schema with the spec messages, at each field', async () => {
    const response = await saveStep({
      hash: null,
      mode: 'create',
      step: 0,
      data: {
        ...step0(),
        short_name: '',
        long_name: '',
        product_type_id: null,
        supplier_id: null,
        zones: [],
        offices: [],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      short_name: ['Ingrese una abreviatura'],
      long_name: ['Ingrese un Nombre'],
      product_type_id: ['Ingrese categoría'],
      supplier_id: ['Ingrese un proveedor'],
      zones: ['Seleccione al menos una zona'],
      offices: ['Seleccione al menos una oficina'],
    });
    const coveragesMissing = await saveStep({
      hash: null,
      mode: 'create',
      step: 1,
      data: { product_coverage: [] },
    });
    expect(coveragesMissing.json()).toEqual({ product_coverage: ['Agregue al menos una cobertura'] });
    const negative = await saveStep({
      hash: null,
      mode: 'create',
      step: 1,
      data: {
        product_coverage: [{ coverage_id: ids.coverage, limit_amount: '-3', currency_id: ids.currency }],
      },
    });
    expect(negative.json()).toEqual({
      'product_coverage.0.limit_amount': [messages.amounts.negative],
    });
  });

  it('creates the product with zones, offices, coverages and rates in one call; a retry makes no second product', async () => {
    const particular = await rateHash(
      'particular',
      'dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n1,30,0,99,10,USD\n',
    );
    const hash = await draft('create', {
      s2: {
        general_rate: await rateHash('general'),
        particular_rates: [{ office_id: ids.offices[0], hash: particular }],
      },
    });
    const first = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    expect(first.statusCode, first.body).toBe(200);
    const { status, id } = first.json<{ status: string; id: number }>();
    expect(status).toBe('OK');
    createdId = id;
    const retry = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    expect(retry.json()).toEqual({ status: 'OK', id });
    const count = await testApp.context.db.select().from(products).where(eq(products.shortName, 'TEST-1'));
    expect(count).toHaveLength(1);
    const detail = await admin({ method: 'GET', url: `/api/product/${id}/` });
    expect(detail.json()).toMatchObject({
      short_name: 'TEST-1',
      zones: expect.arrayContaining([expect.objectContaining({ id: ids.zones[0] })]),
      product_coverage: [expect.objectContaining({ coverage_id: ids.coverage, limit_amount: '30000.00' })],
      rate_counts: { general: 6, particular: { [String(ids.offices[0])]: 1 } },
    });
    const rates = await admin({ method: 'GET', url: `/api/rateDetail/${id}/` });
    expect(rates.json().rates).toHaveLength(7);
    expect(rates.json().rates[0]).toMatchObject({
      office: null,
      days_from: 1,
      days_to: 7,
      price: '25.00',
      currency: 'USD',
    });
    // The history records the create.
    const history = await testApp.context.db.execute(
      sql`select action from audit_log where entity = 'product' and record_id = ${String(id)}`,
    );
    expect((history as { rows: unknown[] }).rows).toEqual([{ action: 'create' }]);
  });

  it('refuses a create without a general rate and keeps the draft for a retry', async () => {
    const hash = await draft('create', {
      s0: { short_name: 'TEST-2' },
      s2: { general_rate: null, particular_rates: [] },
    });
    const refused = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { general_rate: ['Suba el archivo de la tarifa general'] },
    ]);
    // Nothing half-saved.
    expect(
      await testApp.context.db.select().from(products).where(eq(products.shortName, 'TEST-2')),
    ).toHaveLength(0);
    const fixed = await saveStep({
      hash,
      mode: 'create',
      step: 2,
      data: { general_rate: await rateHash('general') },
    });
    expect(fixed.statusCode).toBe(200);
    const retried = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    expect(retried.json()).toMatchObject({ status: 'OK' });
  });

  it('refuses a particular rate for an office the product does not have, and a rate uploaded as another kind', async () => {
    const [other] = await testApp.context.db
      .select({ id: offices.id })
      .from(offices)
      .where(
        sql`${offices.id} not in (${sql.join(
          ids.offices.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .limit(1);
    const general = await rateHash('general');
    const hash = await draft('create', {
      s0: { short_name: 'TEST-3' },
      s2: { general_rate: general, particular_rates: [{ office_id: other!.id, hash: general }] },
    });
    const refused = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    expect(refused.json()).toEqual({
      'particular_rates.0.office_id': ['Elija una de las oficinas del producto'],
    });
  });

  it('refuses an unknown, foreign or expired hash, at the final call and at a step', async () => {
    const draftGone = {
      hash: ['El borrador del asistente expiró o no le pertenece. Vuelva a guardar los pasos.'],
    };
    const unknown = await admin({
      method: 'POST',
      url: '/api/productCreate/',
      payload: { hash: 'f'.repeat(64) },
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, draftGone]);
    const malformed = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash: 'nope' } });
    expect(malformed.statusCode).toBe(400);

    // Another user's draft: as if it did not exist.
    const foreign = await draft('create', { s0: { short_name: 'TEST-4' } });
    const [owner] = await testApp.context.db
      .select()
      .from(productDrafts)
      .where(eq(productDrafts.hash, foreign));
    const others = await testApp.context.db.execute(
      sql`select id from users where id <> ${owner!.userId} order by id limit 1`,
    );
    const otherId = Number((others as { rows: { id: number }[] }).rows[0]!.id);
    await testApp.context.db
      .update(productDrafts)
      .set({ userId: otherId })
      .where(eq(productDrafts.hash, foreign));
    const foreignCreate = await admin({
      method: 'POST',
      url: '/api/productCreate/',
      payload: { hash: foreign },
    });
    expect([foreignCreate.statusCode, foreignCreate.json()]).toEqual([404, draftGone]);
    const foreignStep = await saveStep({ hash: foreign, mode: 'create', step: 1, data: step1() });
    expect([foreignStep.statusCode, foreignStep.json()]).toEqual([404, draftGone]);

    // An expired draft.
    const expired = await draft('create', { s0: { short_name: 'TEST-5' } });
    await testApp.context.db
      .update(productDrafts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(productDrafts.hash, expired));
    const expiredCreate = await admin({
      method: 'POST',
      url: '/api/productCreate/',
      payload: { hash: expired },
    });
    expect([expiredCreate.statusCode, expiredCreate.json()]).toEqual([404, draftGone]);
    const expiredStep = await saveStep({ hash: expired, mode: 'create', step: 1, data: step1() });
    expect(expiredStep.statusCode).toBe(404);
    expect(
      await testApp.context.db.select().from(products).where(eq(products.shortName, 'TEST-5')),
    ).toHaveLength(0);
  });

  it('edits the coverages and keeps the rates when no new file is given', async () => {
    const hash = await draft('edit', {
      productId: createdId,
      s0: { long_name: 'Producto de prueba editado' },
      s2: { general_rate: null, particular_rates: [] },
    });
    const create = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    expect(create.statusCode).toBe(409);
    const edited = await admin({ method: 'POST', url: '/api/productEdit/', payload: { hash } });
    expect(edited.json()).toEqual({ status: 'OK', id: createdId });
    const detail = (await admin({ method: 'GET', url: `/api/product/${createdId}/` })).json();
    expect(detail.long_name).toBe('Producto de prueba editado');
    expect(detail.rate_counts.general).toBe(6);
  });

  it('clones everything but the identity, rates in one statement; same names refused', async () => {
    const sameNames = await draft('clone', {
      productId: createdId,
      s0: { short_name: 'TEST-1', long_name: 'Producto de prueba editado' },
      s2: { general_rate: null, particular_rates: [] },
    });
    const refused = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash: sameNames } });
    expect(refused.json()).toEqual({
      short_name: ['Ingrese un nombre distinto del producto original.'],
      long_name: ['Ingrese un nombre distinto del producto original.'],
    });
    const hash = await draft('clone', {
      productId: createdId,
      s0: { short_name: 'TEST-1C', long_name: 'Clon de prueba' },
      s2: { general_rate: null, particular_rates: [] },
    });
    const cloned = await admin({ method: 'POST', url: '/api/productCreate/', payload: { hash } });
    const { id } = cloned.json<{ id: number }>();
    expect(id).not.toBe(createdId);
    const rates = await testApp.context.db.select().from(productRates).where(eq(productRates.productId, id));
    expect(rates).toHaveLength(7);
  });

  it('replaces one office rate (POST /updateOfficeRate/)', async () => {
    const hash = await rateHash(
      'particular',
      'dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n1,10,0,99,11,USD\n11,20,0,99,12,USD\n',
    );
    const response = await admin({
      method: 'POST',
      url: '/api/updateOfficeRate/',
      payload: { product_id: createdId, office_id: ids.offices[0], hash },
    });
    expect(response.json()).toMatchObject({ status: 'OK', rows: 2 });
    const outside = await admin({
      method: 'POST',
      url: '/api/updateOfficeRate/',
      payload: { product_id: createdId, office_id: 999999, hash },
    });
    expect(outside.json()).toEqual({ office_id: ['La oficina no pertenece al producto.'] });
  });

  it('deletes an unused product (204) and refuses one in use by vouchers, offering to disable it', async () => {
    const [used] = await testApp.context.db
      .select({ id: vouchers.productId })
      .from(vouchers)
      .where(isNotNull(vouchers.productId))
      .limit(1);
    const refused = await admin({ method: 'DELETE', url: `/api/product/${used!.id}/` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(
      /^No se puede eliminar este producto: lo usan \d+ vouchers?\. Puede deshabilitarlo/,
    );
    const disabled = await admin({
      method: 'POST',
      url: `/api/product/${used!.id}/actions/disable/`,
      payload: {},
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ is_enabled: false });
    const removed = await admin({ method: 'DELETE', url: `/api/product/${createdId}/` });
    expect(removed.statusCode).toBe(204);
  });
});

describe('the list (GET /product/)', () => {
  it('filters by category and supplier names and joins them into each row', async () => {
    const [type] = await testApp.context.db
      .select({ id: productTypes.id, name: productTypes.longName })
      .from(productTypes)
      .where(eq(productTypes.id, ids.type));
    const page = await admin({
      method: 'GET',
      url: `/api/product/?limit=50&product_type=${encodeURIComponent(type!.name)}`,
    });
    const rows = page.json<{ results: { product_type: number; product_type_name: string }[] }>().results;
    expect(rows.length).toBeGreaterThan(0);
    // Editing is offered per row (the wizard does it), as are delete and disable.
    expect(page.json().results[0].allowed_actions).toEqual(['remove', 'disable', 'update']);
    expect(rows.every((row) => row.product_type_name.toLowerCase().includes(type!.name.toLowerCase()))).toBe(
      true,
    );
  });
});

describe('image upload (POST /upload_image/)', () => {
  const send = (data: Buffer, auth = adminAuth) => {
    const body = multipart([{ name: 'file', filename: 'foto.png', data }]);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/upload_image/',
      payload: body.payload,
      headers: { ...body.headers, authorization: auth },
    });
  };

  it('accepts PNG, JPEG and WebP (re-encoded) and serves them', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
        [format]()
        .toBuffer();
      const response = await send(data);
      expect(response.statusCode, response.body).toBe(201);
      const served = await admin({ method: 'GET', url: `/api/product_image/${response.json().id}/` });
      expect(served.headers['content-type']).toBe(`image/${format}`);
    }
  });

  it('refuses other content, a fake extension and a too large file', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await send(gif)).statusCode).toBe(415);
    expect((await send(Buffer.from('not an image'))).json()).toEqual({
      file: ['La imagen no es un PNG, JPEG o WebP válido.'],
    });
    const big = await send(Buffer.alloc(6 * 1024 * 1024, 1));
    expect([big.statusCode, big.json()]).toEqual([413, { file: ['La imagen supera el máximo de 5 MB.'] }]);
  });
});

describe('permissions and bad input', () => {
  it('refuses writes without product/add and reads without product/view', async () => {
    const viewer = await testApp.login('proveedor');
    const noView = await testApp.login('soporte_pais');
    const asViewer = as(testApp, viewer);
    expect((await asViewer({ method: 'GET', url: '/api/product/' })).statusCode).toBe(200);
    expect((await saveStep({ hash: null, mode: 'create', step: 0, data: step0() }, viewer)).statusCode).toBe(
      403,
    );
    expect(
      (await asViewer({ method: 'POST', url: '/api/productCreate/', payload: { hash: 'a'.repeat(64) } }))
        .statusCode,
    ).toBe(403);
    expect((await uploadCsv('general', RATE_CSV_TEMPLATE, viewer)).statusCode).toBe(403);
    expect((await asViewer({ method: 'DELETE', url: '/api/product/1/' })).statusCode).toBe(403);
    expect((await as(testApp, noView)({ method: 'GET', url: '/api/rateDetail/1/' })).statusCode).toBe(403);
    const image = multipart([{ name: 'file', filename: 'a.png', data: Buffer.from('x') }]);
    const imageRefused = await testApp.app.inject({
      method: 'POST',
      url: '/api/upload_image/',
      payload: image.payload,
      headers: { ...image.headers, authorization: viewer },
    });
    expect(imageRefused.statusCode).toBe(403);
    const officeRate = await asViewer({
      method: 'POST',
      url: '/api/updateOfficeRate/',
      payload: { product_id: 1, office_id: 1, hash: 'a'.repeat(64) },
    });
    expect(officeRate.statusCode).toBe(403);
    expect(
      (await asViewer({ method: 'POST', url: '/api/product/1/actions/disable/', payload: {} })).statusCode,
    ).toBe(403);
    const list = await asViewer({ method: 'GET', url: '/api/product/?limit=1' });
    expect(list.json().results[0].allowed_actions).toEqual([]);
  });

  it('never answers 500 to malformed bodies', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'x',
      { step: 7 },
      { mode: 'x', step: 0, data: {} },
      { hash: 5, mode: 'create', step: 0, data: [] },
      { mode: 'edit', step: 0, data: step0() },
    ];
    for (const payload of bodies) {
      const response = await admin({
        method: 'POST',
        url: '/api/step/',
        payload: payload as object,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    for (const url of [
      '/api/rateDetail/abc/',
      '/api/rateDetail/99999999999/',
      '/api/product_image/xyz/',
      '/api/product/0/',
    ]) {
      expect((await admin({ method: 'GET', url })).statusCode).toBe(404);
    }
    const overflow = await admin({
      method: 'POST',
      url: '/api/updateOfficeRate/',
      payload: { product_id: 1e12, office_id: 1, hash: 'x' },
    });
    expect(overflow.statusCode).toBe(400);
  });
});

describe('the README template', () => {
  it('is the template the wizard offers and the server accepts', async () => {
    const file = readFileSync(path.resolve(import.meta.dirname, '../../docs/tarifa_plantilla.csv'), 'utf8');
    expect(file).toBe(RATE_CSV_TEMPLATE);
  });
});
