/**
 * Oficinas (issue 12; SPEC §2 'Oficinas' and the four search modes, §3 'Office', §7 'Offices' and
 * '/karing/get_municipios/'): the office with every sub-record in one transaction, a failing
 * sub-record undoing the whole office ({detail: 'Hubo un error'} with field errors), duplicate,
 * each search mode, municipalities paging, permission refusals, Spanish field errors, history.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { officeSchema } from '../../src/contracts/offices';
import { users } from '../../src/server/db/schema';
import { MUNICIPALITIES } from '../../src/server/db/seed/municipalities';
import { as, createTestApp, type TestApp } from './support';

const text = messages.offices;
let testApp: TestApp;
let admin: ReturnType<typeof as>;
let ejecutivo: ReturnType<typeof as>;
let agencia: ReturnType<typeof as>;
let administracion: ReturnType<typeof as>;
let ids: { tag: number; unit: number; country: number; municipality: number; parent: number };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  ejecutivo = as(testApp, await testApp.login('ejecutivo'));
  agencia = as(testApp, await testApp.login('agencia'));
  administracion = as(testApp, await testApp.login('administracion'));
  const first = async (url: string) => (await admin({ method: 'GET', url })).json().results[0].id as number;
  ids = {
    tag: await first('/api/tags/?short_name=PREMIUM'),
    unit: await first('/api/bussines_unit/?short_name=UN-URY'),
    country: await first('/api/country/?short_name=URY'),
    municipality: (await admin({ method: 'GET', url: '/api/karing/get_municipios/?query=Tandil' })).json()
      .results[0].id,
    parent: await first('/api/office/?name=CASA'),
  };
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

function fullOffice(shortName: string, overrides: Record<string, unknown> = {}) {
  return {
    short_name: shortName,
    long_name: `Agencia ${shortName} Montevideo`,
    is_enabled: true,
    country: ids.country,
    bussines_unit: ids.unit,
    parent: ids.parent,
    tags: [ids.tag],
    site: 'https://agencia.example.com',
    executive: 'Lucía Fernández',
    legal_name: 'Agencia de Prueba S.A.',
    responsible: 'Martín Gómez',
    responsible_position: 'Gerente',
    email: 'agencia@example.com',
    phone: '+54 11 4321-5678',
    cuit: '30712345671',
    schedule: 'Lunes a viernes 9 a 18',
    key: 'K-1',
    enable_issuing: true,
    commission_percentage: '12,5',
    budget: '1.234.567,89',
    usd_credit: '5000',
    balance: '0',
    payment_term: 30,
    pay_on_credit: true,
    no_credit_limit: false,
    notify_expiry_by_mail: true,
    invoice_issue_form: 'manual',
    b2c_charging: true,
    show_usd_quote: false,
    quote_only: false,
    payments: {
      pay_with_gds: true,
      pay_by_card: true,
      instalments: 6,
      card_provider: true,
      wallet_provider: false,
      web_payment_provider: true,
    },
    sperta: {
      voucher_type: 'A',
      street: 'Av. Corrientes',
      number: '1234',
      locality: 'Buenos Aires',
      province: 'CABA',
      postal_code: 'C1043AAZ',
      tax_condition: 'responsable_inscripto',
    },
    karing: { municipality: ids.municipality, karing_code: 'KR-1', address: 'Calle 1', is_enabled: true },
    aditional_offices: [
      { name: 'Punto de venta Centro', email: 'centro@example.com', phone: '', address: 'Centro' },
      { name: 'Punto de venta Norte', email: '', phone: '', address: '' },
    ],
    ...overrides,
  };
}

async function countOffices(filter: string) {
  return (await admin({ method: 'GET', url: `/api/office/?${filter}` })).json().count as number;
}

describe('office with its sub-records', () => {
  it('creates and updates the office and every sub-record in one write, and answers them nested', async () => {
    const created = await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('TST1') });
    expect(created.statusCode).toBe(201);
    const office = officeSchema.parse(created.json());
    expect(office).toMatchObject({
      short_name: 'TST1',
      budget: '1234567.89',
      commission_percentage: '12.50',
      phone: '+541143215678',
      tags: [ids.tag],
      bussines_unit: ids.unit,
      bussines_unit_name: 'Unidad de Negocio Uruguay',
      parent: ids.parent,
      parent_name: 'Casa Central Buenos Aires',
    });
    expect(office.payments).toMatchObject({ instalments: 6, pay_with_gds: true, office: office.id });
    expect(office.sperta).toMatchObject({ voucher_type: 'A', postal_code: 'C1043AAZ' });
    expect(office.karing).toMatchObject({
      municipality: ids.municipality,
      municipality_name: 'Tandil (Buenos Aires)',
    });
    expect(office.aditional_offices?.map((item) => item.name)).toEqual([
      'Punto de venta Centro',
      'Punto de venta Norte',
    ]);

    const keep = office.aditional_offices![0];
    const updated = await admin({
      method: 'PUT',
      url: `/api/office/${office.id}/`,
      payload: fullOffice('TST1', {
        budget: '10',
        payments: { instalments: 3 },
        sperta: null,
        karing: { municipality: null, karing_code: 'KR-2' },
        aditional_offices: [{ id: keep.id, name: 'Centro renombrado' }, { name: 'Sur' }],
      }),
    });
    expect(updated.statusCode).toBe(200);
    const after = officeSchema.parse(updated.json());
    expect(after.budget).toBe('10.00');
    expect(after.payments).toMatchObject({ instalments: 3, pay_with_gds: false });
    expect(after.sperta).toBeNull();
    expect(after.karing).toMatchObject({ municipality: null, karing_code: 'KR-2' });
    expect(after.aditional_offices?.map((item) => [item.id === keep.id, item.name])).toEqual([
      [true, 'Centro renombrado'],
      [false, 'Sur'],
    ]);

    // The parent lists it among its childrens; the office history holds both writes.
    const parent = (await admin({ method: 'GET', url: `/api/office/${ids.parent}/` })).json();
    expect(parent.childrens.map((child: { id: number }) => child.id)).toContain(office.id);
    const history = (
      await admin({ method: 'GET', url: `/api/history/?entity=office&record=${office.id}` })
    ).json();
    expect(history.results.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(history.results[0].changes.budget).toEqual({ before: '1234567.89', after: '10.00' });
  });

  it('a failing sub-record undoes the whole office and answers Hubo un error with the field', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/office/',
      payload: fullOffice('TST2', { karing: { municipality: 2_000_000_000 } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: text.subRecordFailed,
      'karing.municipality': [messages.resources.referenceMissing],
    });
    expect(await countOffices('name=TST2')).toBe(0);
    expect(
      (await admin({ method: 'GET', url: '/api/office_payments/?limit=10000' })).json().count,
    ).toBeGreaterThan(0);

    // On update too: nothing of the write stays (the office keeps its name and sub-records).
    const office = (await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('TST3') })).json();
    const refused = await admin({
      method: 'PUT',
      url: `/api/office/${office.id}/`,
      payload: fullOffice('TST3', {
        long_name: 'No debe quedar',
        aditional_offices: [{ id: 2_000_000_000, name: 'x' }],
      }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: text.subRecordFailed,
      'aditional_offices.0.id': [text.aditionalNotOfOffice],
    });
    const still = (await admin({ method: 'GET', url: `/api/office/${office.id}/` })).json();
    expect(still.long_name).toBe(office.long_name);
    expect(still.aditional_offices).toHaveLength(2);
  });

  it('refuses bad input with Spanish field errors and saves nothing', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/office/',
      payload: fullOffice('CASA', {
        commission_percentage: '100,01',
        budget: '-5',
        cuit: '30712345672',
        email: 'no-es-un-email',
        phone: '12',
        payments: { instalments: 99 },
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      commission_percentage: [text.percentageRange],
      budget: [messages.amounts.negative],
      cuit: [messages.banking.cuitCheckDigit],
      email: [messages.common.emailInvalid],
      phone: [text.phoneInvalid],
      'payments.instalments': [text.instalmentsInvalid],
    });
    const duplicate = await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('casa') });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ short_name: [text.shortNameTaken] });
    const garbage = await admin({ method: 'POST', url: '/api/office/', payload: { tags: 'x', budget: {} } });
    expect(garbage.statusCode).toBe(400);
    expect(Object.keys(garbage.json()).sort()).toEqual(['budget', 'long_name', 'short_name', 'tags']);
  });

  it('refuses a parent that would make a cycle', async () => {
    const casa = ids.parent;
    const child = (
      await admin({ method: 'GET', url: `/api/office/?parent=${casa}&name=Sucursal&limit=1` })
    ).json().results[0];
    const grandChild = (await admin({ method: 'GET', url: `/api/office/?parent=${child.id}&limit=1` })).json()
      .results[0];
    const detail = (await admin({ method: 'GET', url: `/api/office/${casa}/` })).json();
    for (const parent of [casa, grandChild.id]) {
      const response = await admin({
        method: 'PUT',
        url: `/api/office/${casa}/`,
        payload: { short_name: detail.short_name, long_name: detail.long_name, parent },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ parent: [text.parentCycle] });
    }
  });

  it('refuses a business unit of another country, on create and on update (issue 32)', async () => {
    const argentineUnit = (
      await admin({ method: 'GET', url: '/api/bussines_unit/?short_name=UN-ARG' })
    ).json().results[0].id as number;
    const created = await admin({
      method: 'POST',
      url: '/api/office/',
      payload: fullOffice('UNITX', { bussines_unit: argentineUnit }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ bussines_unit: [text.unitOfOtherCountry] });
    const office = (
      await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('UNITOK') })
    ).json();
    const detail = (await admin({ method: 'GET', url: `/api/office/${office.id}/` })).json();
    const changed = await admin({
      method: 'PUT',
      url: `/api/office/${office.id}/`,
      payload: {
        short_name: detail.short_name,
        long_name: detail.long_name,
        country: detail.country,
        bussines_unit: argentineUnit,
      },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ bussines_unit: [text.unitOfOtherCountry] });
    expect((await admin({ method: 'GET', url: `/api/office/${office.id}/` })).json().bussines_unit).toBe(
      ids.unit,
    );
  });
});

describe('delete', () => {
  it('removes an office with its sub-records, and refuses one with children or users', async () => {
    const office = (await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('DEL') })).json();
    expect((await admin({ method: 'DELETE', url: `/api/office/${office.id}/` })).statusCode).toBe(204);
    expect(
      (await admin({ method: 'GET', url: `/api/office_payments/?office=${office.id}` })).json().count,
    ).toBe(0);
    expect(
      (await admin({ method: 'GET', url: `/api/aditional_office/?office=${office.id}` })).json().count,
    ).toBe(0);
    const history = (
      await admin({ method: 'GET', url: `/api/history/?entity=office&record=${office.id}` })
    ).json();
    expect(history.results.map((entry: { action: string }) => entry.action)).toEqual(['remove', 'create']);

    const withChildren = await admin({ method: 'DELETE', url: `/api/office/${ids.parent}/` });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toEqual({ detail: text.hasChildren });
    const leaf = (await admin({ method: 'GET', url: '/api/office/?name=ROS-01' })).json().results[0];
    const [user] = await testApp.context.db
      .update(users)
      .set({ officeId: leaf.id })
      .where(eq(users.username, 'soporte'))
      .returning({ id: users.id });
    expect(user).toBeDefined();
    const inUse = await admin({ method: 'DELETE', url: `/api/office/${leaf.id}/` });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ detail: messages.resources.inUse });
  });
});

describe('search modes (SPEC §2)', () => {
  it('finds offices by name, business unit, tags and country', async () => {
    const byName = (await admin({ method: 'GET', url: '/api/office/?name=rosario' })).json();
    expect(byName.results.every((row: { long_name: string }) => /rosario/i.test(row.long_name))).toBe(true);
    expect(byName.count).toBeGreaterThan(1);

    const byUnit = (
      await admin({ method: 'GET', url: '/api/office/?bussines_unit_name=M%C3%A9xico&limit=100' })
    ).json();
    expect(byUnit.count).toBe(1 + 5 + 5 * 8);
    expect(
      new Set(byUnit.results.map((row: { bussines_unit_name: string }) => row.bussines_unit_name)),
    ).toEqual(new Set(['Unidad de Negocio México']));

    const byTag = (await admin({ method: 'GET', url: '/api/office/?tag_name=premium&limit=500' })).json();
    expect(byTag.count).toBeGreaterThan(0);
    expect(byTag.results.every((row: { tag_names: string[] }) => row.tag_names.includes('Premium'))).toBe(
      true,
    );

    const byCountry = (
      await admin({ method: 'GET', url: '/api/office/?country_name=espa&limit=500' })
    ).json();
    expect(byCountry.count).toBe(1 + 5 + 5 * 8);
    expect(new Set(byCountry.results.map((row: { country_name: string }) => row.country_name))).toEqual(
      new Set(['España']),
    );

    const disabled = (await admin({ method: 'GET', url: '/api/office/?is_enabled=false&limit=500' })).json();
    expect(disabled.count).toBeGreaterThan(0);
    expect(disabled.results.every((row: { is_enabled: boolean }) => !row.is_enabled)).toBe(true);
  });

  it('answers the selector list with the names the office picker searches (issue 32)', async () => {
    const response = await admin({ method: 'GET', url: '/api/office_name_id/?limit=10000' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBeGreaterThanOrEqual(275);
    expect(Object.keys(body.results[0]).sort()).toEqual([
      'bussines_unit_name',
      'country_name',
      'id',
      'long_name',
      'short_name',
      'tag_names',
    ]);
    const parent = body.results.find((row: { id: number }) => row.id === ids.parent);
    const detail = (await admin({ method: 'GET', url: `/api/office/${ids.parent}/` })).json();
    expect(parent).toEqual({
      id: ids.parent,
      long_name: detail.long_name,
      short_name: detail.short_name,
      country_name: detail.country_name,
      bussines_unit_name: detail.bussines_unit_name,
      tag_names: detail.tag_names,
    });
  });
});

describe('duplicate', () => {
  it('copies an office with its sub-records (GET proposes, POST creates, the row action too)', async () => {
    const template = (
      await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('DUP') })
    ).json();
    const proposal = await admin({
      method: 'GET',
      url: `/api/duplicate_office/?office_template=${template.id}`,
    });
    expect(proposal.statusCode).toBe(200);
    expect(proposal.json()).toMatchObject({ office_template: template.id, short_name: 'DUP-2' });

    const created = await admin({
      method: 'POST',
      url: '/api/duplicate_office/',
      payload: { office_template: template.id, short_name: 'DUPCOPY', long_name: 'Copia de prueba' },
    });
    expect(created.statusCode).toBe(201);
    const copy = officeSchema.parse(created.json());
    expect(copy).toMatchObject({
      short_name: 'DUPCOPY',
      long_name: 'Copia de prueba',
      budget: template.budget,
    });
    expect(copy.id).not.toBe(template.id);
    expect(copy.sperta).toMatchObject({ ...template.sperta, id: expect.any(Number), office: copy.id });
    expect(copy.sperta?.id).not.toBe(template.sperta.id);
    expect(copy.karing?.municipality).toBe(ids.municipality);
    expect(copy.aditional_offices?.map((item) => item.name)).toEqual([
      'Punto de venta Centro',
      'Punto de venta Norte',
    ]);
    expect(copy.tags).toEqual([ids.tag]);

    const action = await admin({
      method: 'POST',
      url: `/api/office/${template.id}/actions/duplicate/`,
      payload: {},
    });
    expect(action.statusCode).toBe(200);
    const newId = action.json().action_result.id as number;
    const viaAction = (await admin({ method: 'GET', url: `/api/office/${newId}/` })).json();
    expect(viaAction).toMatchObject({
      short_name: 'DUP-2',
      long_name: text.duplicateName(template.long_name),
    });
    const history = (
      await admin({ method: 'GET', url: `/api/history/?entity=office&record=${newId}` })
    ).json();
    expect(history.results.map((entry: { action: string }) => entry.action)).toEqual(['create']);

    const taken = await admin({
      method: 'POST',
      url: '/api/duplicate_office/',
      payload: { office_template: template.id, short_name: 'dup' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ short_name: [text.shortNameTaken] });
    const missing = await admin({ method: 'GET', url: '/api/duplicate_office/?office_template=abc' });
    expect(missing.statusCode).toBe(400);
  });

  it('issue 39: POST without the optional names copies under a free short name (was a 500)', async () => {
    const template = (
      await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('NONAME') })
    ).json();
    // Both names absent: the free short name and '(copia)', as GET proposes and the row action does.
    const bare = await admin({
      method: 'POST',
      url: '/api/duplicate_office/',
      payload: { office_template: template.id },
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({
      short_name: 'NONAME-2',
      long_name: text.duplicateName(template.long_name),
    });
    // Only the short name absent: the given long name, a free short name.
    const longOnly = await admin({
      method: 'POST',
      url: '/api/duplicate_office/',
      payload: { office_template: template.id, long_name: 'Solo nombre largo' },
    });
    expect(longOnly.statusCode).toBe(201);
    expect(longOnly.json()).toMatchObject({ short_name: 'NONAME-3', long_name: 'Solo nombre largo' });
    // A short name that is there but empty or null is a Spanish field error, not a 500.
    for (const short_name of ['', '   ', null]) {
      const refused = await admin({
        method: 'POST',
        url: '/api/duplicate_office/',
        payload: { office_template: template.id, short_name },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ short_name: [messages.resources.shortNameRequired] });
    }
  });

  it('offers duplicate only to who may add offices', async () => {
    const row = (await ejecutivo({ method: 'GET', url: '/api/office/?limit=1' })).json().results[0];
    expect(row.allowed_actions).toEqual([]);
    const adminRow = (await administracion({ method: 'GET', url: '/api/office/?limit=1' })).json().results[0];
    expect(adminRow.allowed_actions).toEqual(['update', 'remove', 'duplicate']);
    const refused = await ejecutivo({
      method: 'POST',
      url: `/api/office/${row.id}/actions/duplicate/`,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const refusedPost = await ejecutivo({
      method: 'POST',
      url: '/api/duplicate_office/',
      payload: { office_template: row.id },
    });
    expect(refusedPost.statusCode).toBe(403);
  });
});

describe('sub-record endpoints and payment history', () => {
  it('answers and writes each sub-record on its own endpoint, and keeps the payment history', async () => {
    const office = (
      await admin({ method: 'POST', url: '/api/office/', payload: fullOffice('SUB', { sperta: undefined }) })
    ).json();
    const payments = (
      await admin({ method: 'GET', url: `/api/office_payments/?office=${office.id}` })
    ).json();
    expect(payments.count).toBe(1);
    const paymentId = payments.results[0].id as number;
    const put = await administracion({
      method: 'PUT',
      url: `/api/office_payments/${paymentId}/`,
      payload: { office: office.id, instalments: 12 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().instalments).toBe(12);
    const second = await admin({
      method: 'POST',
      url: '/api/office_payments/',
      payload: { office: office.id },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ office: [text.subRecordExists] });

    const sperta = await admin({
      method: 'POST',
      url: '/api/office_sperta/',
      payload: { office: office.id, voucher_type: 'C', tax_condition: 'exento' },
    });
    expect(sperta.statusCode).toBe(201);
    const karing = (await admin({ method: 'GET', url: `/api/office_karing/?office=${office.id}` })).json();
    expect(karing.results[0].municipality_name).toBe('Tandil (Buenos Aires)');
    const aditional = await admin({
      method: 'POST',
      url: '/api/aditional_office/',
      payload: { office: office.id, name: 'Oeste' },
    });
    expect(aditional.statusCode).toBe(201);
    const removed = await admin({ method: 'DELETE', url: `/api/aditional_office/${aditional.json().id}/` });
    expect(removed.statusCode).toBe(204);
    expect(
      (await admin({ method: 'DELETE', url: `/api/office_sperta/${sperta.json().id}/` })).statusCode,
    ).toBe(404);

    const review = await administracion({
      method: 'POST',
      url: '/api/review/',
      payload: { office_payment: paymentId, observation: 'Revisado con el cliente' },
    });
    expect(review.statusCode).toBe(201);
    expect(review.json()).toMatchObject({ user: 'administracion', snapshot: { instalments: 12 } });
    const reviews = (
      await ejecutivo({ method: 'GET', url: `/api/review/?office_payment=${paymentId}` })
    ).json();
    expect(reviews.count).toBe(1);
    expect(reviews.results[0].observation).toBe('Revisado con el cliente');
    expect(
      (await ejecutivo({ method: 'POST', url: '/api/review/', payload: { office_payment: paymentId } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin({ method: 'POST', url: '/api/review/', payload: { office_payment: 2_000_000_000 } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('municipalities (GET /karing/get_municipios/)', () => {
  it('pages the list and searches it', async () => {
    const first = (
      await admin({ method: 'GET', url: '/api/karing/get_municipios/?offset=0&limit=100' })
    ).json();
    expect(first.count).toBe(MUNICIPALITIES.length);
    expect(first.results).toHaveLength(100);
    expect(first.next).toContain('offset=100');
    const last = (
      await admin({
        method: 'GET',
        url: `/api/karing/get_municipios/?offset=${MUNICIPALITIES.length - 5}&limit=100`,
      })
    ).json();
    expect(last.results).toHaveLength(5);
    expect(last.next).toBeNull();
    const found = (
      await ejecutivo({ method: 'GET', url: '/api/karing/get_municipios/?query=bariloche' })
    ).json();
    expect(found.results).toEqual([
      { id: expect.any(Number), name: 'San Carlos de Bariloche', province: 'Río Negro' },
    ]);
    expect((await admin({ method: 'GET', url: '/api/karing/get_municipios/?limit=0' })).statusCode).toBe(400);
    expect((await agencia({ method: 'GET', url: '/api/karing/get_municipios/' })).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('shows the own office of a user without office/view as its core only (Ir a mi sitio)', async () => {
    const [own] = await testApp.context.db
      .select({ officeId: users.officeId })
      .from(users)
      .where(eq(users.username, 'agencia'));
    const response = await agencia({ method: 'GET', url: `/api/office/${own.officeId}/` });
    expect(response.statusCode).toBe(200);
    expect(response.json().allowed_actions).toEqual([]);
    expect(Object.keys(response.json()).sort()).toEqual([
      'allowed_actions',
      'country',
      'id',
      'is_enabled',
      'long_name',
      'short_name',
    ]);
    // Another office is outside agencia's office scope (issue 28 §2): 404, as any owned record.
    expect((await agencia({ method: 'GET', url: `/api/office/${ids.parent}/` })).statusCode).toBe(
      own.officeId === ids.parent ? 200 : 404,
    );
    const full = (await ejecutivo({ method: 'GET', url: `/api/office/${own.officeId}/` })).json();
    expect(full).toHaveProperty('budget');
    expect(full).toHaveProperty('payments');
  });

  it('lets office writers list the reference data of the form (tags, business units, countries)', async () => {
    for (const url of [
      '/api/tags/?limit=10000',
      '/api/bussines_unit/?limit=10000',
      '/api/country/?limit=10000',
    ])
      expect((await administracion({ method: 'GET', url })).statusCode, url).toBe(200);
    expect((await ejecutivo({ method: 'GET', url: '/api/tags/' })).statusCode).toBe(403);
    expect((await ejecutivo({ method: 'GET', url: '/api/office_name_id/?limit=10000' })).statusCode).toBe(
      200,
    );
  });

  it('refuses writes without office/add and reads without office/view', async () => {
    expect(
      (await ejecutivo({ method: 'POST', url: '/api/office/', payload: fullOffice('NOPE') })).statusCode,
    ).toBe(403);
    expect(
      (await ejecutivo({ method: 'PUT', url: `/api/office/${ids.parent}/`, payload: fullOffice('NOPE') }))
        .statusCode,
    ).toBe(403);
    expect((await agencia({ method: 'GET', url: '/api/office/' })).statusCode).toBe(403);
    expect((await agencia({ method: 'GET', url: '/api/office_payments/' })).statusCode).toBe(403);
    // The reservation form's office picker (reservation/add) lists the agency's own offices only.
    const agencyOffices = await agencia({ method: 'GET', url: '/api/office_name_id/?limit=10000' });
    expect(agencyOffices.statusCode).toBe(200);
    const agencyProfile = (await agencia({ method: 'GET', url: '/api/profile/?queryType=LOGIN' })).json();
    const allOffices = (await admin({ method: 'GET', url: '/api/office_name_id/?limit=10000' })).json();
    expect(agencyOffices.json().count).toBeGreaterThan(0);
    expect(agencyOffices.json().count).toBeLessThan(allOffices.count);
    expect(agencyOffices.json().results.map((row: { id: number }) => row.id)).toContain(agencyProfile.office);
    expect(
      (
        await ejecutivo({
          method: 'POST',
          url: '/api/aditional_office/',
          payload: { office: ids.parent, name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
