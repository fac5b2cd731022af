/**
 * History people can read (issue 32): the history route answers each change once, references by
 * name (never the id beside its name), a sub-record's fields as their own changes
 * (`karing.karing_code`) without its ids, and lists of sub-records item by item; on a real
 * database, through the office form's writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, historyPageSchema } from '../../src/contracts/engine';
import { readableChanges } from '../../src/server/services/historyChanges';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let ids: { tag: number; country: number; municipality: number };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const first = async (url: string) => (await admin({ method: 'GET', url })).json().results[0].id as number;
  ids = {
    tag: await first('/api/tags/?short_name=PREMIUM'),
    country: await first('/api/country/?short_name=URY'),
    municipality: (await admin({ method: 'GET', url: '/api/karing/get_municipios/?query=Tandil' })).json()
      .results[0].id,
  };
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

async function historyOf(id: number): Promise<HistoryEntry[]> {
  const response = await admin({ method: 'GET', url: `/api/history/?entity=office&record=${id}&limit=100` });
  expect(response.statusCode, response.body).toBe(200);
  return historyPageSchema.parse(response.json()).results;
}

describe('the office history', () => {
  it('names references, splits sub-records field by field and says each change once', async () => {
    const base = { short_name: 'HRD', long_name: 'Agencia Historial Legible' };
    const created = await admin({ method: 'POST', url: '/api/office/', payload: base });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;

    const karing = {
      municipality: ids.municipality,
      karing_code: 'KR-77',
      address: 'Calle 1',
      is_enabled: true,
    };
    const first = await admin({
      method: 'PUT',
      url: `/api/office/${id}/`,
      payload: { ...base, country: ids.country, tags: [ids.tag], karing },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await admin({
      method: 'PUT',
      url: `/api/office/${id}/`,
      payload: {
        ...base,
        country: ids.country,
        tags: [ids.tag],
        karing: { ...karing, karing_code: 'KR-78' },
        aditional_offices: [{ name: 'Punto Centro', email: 'centro@example.com' }],
      },
    });
    expect(second.statusCode, second.body).toBe(200);

    const [latest, middle, creation] = await historyOf(id);
    expect(latest.changes).toEqual({
      'karing.karing_code': { before: 'KR-77', after: 'KR-78' },
      'aditional_offices.1.name': { before: null, after: 'Punto Centro' },
      'aditional_offices.1.email': { before: null, after: 'centro@example.com' },
      'aditional_offices.1.phone': { before: null, after: '' },
      'aditional_offices.1.address': { before: null, after: '' },
    });
    // The country and the tag by their names, once; the new Karing record field by field.
    expect(middle.changes.country).toEqual({ before: null, after: 'Uruguay' });
    expect(middle.changes.tags?.after).toEqual([expect.stringContaining('Premium')]);
    expect(middle.changes['karing.karing_code']).toEqual({ before: null, after: 'KR-77' });
    expect(middle.changes['karing.municipality']).toEqual({ before: null, after: 'Tandil (Buenos Aires)' });
    for (const entry of [latest, middle, creation]) {
      const keys = Object.keys(entry.changes);
      expect(
        keys.filter((key) =>
          /(^|\.)(id|office)$|(country|parent|bussines_unit|tag|municipality)_names?$|^karing$/.test(key),
        ),
      ).toEqual([]);
      // No sub-record as JSON, no bare id of a reference.
      for (const change of Object.values(entry.changes))
        for (const value of [change.before, change.after]) {
          expect(typeof value === 'object' && value !== null && !Array.isArray(value)).toBe(false);
          if (Array.isArray(value)) for (const item of value) expect(typeof item).toBe('string');
        }
    }
    expect(Object.keys(creation.changes)).toContain('long_name');
    expect(creation.changes.id).toBeUndefined();
  });
});

describe('readableChanges', () => {
  it('keeps values that are not references, and lists of names as names', () => {
    expect(
      readableChanges(
        {
          status: { before: 1, after: 2 },
          status_name: { before: 'PENDIENTE', after: 'EMITIDO' },
          childrens: { before: [], after: [{ id: 4, long_name: 'Sucursal Norte' }] },
          recipients: { before: null, after: ['ana@example.com'] },
          first_name: { before: 'Ana', after: 'Ana María' },
        },
        'voucher',
      ),
    ).toEqual({
      status: { before: 'PENDIENTE', after: 'EMITIDO' },
      childrens: { before: [], after: ['Sucursal Norte'] },
      recipients: { before: null, after: ['ana@example.com'] },
      first_name: { before: 'Ana', after: 'Ana María' },
    });
  });

  it('writes an invoicing change once: Facturado follows Estado de facturación (issue 40)', () => {
    const changes = readableChanges(
      {
        invoicing_status: { before: 1, after: 2 },
        billed: { before: 2, after: 1 },
        document_number: { before: '', after: 'A-1' },
      },
      'facturacion',
    );
    expect(changes).toEqual({
      invoicing_status: { before: 1, after: 2 },
      document_number: { before: '', after: 'A-1' },
    });
    // Alone (an entry of another module), it stays.
    expect(readableChanges({ billed: { before: 2, after: 1 } }, 'facturacion')).toEqual({
      billed: { before: 2, after: 1 },
    });
  });

  it('matches list items by id: a removed item and a changed one', () => {
    expect(
      readableChanges(
        {
          claims: {
            before: [
              { id: 1, coverage: 'Médica', approved_amount: null },
              { id: 2, coverage: 'Equipaje', approved_amount: null },
            ],
            after: [{ id: 2, coverage: 'Equipaje', approved_amount: '50.50' }],
          },
        },
        'refund',
      ),
    ).toEqual({
      'claims.1.approved_amount': { before: null, after: '50.50' },
      'claims.2.coverage': { before: 'Médica', after: null },
    });
  });
});
