/**
 * Oficinas in the browser (issue 12; SPEC §2 'Oficinas' and its four search modes, §3 'Office',
 * §7 'Offices'): create an office with every sub-record in the one form (amount mask, CUIT check
 * digit, the searchable municipality select, an additional office), search it by each mode, then
 * 'Duplicar' it from its row: the copy opens in edit mode with the sub-records copied.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { signIn } from './support';

const NAME = 'Abril Viajes E2E';

async function searchBy(page: Page, mode: string, term: string) {
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Buscar por').selectOption({ label: mode });
  await filters.getByLabel('Búsqueda').fill(term);
  await filters.getByLabel('Búsqueda').press('Enter');
}

test('creates an office with its sub-records, finds it by each search mode and duplicates it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/oficinas?name=Casa+Central');
  const table = page.getByRole('table', { name: 'Oficinas' });
  // Names, not ids: the country column and the children of the head office.
  const casa = table.getByRole('row', { name: /Casa Central Buenos Aires/ });
  await expect(casa.getByRole('cell', { name: 'Argentina', exact: true })).toBeVisible();
  await expect(casa).toContainText('Sucursal Bariloche');

  await page.getByRole('link', { name: 'Crear', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Datos generales' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Oficinas' });
  await form.getByLabel('Abreviatura').fill('E2E-OF');
  await form.getByLabel('Nombre', { exact: true }).first().fill(NAME);
  await form.getByLabel('CUIT').fill('30712345672');
  await form.getByLabel('Email').first().fill('abril@example.com');
  await form.getByLabel('Teléfono').first().fill('11 4321-5678');
  await form.getByLabel('País').selectOption({ label: 'Uruguay' });
  await form.getByLabel('Unidad de negocio').selectOption({ label: 'Unidad de Negocio Uruguay' });
  // The office picker searches (issue 32): by name, unit, tags or country.
  await form.getByLabel('Buscar oficina padre').fill('casa central buenos');
  await form
    .getByLabel('Oficina padre', { exact: true })
    .selectOption({ label: 'Casa Central Buenos Aires' });
  await form.getByRole('group', { name: 'Tags' }).getByLabel('Premium (PREMIUM)').check();
  // Issue 40: typed the English way, kept as typed, read and said ('Se guardará: ...').
  await form.getByLabel('Presupuesto').fill('1,234,567.89');
  await expect(form.getByLabel('Presupuesto')).toHaveValue('1,234,567.89');
  await expect(form.getByText('Se guardará: 1.234.567,89')).toBeVisible();
  await form.getByLabel('Comisión %').fill('12,5');
  const payments = form.getByRole('group', { name: 'Medios de pago' });
  await payments.getByLabel('Paga con GDS').check();
  await payments.getByLabel('Cantidad de cuotas').fill('6');
  // Sperta invoice address and Karing are sub-records switched on in the form.
  const sperta = form.getByRole('group', { name: 'Dirección de facturación Sperta' });
  await sperta.getByLabel('Tiene dirección de facturación Sperta').check();
  await sperta.getByLabel('Tipo de comprobante').selectOption({ label: 'Factura A' });
  await sperta.getByLabel('Calle').fill('Av. Corrientes');
  await sperta.getByLabel('Código postal').fill('C1043AAZ');
  const karing = form.getByRole('group', { name: 'Karing', exact: true });
  await karing.getByLabel('Tiene integración Karing').check();
  await karing.getByLabel('Buscar municipio').fill('tand');
  await karing.getByLabel('Municipio', { exact: true }).selectOption({ label: 'Tandil (Buenos Aires)' });
  await karing.getByLabel('Código Karing').fill('KR-E2E');
  const aditional = form.getByRole('group', { name: 'Oficinas adicionales' });
  await expect(aditional.getByText('Sin registros cargados.')).toBeVisible();
  await aditional.getByRole('button', { name: 'Agregar oficina adicional' }).click();
  await aditional
    .getByRole('group', { name: 'Oficina adicional 1' })
    .getByLabel('Nombre')
    .fill('Punto de venta Centro');

  // The CUIT's check digit is wrong: the form says so and keeps every typed value.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    form.getByText('El CUIT/CUIL no es válido: revise el dígito verificador (el último).'),
  ).toBeVisible();
  await expect(form.getByLabel('Presupuesto')).toHaveValue('1,234,567.89');
  await form.getByLabel('CUIT').fill('30712345671');

  // A sub-record the server could not save (SPEC §7): 'Hubo un error' above the form, the cause
  // under its nested field, nothing lost. The server's answer is held once with page.route.
  const refusal = {
    detail: messages.offices.subRecordFailed,
    'karing.municipality': [messages.resources.referenceMissing],
  };
  await page.route('**/api/office/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('alert').filter({ hasText: messages.offices.subRecordFailed })).toBeVisible();
  await expect(karing.getByText(messages.resources.referenceMissing)).toBeVisible();
  await expect(form.getByLabel('Presupuesto')).toHaveValue('1,234,567.89');
  await expect(karing.getByLabel('Código Karing')).toHaveValue('KR-E2E');
  await page.unroute('**/api/office/');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/oficinas(\?.*)?$/);

  // The four search modes of SPEC §2, one text each.
  await searchBy(page, 'Nombre', 'abril viajes');
  await expect(page).toHaveURL(/name=abril\+viajes/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: NAME, exact: true })).toBeVisible();
  await searchBy(page, 'Unidad de negocio', 'Uruguay');
  await expect(page).toHaveURL(/bussines_unit_name=Uruguay/);
  await expect(page).not.toHaveURL(/[?&]name=/);
  await expect(table.getByRole('cell', { name: NAME, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Argentina', exact: true })).toHaveCount(0);
  await searchBy(page, 'Tags', 'premium');
  await expect(page).toHaveURL(/tag_name=premium/);
  await expect(table.getByRole('cell', { name: NAME, exact: true })).toBeVisible();
  await searchBy(page, 'País', 'urugu');
  await expect(page).toHaveURL(/country_name=urugu/);
  await expect(table.getByRole('cell', { name: NAME, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Sucursal Córdoba', exact: true })).toHaveCount(0);
  // A reload keeps the mode and the text.
  await page.reload();
  await expect(page.getByRole('search', { name: 'Filtros' }).getByLabel('Buscar por')).toHaveValue(
    'country_name',
  );
  await expect(page.getByRole('search', { name: 'Filtros' }).getByLabel('Búsqueda')).toHaveValue('urugu');

  // Duplicar from the row: the copy opens in edit mode with the sub-records copied.
  await page.getByRole('button', { name: `Duplicar ${NAME}` }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Duplicar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/oficinas\/\d+\/edit$/);
  const copy = page.getByRole('form', { name: 'Oficinas' });
  await expect(copy.getByLabel('Nombre', { exact: true }).first()).toHaveValue(`${NAME} (copia)`);
  await expect(copy.getByLabel('Abreviatura')).toHaveValue('E2E-OF-2');
  await expect(copy.getByLabel('Presupuesto')).toHaveValue('1.234.567,89');
  await expect(
    copy.getByRole('group', { name: 'Dirección de facturación Sperta' }).getByLabel('Calle'),
  ).toHaveValue('Av. Corrientes');
  await expect(
    copy.getByRole('group', { name: 'Karing', exact: true }).getByLabel('Municipio', { exact: true }),
  ).toHaveValue(/\d+/);
  await expect(copy.getByRole('group', { name: 'Oficina adicional 1' }).getByLabel('Nombre')).toHaveValue(
    'Punto de venta Centro',
  );
  await copy.getByLabel('Nombre', { exact: true }).first().fill(`${NAME} Sur`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/oficinas(\?.*)?$/);
  await searchBy(page, 'Nombre', 'abril viajes');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: `${NAME} Sur`, exact: true })).toBeVisible();
});

test('the Oficinas list and form pass the WCAG A/AA checks of axe', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/oficinas?name=Casa+Central');
  await expect(page.getByRole('table', { name: 'Oficinas' })).toBeVisible();
  // The list's tabs no longer point aria-controls at a panel never rendered (issue 18).
  const list = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(list.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
  await page.goto('/dashboard/oficinas/create');
  const form = page.getByRole('form', { name: 'Oficinas' });
  await form
    .getByRole('group', { name: 'Karing', exact: true })
    .getByLabel('Tiene integración Karing')
    .check();
  await form.getByRole('button', { name: 'Agregar oficina adicional' }).click();
  const analysis = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(analysis.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
});
