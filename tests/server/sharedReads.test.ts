/** Reads other modules share: products (Sperta form), offices (Usuarios form, Ir a mi sitio), one country. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

interface Page {
  count: number;
  next: string | null;
  results: { id: number; long_name: string; supplier_name: string | null; is_enabled: boolean }[];
}

describe('product reads', () => {
  it('pages products and filters them by name and supplier', async () => {
    const admin = as(testApp, await testApp.login('admin'));
    const all = (await admin({ method: 'GET', url: '/api/product/?limit=5' })).json<Page>();
    expect(all.count).toBeGreaterThanOrEqual(12);
    expect(all.results).toHaveLength(5);
    expect(all.next).toContain('offset=5');
    const name = all.results[0].long_name;
    const byName = (
      await admin({
        method: 'GET',
        url: `/api/product/?long_name=${encodeURIComponent(name.slice(2, 8).toUpperCase())}`,
      })
    ).json<Page>();
    expect(byName.results.map((row) => row.long_name)).toContain(name);
    const supplier = all.results.find((row) => row.supplier_name)?.supplier_name ?? '';
    const bySupplier = (
      await admin({ method: 'GET', url: `/api/product/?supplier=${encodeURIComponent(supplier)}&limit=100` })
    ).json<Page>();
    expect(bySupplier.count).toBeGreaterThan(0);
    expect(bySupplier.results.every((row) => row.supplier_name === supplier)).toBe(true);
  });

  it('lists every product as {id, name} for selectors', async () => {
    const admin = as(testApp, await testApp.login('admin'));
    const rows = (await admin({ method: 'GET', url: '/api/product_name_id/' })).json<
      { id: number; name: string }[]
    >();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'name']);
  });

  it('answers bad query values with field errors, and refuses roles without product/view', async () => {
    const admin = as(testApp, await testApp.login('admin'));
    const bad = await admin({ method: 'GET', url: '/api/product/?limit=abc&is_enabled=tal-vez' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['is_enabled', 'limit']);
    const noView = as(testApp, await testApp.login('soporte_pais'));
    const refused = await noView({ method: 'GET', url: '/api/product/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.common.forbidden });
  });
});

describe("'Ir a mi sitio' chain", () => {
  it('lets any signed-in user read its own office and one country, but not the country list', async () => {
    const agency = as(testApp, await testApp.login('agencia'));
    const me = (await agency({ method: 'GET', url: '/api/profile/?queryType=LOGIN' })).json<{
      office: number;
    }>();
    const office = await agency({ method: 'GET', url: `/api/office/${me.office}/` });
    expect(office.statusCode).toBe(200);
    const admin = as(testApp, await testApp.login('admin'));
    const [argentina] = (await admin({ method: 'GET', url: '/api/country/?long_name=Argentina' })).json<{
      results: { id: number }[];
    }>().results;
    const country = await agency({ method: 'GET', url: `/api/country/${argentina.id}/` });
    expect(country.statusCode).toBe(200);
    expect(country.json()).toHaveProperty('url_redirect');
    expect((await agency({ method: 'GET', url: '/api/country/' })).statusCode).toBe(403);
    // Another office is outside agencia's office scope: 404 (issue 28 §2).
    expect((await agency({ method: 'GET', url: `/api/office/${me.office + 1}/` })).statusCode).toBe(404);
  });
});

describe('GET /office/', () => {
  it('pages the offices for office/view or user/add, filters by name, and refuses others', async () => {
    const admin = as(testApp, await testApp.login('admin'));
    const page = (await admin({ method: 'GET', url: '/api/office/?limit=2' })).json<{
      count: number;
      next: string | null;
      results: { long_name: string }[];
    }>();
    expect(page.count).toBeGreaterThanOrEqual(6);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=2');
    const filtered = (
      await admin({ method: 'GET', url: '/api/office/?long_name=sucursal%20c%C3%B3rdoba' })
    ).json<{
      results: { long_name: string }[];
    }>();
    expect(filtered.results.map((row) => row.long_name)).toEqual(['Sucursal Córdoba']);
    const agency = as(testApp, await testApp.login('agencia'));
    expect((await agency({ method: 'GET', url: '/api/office/' })).statusCode).toBe(403);
    const administration = as(testApp, await testApp.login('administracion'));
    expect((await administration({ method: 'GET', url: '/api/office/' })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/office/?limit=0' })).statusCode).toBe(400);
  });
});
