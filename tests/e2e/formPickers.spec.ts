/**
 * Forms a professional uses all day (issue 32 'Forms and pickers'): every reference is picked by
 * name, never typed as an id (the office picker searches as the four office search modes do); the
 * office's business unit is offered by its country; 'Duplicar desde plantilla' in Crear oficina;
 * a voucher's net price recalculated from its commission before saving.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { ADMIN, signInByApi } from './support';

const screens = messages.resourceScreens;

async function api(request: APIRequestContext) {
  const response = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await response.json()).access}` };
  return {
    get: async (url: string) => {
      const answer = await request.get(url, { headers });
      expect(answer.status(), url).toBe(200);
      return answer.json();
    },
    put: (url: string, data: unknown) => request.put(url, { headers, data }),
    delete: (url: string) => request.delete(url, { headers }),
  };
}

const optionLabels = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((option) => option.textContent ?? ''));

test("a reservation's office is picked by name, found by its country, and saved", async ({
  page,
  request,
}) => {
  const admin = await api(request);
  const reservation = (
    await admin.get('/api/reservation/?office__long_name=Casa%20Central%20Buenos%20Aires&limit=1')
  ).results[0];
  expect(reservation.office_name).toBe('Casa Central Buenos Aires');
  await signInByApi(page);
  await page.goto(`/dashboard/reservas/${reservation.id}/edit`);
  const form = page.getByRole('form', { name: 'Reservas' });
  // No id box: the office shows by name.
  await expect(form.getByRole('spinbutton', { name: /Oficina/ })).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Oficina', exact: true })).toHaveValue(
    String(reservation.office),
  );
  await expect(
    form.getByRole('combobox', { name: 'Oficina', exact: true }).locator('option:checked'),
  ).toHaveText('Casa Central Buenos Aires');
  // Searching by country (one of the four office search modes) narrows the offices to Uruguay's.
  await form.getByLabel('Buscar oficina').fill('uruguay');
  const shown = await optionLabels(page, 'Oficina');
  expect(shown).toContain('Oficina Montevideo');
  expect(shown).toContain('Sucursal Punta del Este');
  expect(shown).not.toContain('Sucursal Córdoba');
  await form
    .getByRole('combobox', { name: 'Oficina', exact: true })
    .selectOption({ label: 'Oficina Montevideo' });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reservas$/);
  const saved = await admin.get(`/api/reservation/${reservation.id}/`);
  expect(saved.office_name).toBe('Oficina Montevideo');
  expect(
    (await admin.put(`/api/reservation/${reservation.id}/`, { office: reservation.office })).status(),
  ).toBe(200);
});

test("Crear oficina offers the chosen country's business units and 'Duplicar desde plantilla'", async ({
  page,
  request,
}) => {
  const admin = await api(request);
  await signInByApi(page);
  await page.goto('/dashboard/oficinas/create');
  const form = page.getByRole('form', { name: 'Oficinas' });
  await form.getByLabel('País').selectOption({ label: 'Uruguay' });
  expect(await optionLabels(page, 'Unidad de negocio')).toEqual([
    screens.selectPlaceholder,
    'Unidad de Negocio Uruguay',
  ]);
  await form.getByLabel('País').selectOption({ label: 'Chile' });
  expect(await optionLabels(page, 'Unidad de negocio')).toEqual([
    screens.selectPlaceholder,
    'Unidad de Negocio Chile',
  ]);

  const template = page.getByRole('region', { name: screens.templateTitle });
  await expect(template.getByRole('button', { name: screens.useTemplate })).toBeDisabled();
  await template.getByLabel('Buscar plantilla').fill('montevideo');
  await template
    .getByRole('combobox', { name: screens.templateLabel })
    .selectOption({ label: 'Oficina Montevideo' });
  await template.getByRole('button', { name: screens.useTemplate }).click();
  await expect(page).toHaveURL(/\/dashboard\/oficinas\/\d+\/clone$/);
  await expect(page.getByRole('heading', { name: screens.cloneTitle('Oficinas') })).toBeVisible();
  const copy = page.getByRole('form', { name: 'Oficinas' });
  await expect(copy.getByLabel('Nombre', { exact: true }).first()).toHaveValue('Oficina Montevideo (copia)');
  await expect(copy.getByLabel('País')).toHaveValue(
    String((await admin.get('/api/country/?short_name=URY')).results[0].id),
  );
  await expect(
    copy.getByRole('combobox', { name: 'Unidad de negocio' }).locator('option:checked'),
  ).toHaveText('Unidad de Negocio Uruguay');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/office/') && response.request().method() === 'POST',
  );
  await copy.getByRole('button', { name: 'Guardar' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const office = await answer.json();
  await expect(page).toHaveURL(/\/dashboard\/oficinas$/);
  const stored = await admin.get(`/api/office/${office.id}/`);
  expect([stored.long_name, stored.bussines_unit_name, stored.country_name]).toEqual([
    'Oficina Montevideo (copia)',
    'Unidad de Negocio Uruguay',
    'Uruguay',
  ]);
  expect((await admin.delete(`/api/office/${office.id}/`)).status()).toBe(204);
});

test("a voucher's net price follows its commission before saving", async ({ page, request }) => {
  const admin = await api(request);
  const voucher = (await admin.get('/api/voucher/?status=3&limit=1')).results[0];
  await signInByApi(page);
  await page.goto(`/dashboard/vouchers/${voucher.id}/edit`);
  const form = page.getByRole('form', { name: 'Vouchers' });
  const final = form.getByLabel('Precio final');
  await expect(final).not.toHaveValue('');
  await final.fill('222,00');
  await form.getByLabel('Comisión').fill('32,65');
  await expect(form.getByLabel('Precio neto')).toHaveValue('189,35');
  await expect(form.getByText(messages.bookings.pricesRule)).toBeVisible();
  await form.getByLabel('Precio neto').fill('200');
  await expect(form.getByLabel('Comisión')).toHaveValue('22,00');
});
