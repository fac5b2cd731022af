/**
 * Master-data modules on the resource engine (issue 3; spec sections 2, 3, 5, 6, 7): for every
 * module list, each filter, create, detail, update, delete, bad input answered with Spanish
 * field errors, unique violations, bad references, permission refusals and selectors.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { historyPageSchema } from '../../src/contracts/engine';
import { SELECTOR_LIMIT } from '../../src/contracts/http';
import { messages } from '../../src/contracts/messages';
import { MODULE_CONTRACTS } from '../../src/contracts/moduleContracts';
import { MODULE_KEYS, type ModuleKey } from '../../src/contracts/moduleTable';
import { officeContract } from '../../src/contracts/offices';
import { productContract } from '../../src/contracts/products';
import { promotionContract } from '../../src/contracts/promotions';
import { refundReviewContract } from '../../src/contracts/refund/review';
import {
  blacklistContract,
  businessUnitContract,
  countryContract,
  coverageContract,
  currencyContract,
  paxContract,
  productSpertaContract,
  productSpertaListResponseSchema,
  productSpertaResponseSchema,
  productTypeContract,
  type ResourceContract,
  supplierContract,
  tagContract,
  zoneContract,
} from '../../src/contracts/resources';
import { ROLES } from '../../src/contracts/roles';
import { currencies as staticCurrencies } from '../../src/contracts/static';
import { groupContract, permissionContract, userContract } from '../../src/contracts/users';
import { tableAnnouncements, UNHEARD_BOUND_MS } from '../../src/server/cache/tableMemory';
import { refunds, vouchers } from '../../src/server/db/schema';
import { DEMO_PASSENGER_COUNT, demoPassengers } from '../../src/server/db/seed/masterData';
import { as, createTestApp, type TestApp } from './support';

const text = messages.resources;
type Row = Record<string, unknown>;
type Page = { count: number; next: string | null; previous: string | null; results: Row[] };
type Request = ReturnType<typeof as>;

let testApp: TestApp;
let admin: Request;
const ids = { usd: 0, argentina: 0, uruguay: 0, product: 0 };
const sessions = new Map<string, Request>();

async function session(username: string): Promise<Request> {
  let request = sessions.get(username);
  if (!request) {
    request = as(testApp, await testApp.login(username));
    sessions.set(username, request);
  }
  return request;
}

async function list(path: string, query = ''): Promise<Page> {
  const response = await admin({ method: 'GET', url: `/api${path}${query ? `?${query}` : ''}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await session('admin');
  const usd = await list('/currency/', 'short_name=USD');
  ids.usd = usd.results.find((row) => row.short_name === 'USD')!.id as number;
  const countries = await list('/country/', `limit=${SELECTOR_LIMIT}`);
  ids.argentina = countries.results.find((row) => row.short_name === 'ARG')!.id as number;
  ids.uruguay = countries.results.find((row) => row.short_name === 'URY')!.id as number;
  const sperta = await list('/product_sperta/', 'limit=1');
  ids.product = sperta.results[0].product as number;
});
afterAll(async () => testApp.close());

interface ModuleCase {
  name: string;
  contract: ResourceContract & { entity: z.ZodObject };
  create: () => Row;
  update: (created: Row) => Row;
  /** The field the update changes and its new value. */
  changed: [string, unknown];
  required: Record<string, string>;
  wrongType: [string, unknown, string];
  tooLong: [string, number];
  /** A clashing value, and the message when it is not the generic one. */
  duplicate?: [string, string, string?];
  /** Filter queries and what every matching row must satisfy. */
  filters: [string, (row: Row) => boolean][];
  /** A demo row in use by others, with its search query (delete answers 409). */
  inUse?: string;
  /** A role without view, and a role with view but without add. */
  noView: string;
  viewOnly?: string;
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}`;
const includes = (field: string, term: string) => (row: Row) =>
  String(row[field]).toLocaleLowerCase('es').includes(term.toLocaleLowerCase('es'));

/** The full write-and-read conformance, by module. */
const FULL_CASES = {
  zonas: {
    name: 'zones',
    contract: zoneContract,
    create: () => ({ short_name: unique('ZT'), long_name: 'Zona de prueba' }),
    update: (created) => ({ short_name: created.short_name, long_name: 'Zona de prueba editada' }),
    changed: ['long_name', 'Zona de prueba editada'],
    required: { short_name: text.shortNameRequired, long_name: text.longNameRequired },
    wrongType: ['short_name', 12, text.mustBeText],
    tooLong: ['short_name', 50],
    duplicate: ['short_name', 'nac'],
    filters: [
      ['short_name=mun', includes('short_name', 'mun')],
      ['long_name=AMÉRICA', includes('long_name', 'américa')],
    ],
    inUse: 'short_name=NAC',
    noView: 'ejecutivo',
    viewOnly: 'supervisor',
  },
  paises: {
    name: 'countries',
    contract: countryContract,
    create: () => ({
      short_name: unique('T'),
      long_name: 'República de Prueba',
      url_redirect: 'https://b2b.example.com/tst',
      currency: ids.usd,
    }),
    update: (created) => ({ short_name: created.short_name, long_name: 'Prueba', currency: null }),
    changed: ['currency', null],
    required: { short_name: text.shortNameRequired, long_name: text.longNameRequired },
    wrongType: ['url_redirect', 'ftp://nope', text.invalidUrl],
    tooLong: ['long_name', 150],
    duplicate: ['short_name', 'arg'],
    filters: [
      ['long_name=argen', includes('long_name', 'argen')],
      ['short_name=UR', includes('short_name', 'ur')],
      ['ident=5', (row) => row.ident === 5 && row.long_name === 'Argentina'],
    ],
    noView: 'proveedor',
    viewOnly: 'ejecutivo',
  },
  currencies: {
    name: 'currencies',
    contract: currencyContract,
    create: () => ({
      short_name: unique('QQ'),
      long_name: 'Moneda de prueba',
      value: '12,5',
      symbol: 'Q$',
      country: ids.argentina,
    }),
    update: (created) => ({ ...created, value: 3, is_enabled: true, id: undefined }),
    changed: ['value', '3.000000'],
    required: {
      short_name: text.shortNameRequired,
      long_name: text.longNameRequired,
      value: text.valueRequired,
      symbol: text.symbolRequired,
    },
    wrongType: ['value', 'doce', messages.amounts.unreadable],
    tooLong: ['short_name', 10],
    duplicate: ['short_name', 'usd'],
    filters: [
      ['short_name=ar', (row) => includes('short_name', 'ar')(row) && row.is_enabled === true],
      ['long_name=peso', (row) => includes('long_name', 'peso')(row) && row.is_enabled === true],
      ['enabled=false', (row) => row.is_enabled === false],
      ['enabled=all&long_name=dólar', includes('long_name', 'dólar')],
    ],
    noView: 'proveedor',
    viewOnly: 'ejecutivo',
  },
  proveedores: {
    name: 'suppliers',
    contract: supplierContract,
    create: () => ({
      short_name: unique('PROV'),
      long_name: 'Proveedor de prueba',
      phone_contact: '541148001234',
      email_contact: 'contacto@prueba.example.com',
    }),
    update: (created) => ({
      short_name: created.short_name,
      long_name: 'Proveedor de prueba',
      phone_contact: '541100000000',
      email_contact: 'otro@prueba.example.com',
    }),
    changed: ['phone_contact', '541100000000'],
    required: {
      short_name: text.shortNameRequired,
      long_name: text.longNameRequired,
      phone_contact: text.phoneRequired,
      email_contact: text.emailRequired,
    },
    wrongType: ['phone_contact', '11-4800', messages.common.mustBeNumeric],
    tooLong: ['long_name', 255],
    duplicate: ['short_name', 'ASISTMED'],
    filters: [
      ['long_name=asist', includes('long_name', 'asist')],
      ['short_name=global', includes('short_name', 'global')],
    ],
    inUse: 'short_name=ASISTMED',
    noView: 'ejecutivo',
    viewOnly: 'proveedor',
  },
  categorias: {
    name: 'categories',
    contract: productTypeContract,
    create: () => ({ short_name: unique('CAT'), long_name: 'Categoría de prueba' }),
    update: (created) => ({ short_name: created.short_name, long_name: 'Categoría editada' }),
    changed: ['long_name', 'Categoría editada'],
    required: { short_name: text.shortNameRequired, long_name: text.longNameRequired },
    wrongType: ['long_name', true, text.mustBeText],
    tooLong: ['long_name', 255],
    duplicate: ['short_name', 'viaje'],
    filters: [
      ['short_name=anu', includes('short_name', 'anu')],
      ['long_name=CRUC', includes('long_name', 'cruc')],
    ],
    inUse: 'short_name=VIAJE',
    noView: 'ejecutivo',
    viewOnly: 'supervisor',
  },
  tags: {
    name: 'tags',
    contract: tagContract,
    create: () => ({ short_name: unique('TAG'), long_name: 'Tag de prueba' }),
    update: (created) => ({ short_name: created.short_name, long_name: 'Tag editado' }),
    changed: ['long_name', 'Tag editado'],
    required: { short_name: text.shortNameRequired, long_name: text.longNameRequired },
    wrongType: ['short_name', ['A'], text.mustBeText],
    tooLong: ['short_name', 50],
    duplicate: ['short_name', 'promo'],
    filters: [
      ['short_name=b2', includes('short_name', 'b2')],
      ['long_name=tempo', includes('long_name', 'tempo')],
    ],
    noView: 'ejecutivo',
    viewOnly: 'supervisor',
  },
  unidad_negocio: {
    name: 'business units',
    contract: businessUnitContract,
    create: () => ({ short_name: unique('UN'), long_name: 'Unidad de prueba', country: ids.argentina }),
    update: (created) => ({
      short_name: created.short_name,
      long_name: 'Unidad de prueba',
      country: ids.uruguay,
      enabled: false,
    }),
    changed: ['enabled', false],
    required: { short_name: text.shortNameRequired, long_name: text.longNameRequired },
    wrongType: ['enabled', 'si', text.mustBeBoolean],
    tooLong: ['long_name', 255],
    duplicate: ['short_name', 'un-arg'],
    filters: [
      ['short_name=un-a', includes('short_name', 'un-a')],
      ['long_name=chile', includes('long_name', 'chile')],
      [
        'country_name=urug',
        (row) => (row.countryInfo as { long_name: string } | null)?.long_name === 'Uruguay',
      ],
      ['enabled=true', (row) => row.enabled === true],
    ],
    noView: 'ejecutivo',
    viewOnly: 'supervisor',
  },
  coberturas: {
    name: 'coverages',
    contract: coverageContract,
    create: () => ({
      short_name: unique('COB'),
      long_name_es: 'Cobertura de prueba',
      long_name_en: 'Test coverage',
      description: 'Una cobertura para las pruebas.',
      required_items: ['Factura'],
    }),
    update: (created) => ({
      short_name: created.short_name,
      long_name_es: 'Cobertura de prueba',
      description: 'Descripción editada',
      is_multi_cause: true,
    }),
    changed: ['is_multi_cause', true],
    required: {
      short_name: text.shortNameRequired,
      long_name_es: text.longNameRequired,
      description: text.descriptionRequired,
    },
    wrongType: ['required_items', 'Factura', text.mustBeList],
    tooLong: ['long_name_po', 255],
    duplicate: ['short_name', 'GM-ENF'],
    filters: [
      [
        'search=equipaje',
        (row) =>
          [row.long_name_es, row.long_name_en, row.long_name_po, row.short_name].some((name) =>
            String(name).toLowerCase().includes('equipaje'),
          ),
      ],
      ['search=BAGGAGE', includes('long_name_en', 'baggage')],
      ['long_name_es=médicos', includes('long_name_es', 'médicos')],
      ['long_name_en=medical', includes('long_name_en', 'medical')],
      ['long_name_po=bagagem', includes('long_name_po', 'bagagem')],
      ['short_name=repat', includes('short_name', 'repat')],
      ['description=EQUIPAJE', includes('description', 'equipaje')],
    ],
    inUse: 'short_name=GM-ENF',
    noView: 'proveedor',
    viewOnly: 'ejecutivo',
  },
  producto_sperta: {
    name: 'Sperta products',
    contract: productSpertaContract,
    create: () => ({
      sperta_code: unique('SP-TEST-'),
      product: ids.product,
      country: ids.argentina,
      sperta_gravado: '10.50',
      sperta_no_gravado: 3,
    }),
    update: (created) => ({
      sperta_code: created.sperta_code,
      product: ids.product,
      country: ids.uruguay,
      sperta_gravado: '11',
      sperta_no_gravado: '4,25',
    }),
    changed: ['sperta_no_gravado', '4.25'],
    required: {
      sperta_code: text.idRequired,
      product: text.productRequired,
      country: text.countryRequired,
      sperta_gravado: text.amountRequired,
      sperta_no_gravado: text.amountRequired,
    },
    wrongType: ['sperta_gravado', '1,2345', messages.amounts.tooManyDecimals(2, null)],
    tooLong: ['sperta_code', 50],
    duplicate: ['sperta_code', 'sp-arg-1001'],
    filters: [
      ['sperta_code=arg', includes('sperta_code', 'arg')],
      ['product_name=europa', includes('product_name', 'europa')],
      ['country_name=URUG', (row) => row.country_name === 'Uruguay'],
    ],
    noView: 'supervisor',
  },
  pasajeros: {
    name: 'passengers',
    contract: paxContract,
    create: () => ({
      name: 'Ana',
      surname: 'Prueba',
      phone: '5491155550000',
      doc_number: String(90_000_000 + ++sequence),
      birth_date: '15/05/1980',
      country: ids.argentina,
      email: 'ana.prueba@correo.example.com',
      nationality: ids.uruguay,
    }),
    update: (created) => ({ ...created, id: undefined, doc_type: 'PASAPORTE' }),
    changed: ['doc_type', 'PASAPORTE'],
    required: {
      name: text.nameRequired,
      surname: text.paxSurnameRequired,
      doc_number: text.documentRequired,
      birth_date: text.birthDateRequired,
      country: text.countryRequired,
      email: text.paxEmailRequired,
      nationality: text.nationalityRequired,
    },
    wrongType: ['doc_number', '30.111.222', messages.common.mustBeNumeric],
    tooLong: ['surname', 150],
    filters: [
      ['doc_type=DNI', (row) => row.doc_type === 'DNI'],
      ['name=gonz', (row) => includes('name', 'gonz')(row) || includes('surname', 'gonz')(row)],
      ['surname=ez', includes('surname', 'ez')],
    ],
    noView: 'proveedor',
    // Administracion holds pax/view and voucher/add: it may create (section 2) but not edit.
    viewOnly: 'administracion',
  },
  blacklist: {
    name: 'blacklist',
    contract: blacklistContract,
    create: () => ({
      docnumber: String(95_000_000 + ++sequence),
      first_name: 'Carlos',
      last_name: 'Listado',
      desde: '01/01/2024',
      hasta: '2024-12-31',
    }),
    update: (created) => ({
      docnumber: created.doc_number,
      first_name: 'Carlos',
      last_name: 'Listado',
      desde: '2024-01-01',
      hasta: '',
    }),
    changed: ['date_to', null],
    required: {
      docnumber: text.docNumberRequired,
      first_name: text.nameRequired,
      last_name: text.surnameRequired,
      desde: text.dateRequired,
    },
    wrongType: ['desde', '2024-02-30', messages.common.dateInvalid],
    tooLong: ['last_name', 150],
    filters: [
      ['name=a', includes('name', 'a')],
      ['surname=ez', includes('surname', 'ez')],
    ],
    noView: 'supervisor',
  },
  promociones: {
    // Issue 14: Promociones (SPEC §2 filters on long_name, description, promotion_type).
    name: 'promotions',
    contract: promotionContract,
    create: () => ({
      short_name: unique('PR'),
      long_name: 'Promoción de prueba',
      description: 'Temporada de prueba',
      reservation_date_from: '01/01/2027',
      reservation_date_to: '31/01/2027',
      travel_date_from: '2027-01-15',
      travel_date_to: '2027-02-28',
      total_days: 10,
      promotion_type: 'venta',
    }),
    update: (created) => ({
      short_name: created.short_name,
      long_name: 'Promoción editada',
      description: 'Temporada de prueba',
      reservation_date_from: '01/01/2027',
      reservation_date_to: '31/01/2027',
      travel_date_from: '2027-01-15',
      travel_date_to: '2027-02-28',
      total_days: 10,
      promotion_type: 'proveedor',
    }),
    changed: ['promotion_type', 'proveedor'],
    required: {
      short_name: messages.promotions.shortNameRequired,
      long_name: messages.promotions.longNameRequired,
      reservation_date_from: messages.promotions.dateRequired,
    },
    wrongType: ['total_days', 'diez', messages.promotions.totalDaysInvalid],
    tooLong: ['short_name', 50],
    filters: [
      ['long_name=VERANO', includes('long_name', 'verano')],
      ['description=temporada', includes('description', 'temporada')],
      ['promotion_type=prov', (row) => row.promotion_type === 'proveedor'],
    ],
    noView: 'soporte',
    viewOnly: 'ejecutivo',
  },
  usuarios: {
    name: 'users',
    contract: userContract,
    create: () => {
      const username = unique('usuario_');
      return { username, email: `${username}@example.com`, password: 'Viaje-Seguro-2026', groups: [13] };
    },
    update: (created) => ({ username: created.username, email: created.email, first_name: 'Editado' }),
    changed: ['first_name', 'Editado'],
    required: {
      email: messages.permissions.emailRequired,
      username: messages.permissions.usernameRequired,
      password: messages.permissions.passwordRequired,
    },
    wrongType: ['is_active', 'si', messages.permissions.mustBeBoolean],
    tooLong: ['first_name', 150],
    duplicate: ['username', 'EJECUTIVO', messages.permissions.usernameTaken],
    filters: [
      ['username=ejec', includes('username', 'ejec')],
      ['email=AGENCIA', includes('email', 'agencia')],
    ],
    noView: 'ejecutivo',
  },
  grupos: {
    name: 'groups',
    contract: groupContract,
    create: () => ({ name: unique('Grupo '), all_permissions: ['zone/view'] }),
    update: (created) => ({ name: created.name, all_permissions: ['zone/add', 'zone/view'] }),
    changed: ['all_permissions', ['zone/add', 'zone/view']],
    required: { name: messages.permissions.nameRequired },
    wrongType: ['all_permissions', 'zone/view', messages.permissions.mustBeList],
    tooLong: ['name', 150],
    duplicate: ['name', 'AGENCIA', messages.permissions.groupNameTaken],
    filters: [['search=ADMIN', includes('name', 'admin')]],
    noView: 'ejecutivo',
  },
  oficinas: {
    // Oficinas (issue 12): the full module; its sub-records are tested in offices.test.ts.
    name: 'offices',
    contract: officeContract,
    create: () => ({ short_name: unique('OF'), long_name: 'Oficina de prueba', country: ids.argentina }),
    update: (created) => ({
      short_name: created.short_name,
      long_name: 'Oficina de prueba',
      country: ids.uruguay,
      is_enabled: false,
    }),
    changed: ['is_enabled', false],
    required: { short_name: text.shortNameRequired, long_name: text.longNameRequired },
    wrongType: ['long_name', 12, text.mustBeText],
    tooLong: ['short_name', 50],
    duplicate: ['short_name', 'casa', messages.offices.shortNameTaken],
    filters: [
      ['long_name=SUCURSAL', includes('long_name', 'sucursal')],
      ['name=rosario', includes('long_name', 'rosario')],
      ['country_name=chile', (row) => row.country_name === 'Chile'],
    ],
    noView: 'agencia',
    viewOnly: 'ejecutivo',
  },
} satisfies Partial<Record<ModuleKey, ModuleCase>>;

describe.each(Object.values(FULL_CASES) as ModuleCase[])('$name', (module) => {
  const path = module.contract.path;
  const strictEntity = () => module.contract.entity.strict();

  it('lists demo rows as {count, next, previous, results} in the entity shape', async () => {
    const page = await list(path, 'limit=5');
    expect(page.count).toBeGreaterThan(0);
    expect(page.previous).toBeNull();
    expect(page.results.length).toBe(Math.min(5, page.count));
    if (page.count > 5) expect(page.next).toContain('offset=5');
    for (const row of page.results) expect(strictEntity().safeParse(row).error).toBeUndefined();
  });

  it('serves selectors with limit=10000 (every row in one page)', async () => {
    const page = await list(path, `limit=${SELECTOR_LIMIT}&enabled=all`);
    expect(page.results.length).toBe(page.count);
    expect(page.next).toBeNull();
  });

  it.each(module.filters)('filters with ?%s', async (query, matches) => {
    const all = await list(path, `limit=${SELECTOR_LIMIT}&enabled=all`);
    const page = await list(path, `${query}&limit=${SELECTOR_LIMIT}`);
    expect(page.count).toBeGreaterThan(0);
    expect(page.count).toBeLessThan(all.count);
    for (const row of page.results) expect(matches(row), JSON.stringify(row)).toBe(true);
  });

  if ('id' in module.contract.filters)
    it('filters exactly by id, and refuses a non-numeric id filter', async () => {
      const first = (await list(path, 'limit=1')).results[0];
      const page = await list(path, `id=${first.id}`);
      expect(page.results.map((row) => row.id)).toEqual([first.id]);
      const bad = await admin({ method: 'GET', url: `/api${path}?id=uno` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ id: [text.invalidInteger] });
    });

  it('creates (201), reads, updates with full validation and deletes (204)', async () => {
    const created = await admin({ method: 'POST', url: `/api${path}`, payload: module.create() });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<Row>();
    const { view: _createView, ...entity } = body;
    expect(strictEntity().safeParse(entity).error).toBeUndefined();

    const detail = await admin({ method: 'GET', url: `/api${path}${body.id}/` });
    expect(detail.statusCode).toBe(200);
    expect({ ...detail.json<Row>(), view: undefined }).toEqual({ ...body, view: undefined });

    const updated = await admin({
      method: 'PUT',
      url: `/api${path}${body.id}/`,
      payload: module.update(body),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Row>()[module.changed[0]]).toEqual(module.changed[1]);
    if ('updated_at' in body) expect(updated.json<Row>().updated_at).not.toBe(body.updated_at);

    const removed = await admin({ method: 'DELETE', url: `/api${path}${body.id}/` });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const gone = await admin({ method: 'GET', url: `/api${path}${body.id}/` });
    expect(gone.statusCode).toBe(404);
    const again = await admin({ method: 'DELETE', url: `/api${path}${body.id}/` });
    expect(again.statusCode).toBe(404);

    // Each write left one history entry, newest first.
    const historyEntity = path.replaceAll('/', '');
    const history = await admin({
      method: 'GET',
      url: `/api/history/?entity=${historyEntity}&record=${body.id}`,
    });
    expect(history.statusCode, history.body).toBe(200);
    const entries = historyPageSchema.parse(history.json()).results;
    expect(entries.map((entry) => entry.action)).toEqual(['remove', 'update', 'create']);
    expect(entries[1].changes[module.changed[0]]?.after).toEqual(module.changed[1]);
  });

  it('answers each missing required field with its Spanish message', async () => {
    const response = await admin({ method: 'POST', url: `/api${path}`, payload: {} });
    expect(response.statusCode).toBe(400);
    const errors = response.json<Record<string, string[]>>();
    for (const [field, message] of Object.entries(module.required)) expect(errors[field]).toEqual([message]);
    const blanks = Object.fromEntries(Object.keys(module.required).map((field) => [field, null]));
    const nulls = await admin({
      method: 'POST',
      url: `/api${path}`,
      payload: { ...module.create(), ...blanks },
    });
    expect(nulls.statusCode).toBe(400);
    for (const [field, message] of Object.entries(module.required))
      expect(nulls.json<Record<string, string[]>>()[field]).toEqual([message]);
  });

  it('refuses wrong types, unknown fields and too long text with field errors', async () => {
    const [field, value, message] = module.wrongType;
    const wrong = await admin({
      method: 'POST',
      url: `/api${path}`,
      payload: { ...module.create(), [field]: value },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ [field]: [message] });

    const unknown = await admin({
      method: 'POST',
      url: `/api${path}`,
      payload: { ...module.create(), is_admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ is_admin: [messages.common.unknownField] });

    const [longField, max] = module.tooLong;
    const long = await admin({
      method: 'POST',
      url: `/api${path}`,
      payload: { ...module.create(), [longField]: '1'.repeat(max + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ [longField]: [messages.common.tooLong(max)] });

    const notAnObject = await admin({ method: 'POST', url: `/api${path}`, payload: [module.create()] });
    expect(notAnObject.statusCode).toBe(400);
  });

  if (module.duplicate)
    it('answers a duplicate (case-insensitive) as a field error', async () => {
      const [field, value, message = text.duplicate] = module.duplicate!;
      const response = await admin({
        method: 'POST',
        url: `/api${path}`,
        payload: { ...module.create(), [field]: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [message] });

      const created = (
        await admin({ method: 'POST', url: `/api${path}`, payload: module.create() })
      ).json<Row>();
      const clash = await admin({
        method: 'PUT',
        url: `/api${path}${created.id}/`,
        payload: { ...module.update(created), [field]: value },
      });
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toEqual({ [field]: [message] });
    });

  if (module.inUse)
    it('refuses to delete a record in use (409, Spanish detail)', async () => {
      const [row] = (await list(path, module.inUse!)).results;
      const response = await admin({ method: 'DELETE', url: `/api${path}${row.id}/` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: text.inUse });
      expect((await admin({ method: 'GET', url: `/api${path}${row.id}/` })).statusCode).toBe(200);
    });

  it('refuses reads without {resource}/view and writes without {resource}/add', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/api${path}` });
    expect(anonymous.statusCode).toBe(401);
    const noView = await session(module.noView);
    expect((await noView({ method: 'GET', url: `/api${path}` })).statusCode).toBe(403);
    // One country's detail is reference data any signed-in user reads ('Ir a mi sitio').
    // Office 1 is outside the office-scoped noView role's tree (Oficinas: proveedor): 404, as any
    // record of another office (issue 28 §2).
    const detailStatus =
      module.contract.resource === 'country' ? 200 : module.contract.resource === 'office' ? 404 : 403;
    expect((await noView({ method: 'GET', url: `/api${path}1/` })).statusCode).toBe(detailStatus);
    expect((await noView({ method: 'POST', url: `/api${path}`, payload: module.create() })).statusCode).toBe(
      403,
    );
    if (!module.viewOnly) return;
    const viewOnly = await session(module.viewOnly);
    expect((await viewOnly({ method: 'GET', url: `/api${path}` })).statusCode).toBe(200);
    const [row] = (await list(path, 'limit=1')).results;
    const refusedPut = await viewOnly({
      method: 'PUT',
      url: `/api${path}${row.id}/`,
      payload: module.update(row),
    });
    expect(refusedPut.statusCode).toBe(403);
    expect((await viewOnly({ method: 'DELETE', url: `/api${path}${row.id}/` })).statusCode).toBe(403);
    if (module.contract.resource !== 'pax') {
      const refusedPost = await viewOnly({ method: 'POST', url: `/api${path}`, payload: module.create() });
      expect(refusedPost.statusCode).toBe(403);
    }
  });
});

/** Read-only modules on the engine (issue 9): the same list conformance, without writes. */
interface ReadOnlyCase {
  name: string;
  contract: ResourceContract & { entity: z.ZodObject };
  filters: [string, (row: Row) => boolean][];
  detail: boolean;
  /** A role refused the list. */
  noView: string;
  /** Rows the demo data lacks, written before the module's tests. */
  prepare?: () => Promise<void>;
}

/** Three submitted refunds (the demo data has travellers, not submissions). */
async function insertRefunds() {
  const { db } = testApp.context;
  const [voucher] = await db.select({ id: vouchers.id }).from(vouchers).limit(1);
  await db.insert(refunds).values(
    ['30777666', '30777667', '30777668'].map((docNumber, index) => ({
      voucherId: voucher.id,
      docNumber,
      name: `Viajero ${index}`,
      surname: 'Prueba',
      email: `viajero${index}@example.com`,
      phoneContact: '5491100000000',
      idempotencyKey: randomUUID(),
      countryResidence: 'ARG',
    })),
  );
}

/** The read-only list conformance, by module. */
const READ_ONLY_CASES = {
  productos: {
    name: 'products',
    contract: productContract,
    filters: [
      ['long_name=europa', includes('long_name', 'europa')],
      ['is_enabled=true', (row) => row.is_enabled === true],
    ],
    detail: false,
    noView: 'soporte_pais',
  },
  reintegros: {
    name: 'refund review',
    contract: refundReviewContract,
    filters: [['doc_number=30777666', (row) => row.doc_number === '30777666']],
    detail: true,
    noView: 'agencia',
    prepare: insertRefunds,
  },
} satisfies Partial<Record<ModuleKey, ReadOnlyCase>>;

/**
 * Modules whose conformance lives in a file of their own (their lists and writes are not the
 * generic ones), with that file: it must exist and call the module's path.
 */
const COVERED_ELSEWHERE = {
  facturacion: 'tests/server/invoicing.test.ts',
  reservas: 'tests/server/vouchers.test.ts',
  vouchers: 'tests/server/vouchers.test.ts',
} satisfies Partial<Record<ModuleKey, string>>;

/** Every row of the module table has a case: a module missing here does not compile. */
type Uncovered = Exclude<
  ModuleKey,
  keyof typeof FULL_CASES | keyof typeof READ_ONLY_CASES | keyof typeof COVERED_ELSEWHERE
>;
const everyModuleCovered: [Uncovered] extends [never] ? true : Uncovered = true;

/** Read-only lists that are not modules of their own (the permission pickers' list). */
const readOnlyModules: ReadOnlyCase[] = [
  ...(Object.values(READ_ONLY_CASES) as ReadOnlyCase[]),
  {
    name: 'permissions',
    contract: permissionContract,
    filters: [],
    detail: false,
    noView: 'ejecutivo',
  },
];

describe('the module table', () => {
  it('gives every module one case, over its contract', () => {
    expect(everyModuleCovered).toBe(true);
    for (const key of MODULE_KEYS) {
      const cases = [FULL_CASES, READ_ONLY_CASES, COVERED_ELSEWHERE].filter((byModule) => key in byModule);
      expect(cases, key).toHaveLength(1);
    }
    for (const [key, module] of Object.entries({ ...FULL_CASES, ...READ_ONLY_CASES }))
      expect(module.contract, key).toBe(MODULE_CONTRACTS[key as ModuleKey]);
    for (const [key, file] of Object.entries(COVERED_ELSEWHERE))
      expect(readFileSync(join(import.meta.dirname, '../..', file), 'utf8'), key).toContain(
        MODULE_CONTRACTS[key as ModuleKey].path,
      );
  });
});

describe.each(readOnlyModules)('$name (read only)', (module) => {
  const path = module.contract.path;
  beforeAll(async () => module.prepare?.());

  it('lists {count, next, previous, results} in the entity shape, paged', async () => {
    const page = await list(path, 'limit=2');
    expect(page.count).toBeGreaterThan(2);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=2');
    for (const row of page.results)
      expect(module.contract.entity.strict().safeParse(row).error).toBeUndefined();
    const second = await list(path, 'limit=2&offset=2');
    expect(second.previous).toContain('offset=0');
    expect(second.results.map((row) => row.id)).not.toContain(page.results[0].id);
    const all = await list(path, `limit=${SELECTOR_LIMIT}`);
    expect(all.results).toHaveLength(all.count);
  });

  it.each(module.filters)('filters with ?%s', async (query, matches) => {
    const page = await list(path, `${query}&limit=${SELECTOR_LIMIT}`);
    expect(page.count).toBeGreaterThan(0);
    for (const row of page.results) expect(matches(row), JSON.stringify(row)).toBe(true);
  });

  it('refuses a bad ordering, anonymous calls, roles without the permission, and writes', async () => {
    const bad = await admin({ method: 'GET', url: `/api${path}?ordering=password` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: [text.invalidOrdering] });
    expect((await testApp.app.inject({ method: 'GET', url: `/api${path}` })).statusCode).toBe(401);
    const refused = await (await session(module.noView))({ method: 'GET', url: `/api${path}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.common.forbidden });
    const write = await admin({ method: 'POST', url: `/api${path}`, payload: {} });
    expect(write.statusCode).toBe(404);
  });

  if (module.detail)
    it('answers the detail with the list row inside, and 404 for unknown ids', async () => {
      const [row] = (await list(path, 'limit=1')).results;
      const detail = await admin({ method: 'GET', url: `/api${path}${row.id}/` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject(row);
      expect((await admin({ method: 'GET', url: `/api${path}999999/` })).statusCode).toBe(404);
    });
});

describe('the users list', () => {
  it('loads groups, permissions and modules for a page in one query each (no query per row)', async () => {
    const { db } = testApp.context;
    const select = vi.spyOn(db, 'select');
    const selectDistinct = vi.spyOn(db, 'selectDistinct');
    const queriesFor = async (limit: number) => {
      select.mockClear();
      selectDistinct.mockClear();
      const page = await list('/profile/', `limit=${limit}`);
      return {
        rows: page.results.length,
        queries: select.mock.calls.length + selectDistinct.mock.calls.length,
      };
    };
    const small = await queriesFor(2);
    const large = await queriesFor(12);
    select.mockRestore();
    selectDistinct.mockRestore();
    expect(large.rows).toBeGreaterThan(small.rows);
    expect(small.queries).toBeGreaterThan(0);
    expect(large.queries).toBe(small.queries);
  });
});

describe('the engine', () => {
  it('orders by a declared field, either way, and refuses others', async () => {
    const ascending = await list('/zone/', 'ordering=long_name');
    const descending = await list('/zone/', 'ordering=-long_name');
    const names = ascending.results.map((row) => String(row.long_name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(descending.results.map((row) => row.long_name)).toEqual([...names].reverse());
    const bad = await admin({ method: 'GET', url: '/api/zone/?ordering=password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: [text.invalidOrdering] });
  });

  it('sorts Usuarios and Grupos by their text columns (issue 32)', async () => {
    for (const [path, field] of [
      ['/profile/', 'username'],
      ['/profile/', 'last_name'],
      ['/profile/', 'email'],
      ['/groups/', 'name'],
    ] as const) {
      const ascending = (await list(path, `ordering=${field}&limit=100`)).results.map((row) =>
        String(row[field] ?? ''),
      );
      expect(ascending.length).toBeGreaterThan(2);
      const spanish = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' });
      expect(ascending).toEqual([...ascending].sort(spanish));
      const descending = (await list(path, `ordering=-${field}&limit=100`)).results.map((row) =>
        String(row[field] ?? ''),
      );
      expect(descending).toEqual([...ascending].sort(spanish).reverse());
    }
  });

  it('pages with offset and limit and links next and previous', async () => {
    const page = await list('/pax/', 'offset=20&limit=10&doc_type=DNI');
    expect(page.results).toHaveLength(10);
    expect(page.previous).toBe('/api/pax/?offset=10&limit=10&doc_type=DNI');
    expect(page.next).toBe('/api/pax/?offset=30&limit=10&doc_type=DNI');
    const tooMany = await admin({ method: 'GET', url: `/api/pax/?limit=${SELECTOR_LIMIT + 1}` });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const response = await admin({ method: 'GET', url: `/api/zone/${id}/` });
      expect(response.statusCode, id).toBe(404);
    }
    const put = await admin({
      method: 'PUT',
      url: '/api/zone/999999/',
      payload: { short_name: 'X', long_name: 'Y' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('treats a contains term literally (% and _ are not wildcards)', async () => {
    expect((await list('/zone/', 'long_name=%25')).count).toBe(0);
    expect((await list('/zone/', 'long_name=_')).count).toBe(0);
  });

  it('answers a missing reference as a field error, never a 500', async () => {
    const unit = await admin({
      method: 'POST',
      url: '/api/bussines_unit/',
      payload: { short_name: unique('UNX'), long_name: 'Sin país', country: 999_999 },
    });
    expect(unit.statusCode).toBe(400);
    expect(unit.json()).toEqual({ country: [text.referenceMissing] });
    const sperta = await admin({
      method: 'POST',
      url: '/api/product_sperta/',
      payload: {
        sperta_code: unique('X'),
        product: 999_999,
        country: ids.argentina,
        sperta_gravado: 1,
        sperta_no_gravado: 1,
      },
    });
    expect(sperta.statusCode).toBe(400);
    expect(sperta.json()).toEqual({ product: [text.referenceMissing] });
  });
});

describe('countries and currencies (reference data)', () => {
  it('seeds every static country with its currency and the spec idents', async () => {
    const countries = await list('/country/', `limit=${SELECTOR_LIMIT}`);
    expect(countries.count).toBeGreaterThanOrEqual(190);
    const byIdent = new Map(countries.results.map((row) => [row.ident, row]));
    expect(byIdent.get(5)).toMatchObject({
      long_name: 'Argentina',
      short_name: 'ARG',
      currency_name: 'Peso argentino',
    });
    expect(byIdent.get(12)).toMatchObject({ long_name: 'Brasil', short_name: 'BRA' });
    expect(byIdent.get(28)).toMatchObject({ long_name: 'España', currency_name: 'Euro' });
    expect(byIdent.get(55)).toMatchObject({ short_name: 'USA', currency_name: 'Dólar estadounidense' });
    expect(byIdent.get(81)).toMatchObject({ long_name: 'Chile', short_name: 'CHL' });
  });

  it('enables the leading seven currencies and the region’s, and links national ones to their country', async () => {
    const enabled = await list('/currency/', `limit=${SELECTOR_LIMIT}`);
    const enabledCodes = enabled.results.map((row) => row.short_name);
    const expected = [
      'USD',
      'EUR',
      'CAD',
      'AUD',
      'NZD',
      'GBP',
      'MXN',
      'ARS',
      'CLP',
      'COP',
      'PEN',
      'BRL',
      'UYU',
    ];
    expect(enabledCodes).toEqual(expect.arrayContaining(expected));
    const others = staticCurrencies.filter((currency) => !expected.includes(currency.code));
    expect(enabledCodes.filter((code) => others.some((currency) => currency.code === code))).toEqual([]);
    const all = await list('/currency/', `limit=${SELECTOR_LIMIT}&enabled=all`);
    expect(all.count).toBeGreaterThan(150);
    const ars = enabled.results.find((row) => row.short_name === 'ARS')!;
    expect(ars.country).toBe(ids.argentina);
    expect(enabled.results.find((row) => row.short_name === 'EUR')!.country).toBeNull();
    const bad = await admin({ method: 'GET', url: '/api/currency/?enabled=maybe' });
    expect(bad.json()).toEqual({ enabled: [text.invalidSwitch] });
  });

  it('assigns the next ident to a new country and keeps it on update', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/country/',
      payload: { short_name: 'XYZ', long_name: 'Isla Nueva' },
    });
    expect(created.statusCode).toBe(201);
    const country = created.json<Row>();
    const idents = (await list('/country/', `limit=${SELECTOR_LIMIT}`)).results
      .filter((row) => row.id !== country.id)
      .map((row) => Number(row.ident));
    expect(country.ident).toBe(Math.max(...idents) + 1);
    expect(country).toMatchObject({ url_redirect: null, currency: null, currency_name: null });
    const updated = await admin({
      method: 'PUT',
      url: `/api/country/${country.id}/`,
      payload: { short_name: 'XYZ', long_name: 'Isla Nueva', currency: ids.usd },
    });
    expect(updated.json()).toMatchObject({ ident: country.ident, currency_name: 'Dólar estadounidense' });
    const clash = await admin({
      method: 'PUT',
      url: `/api/country/${country.id}/`,
      payload: { short_name: 'XYZ', long_name: 'Isla Nueva', ident: 5 },
    });
    expect(clash.json()).toEqual({ ident: [text.duplicate] });
  });
});

describe('Sperta products', () => {
  it('tags answers with their view (show, list, create, edit, remove)', async () => {
    const listed = await admin({ method: 'GET', url: '/api/product_sperta/?limit=3' });
    expect(productSpertaListResponseSchema.parse(listed.json()).view).toBe('list');
    const first = listed.json<Page>().results[0];
    const shown = await admin({ method: 'GET', url: `/api/product_sperta/${first.id}/` });
    expect(productSpertaResponseSchema.parse(shown.json()).view).toBe('show');
    const payload = {
      sperta_code: unique('SPV-'),
      product: ids.product,
      country: ids.argentina,
      sperta_gravado: 1,
      sperta_no_gravado: 2,
    };
    const created = await admin({ method: 'POST', url: '/api/product_sperta/', payload });
    expect(created.json()).toMatchObject({
      view: 'create',
      product_name: expect.any(String),
      country_name: 'Argentina',
    });
    const id = created.json<Row>().id;
    const edited = await admin({ method: 'PUT', url: `/api/product_sperta/${id}/`, payload });
    expect(edited.json()).toMatchObject({ view: 'edit' });
    const removed = await admin({ method: 'DELETE', url: `/api/product_sperta/${id}/` });
    expect(removed.statusCode).toBe(204);
    expect(removed.headers['x-view']).toBe('remove');
  });

  it('filters by product and country id exactly', async () => {
    const page = await list('/product_sperta/', `product=${ids.product}&country=${ids.argentina}`);
    expect(page.count).toBeGreaterThan(0);
    for (const row of page.results)
      expect(row).toMatchObject({ product: ids.product, country: ids.argentina });
    expect((await list('/product_sperta/', 'limit=1')).count).toBeGreaterThan(page.count);
  });
});

describe('passengers', () => {
  it('looks a passenger up by document: GET /pax/?doc_number={n}&limit=1', async () => {
    const [someone] = (await list('/pax/', 'limit=1&offset=17')).results;
    const page = await list('/pax/', `doc_number=${someone.doc_number}&limit=1`);
    expect(page.results).toEqual([someone]);
    expect((await list('/pax/', 'doc_number=1')).count).toBe(0);
  });

  it('seeds a few hundred passengers with numeric DNIs', async () => {
    const all = await list('/pax/', `limit=${SELECTOR_LIMIT}`);
    expect(all.count).toBeGreaterThanOrEqual(DEMO_PASSENGER_COUNT);
    // Other areas seed passengers too; these are the master-data demo's own.
    const seeded = demoPassengers(() => null);
    expect(new Set(seeded.map((row) => row.docNumber)).size).toBe(DEMO_PASSENGER_COUNT);
    const listed = new Set(all.results.map((row) => row.doc_number));
    for (const row of seeded) {
      expect(row.docNumber).toMatch(/^\d{8}$/);
      expect(listed.has(row.docNumber)).toBe(true);
    }
  });

  it('defaults doc_type to DNI and refuses future birth dates and non-numeric phones', async () => {
    const base = FULL_CASES.pasajeros.create();
    const created = await admin({ method: 'POST', url: '/api/pax/', payload: base });
    expect(created.json()).toMatchObject({ doc_type: 'DNI', birth_date: '1980-05-15' });
    const future = await admin({
      method: 'POST',
      url: '/api/pax/',
      payload: { ...base, birth_date: '01/01/2999' },
    });
    expect(future.json()).toEqual({ birth_date: [messages.common.dateOutOfRange] });
    const phone = await admin({ method: 'POST', url: '/api/pax/', payload: { ...base, phone: '+54 11' } });
    expect(phone.json()).toEqual({ phone: [messages.common.mustBeNumeric] });
    const blankType = await admin({ method: 'POST', url: '/api/pax/', payload: { ...base, doc_type: '' } });
    expect(blankType.json()).toEqual({ doc_type: [text.docTypeRequired] });
  });

  it('lets a creation be made by holders of voucher/add (spec section 2), edits need pax/add', async () => {
    const base = () => FULL_CASES.pasajeros.create();
    // Administracion: voucher/add, but only pax/view.
    const administracion = await session('administracion');
    const created = await administracion({ method: 'POST', url: '/api/pax/', payload: base() });
    expect(created.statusCode).toBe(201);
    const id = created.json<Row>().id;
    const edit = await administracion({ method: 'PUT', url: `/api/pax/${id}/`, payload: base() });
    expect(edit.statusCode).toBe(403);
    // Supervisor: pax/add and voucher/add.
    const supervisor = await session('supervisor');
    expect((await supervisor({ method: 'POST', url: '/api/pax/', payload: base() })).statusCode).toBe(201);
    // Proveedor: voucher/view only.
    const proveedor = await session('proveedor');
    expect((await proveedor({ method: 'POST', url: '/api/pax/', payload: base() })).statusCode).toBe(403);
  });
});

describe('blacklist', () => {
  const form = (docnumber: string, desde: string, hasta: string | null) => ({
    docnumber,
    first_name: 'Rita',
    last_name: 'Solapada',
    desde,
    hasta,
  });

  it('maps the form fields to doc_number, name, surname, date_from, date_to', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/pax_black_list/',
      payload: form('70000001', '05/03/2024', '06/04/2024'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      doc_number: '70000001',
      name: 'Rita',
      surname: 'Solapada',
      date_from: '2024-03-05',
      date_to: '2024-04-06',
    });
  });

  it('refuses a document already listed for an overlapping period, and allows a later one', async () => {
    const post = (payload: Row) => admin({ method: 'POST', url: '/api/pax_black_list/', payload });
    expect((await post(form('70000002', '2024-01-01', '2024-06-30'))).statusCode).toBe(201);
    const overlapping = await post(form('70000002', '2024-06-30', '2024-12-31'));
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toEqual({ docnumber: [text.blacklistOverlap] });
    const later = await post(form('70000002', '2024-07-01', null));
    expect(later.statusCode).toBe(201);
    const openEnded = await post(form('70000002', '2030-01-01', '2030-02-01'));
    expect(openEnded.json()).toEqual({ docnumber: [text.blacklistOverlap] });
    // Editing an entry does not clash with itself.
    const id = later.json<Row>().id;
    const edit = await admin({
      method: 'PUT',
      url: `/api/pax_black_list/${id}/`,
      payload: form('70000002', '2024-08-01', null),
    });
    expect(edit.statusCode).toBe(200);
  });

  it('refuses hasta before desde', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/pax_black_list/',
      payload: form('70000003', '2024-05-01', '2024-04-30'),
    });
    expect(response.json()).toEqual({ hasta: [text.dateToBeforeFrom] });
  });

  it('filters exactly by doc_number', async () => {
    const page = await list('/pax_black_list/', 'doc_number=70000001');
    expect(page.results.map((row) => row.doc_number)).toEqual(['70000001']);
    expect((await list('/pax_black_list/', 'doc_number=7000000')).count).toBe(0);
  });

  it('limits creation to Admin: every role but Super Administrador is refused', async () => {
    for (const role of ROLES) {
      const request = await session(role.key);
      const response = await request({
        method: 'POST',
        url: '/api/pax_black_list/',
        payload: form(String(71_000_000 + role.groupId), '2024-01-01', null),
      });
      expect(response.statusCode, role.key).toBe(role.key === 'super_administrador' ? 201 : 403);
    }
  });
});

describe('a filter on a referenced table (containsVia)', () => {
  it("remembers a fragment's matching ids until the database announces a change of the table, and forgets them when this instance writes it", async () => {
    const [uruguay] = (await list('/country/', 'short_name=URY')).results;
    const byCountry = async (fragment: string) =>
      (await list('/bussines_unit/', `country_name=${encodeURIComponent(fragment)}&limit=100`)).count;
    const before = await byCountry('urug');
    expect(before).toBeGreaterThan(0);
    const lookups = tableAnnouncements();
    // Another instance renames it (plain SQL): migration 0028's trigger announces the change of
    // `countries`, and this instance drops the ids it looked up as soon as it hears it.
    await testApp.handle.db.execute(
      sql`update countries set long_name = 'Banda Oriental' where id = ${uruguay.id as number}`,
    );
    await vi.waitFor(() => expect(tableAnnouncements()).toBeGreaterThan(lookups), {
      timeout: UNHEARD_BOUND_MS,
    });
    expect(await byCountry('urug')).toBe(0);
    expect(await byCountry('banda oriental')).toBe(before);
    // A write through this instance's engine is seen at once.
    const renamed = await admin({
      method: 'PUT',
      url: `/api/country/${uruguay.id}/`,
      payload: { short_name: 'URY', long_name: 'Uruguay' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await byCountry('banda oriental')).toBe(0);
    expect(await byCountry('urug')).toBe(before);
  });
});
