/**
 * Reservas y Vouchers (issue 15; SPEC §2, §4 'Vouchers' and 'Export notifications', §6): as Agencia
 * change a voucher's status and see the prices read-only; as Super Administrador edit a price;
 * select three vouchers and change their status; cancel every voucher of a reservation (confirmed
 * first); export the voucher list and download filter_voucher.xlsx from the bell.
 */

import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './support';

async function idsOf(table: Locator, pattern: RegExp, count: number): Promise<string[]> {
  await expect(table.getByRole('link', { name: pattern }).first()).toBeVisible();
  const labels = await table
    .getByRole('link', { name: pattern })
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
  return labels.slice(0, count).map((label) => /N° (\d+)/.exec(label)?.[1] ?? '');
}

const vouchersTable = (page: Page) => page.getByRole('table', { name: 'Vouchers' });

test('Agencia changes a voucher status and sees the prices read-only', async ({ page }) => {
  await signIn(page, 'agencia');
  await page.goto('/dashboard/vouchers?status=3');
  const table = vouchersTable(page);
  const [id] = await idsOf(table, /^Mostrar Voucher N° \d+$/, 1);
  expect(id).toMatch(/^\d+$/);
  await page.getByRole('button', { name: `Pedir cancelación Voucher N° ${id}`, exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Pedir cancelación' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('link', { name: `Mostrar Voucher N° ${id}`, exact: true })).toHaveCount(0);

  await page.goto(`/dashboard/vouchers/${id}/edit`);
  const form = page.getByRole('form', { name: 'Vouchers' });
  await expect(form.getByLabel('Estado', { exact: true })).toBeEnabled();
  await expect(form.getByLabel('Estado', { exact: true })).toHaveValue('1');
  await expect(form.getByLabel('Precio final')).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('Comisión')).toHaveAttribute('readonly', '');
});

test('Super Administrador edits the prices', async ({ page }) => {
  await signIn(page, 'super_administrador');
  await page.goto('/dashboard/vouchers?status=4');
  const [id] = await idsOf(vouchersTable(page), /^Mostrar Voucher N° \d+$/, 1);
  await page.goto(`/dashboard/vouchers/${id}/edit`);
  const form = page.getByRole('form', { name: 'Vouchers' });
  await form.getByLabel('Precio final').fill('321,50');
  const saved = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && answer.url().endsWith(`/api/voucher/${id}/`),
  );
  await form.getByRole('button', { name: 'Guardar' }).click();
  expect((await saved).status()).toBe(200);
  await page.goto(`/dashboard/vouchers/${id}/edit`);
  await expect(page.getByRole('form', { name: 'Vouchers' }).getByLabel('Precio final')).toHaveValue('321,50');
});

test("Ejecutivo edits a voucher's passenger", async ({ page }) => {
  await signIn(page, 'ejecutivo');
  await page.goto('/dashboard/vouchers?status=4');
  const [id] = await idsOf(vouchersTable(page), /^Mostrar Voucher N° \d+$/, 1);
  await page.goto(`/dashboard/vouchers/${id}/edit`);
  const form = page.getByRole('form', { name: 'Vouchers' });
  const passenger = form.getByRole('group', { name: 'Pasajero 1' });
  await expect(passenger.getByLabel('Nombre', { exact: true })).toBeEditable();
  await expect(form.getByLabel('Precio final')).toHaveAttribute('readonly', '');
  await passenger.getByLabel('Nombre', { exact: true }).fill('Ana Lucía');
  await passenger.getByLabel('Teléfono').fill('1155554444');
  const saved = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && answer.url().endsWith(`/api/voucher/${id}/`),
  );
  await form.getByRole('button', { name: 'Guardar' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  // Only what the role may edit is sent: the passenger's fields, never the prices.
  const body = answer.request().postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['observations', 'pax', 'status']);
  await page.goto(`/dashboard/vouchers/${id}`);
  const shown = page.getByRole('form', { name: 'Vouchers' }).getByRole('group', { name: 'Pasajero 1' });
  await expect(shown.getByLabel('Nombre', { exact: true })).toHaveValue('Ana Lucía');
  await expect(shown.getByLabel('Teléfono')).toHaveValue('1155554444');
});

test("Agencia sees a voucher's passengers read-only", async ({ page }) => {
  await signIn(page, 'agencia');
  await page.goto('/dashboard/vouchers');
  const [own] = await idsOf(vouchersTable(page), /^Mostrar Voucher N° \d+$/, 1);
  await page.goto(`/dashboard/vouchers/${own}/edit`);
  const agencyForm = page.getByRole('form', { name: 'Vouchers' });
  const readOnly = agencyForm.getByRole('group', { name: 'Pasajero 1' });
  await expect(agencyForm.getByLabel('Estado', { exact: true })).toBeEnabled();
  for (const label of ['Nombre', 'Apellido', 'Documento', 'Email', 'Teléfono'])
    await expect(readOnly.getByLabel(label, { exact: true })).toHaveAttribute('readonly', '');
});

test('select three vouchers and change their status', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/vouchers?status=3');
  const table = vouchersTable(page);
  const ids = await idsOf(table, /^Mostrar Voucher N° \d+$/, 3);
  expect(ids).toHaveLength(3);
  for (const id of ids) await page.getByLabel(`Seleccionar Voucher N° ${id}`, { exact: true }).check();
  // The bulk bar says how many selected rows the action applies to (issue 32).
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: 'Pedir cancelación (aplica a 3 de 3)', exact: true })
    .click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Pedir cancelación' }).click();
  await expect(confirm).toBeHidden();
  for (const id of ids)
    await expect(table.getByRole('link', { name: `Mostrar Voucher N° ${id}`, exact: true })).toHaveCount(0);
  await page.goto('/dashboard/vouchers?status=1');
  for (const id of ids)
    await expect(table.getByRole('link', { name: `Mostrar Voucher N° ${id}`, exact: true })).toHaveCount(1);
});

test('cancel all the vouchers of a reservation', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/reservas?status=3');
  const table = page.getByRole('table', { name: 'Reservas' });
  const [id] = await idsOf(table, /^Mostrar Reserva N° \d+$/, 1);
  await page.getByRole('button', { name: `Cancelar todos Reserva N° ${id}`, exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Cancelar todos' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('link', { name: `Mostrar Reserva N° ${id}`, exact: true })).toHaveCount(0);
  await page.goto(`/dashboard/vouchers?status=2`);
  await page.goto(`/dashboard/reservas/${id}`);
  await expect(page.getByLabel('Vouchers', { exact: true })).toHaveValue(/CANCELADO/);
  await expect(page.getByLabel('Vouchers', { exact: true })).not.toHaveValue(/EMITIDO/);
  // The reservation shows its travellers too (name, document, email).
  await expect(page.getByLabel('Pasajeros', { exact: true })).toHaveValue(/ - DNI \d+ - \S+@\S+/);
});

test('download the reservations of the current filters as CSV', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/reservas?status=3');
  await expect(page.getByRole('table', { name: 'Reservas' }).getByRole('link').first()).toBeVisible();
  const asked = page.waitForRequest((call) => call.url().includes('/api/csv_reservation_filter/'));
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get('offset')).toBe('0');
  expect(Number(url.searchParams.get('limit'))).toBeGreaterThan(0);
  expect(url.searchParams.get('status')).toBe('3');
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('reservas.csv');
  const content = readFileSync((await file.path()) ?? '', 'utf8');
  expect(content.startsWith('\uFEFFID;')).toBe(true);
  const lines = content.trim().split('\r\n');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(';EMITIDO;');
  await expect(page.getByRole('status').filter({ hasText: 'Se descargó reservas.csv.' })).toBeVisible();
});

test('export the voucher list and download it from the bell', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await page.goto('/dashboard/vouchers?status=6');
  const table = vouchersTable(page);
  await expect(table.getByRole('link', { name: /^Mostrar Voucher N° \d+$/ }).first()).toBeVisible();
  const started = page.waitForResponse((response) => response.url().includes('/api/csv_voucher_filter/'));
  await page.getByRole('button', { name: 'Exportar' }).click();
  const response = await started;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('status')).toBe('6');
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 notificación', { timeout: 40_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  const ready = panel.getByRole('button', { name: 'Listado de vouchers disponible para descargar' });
  const downloading = page.waitForEvent('download');
  await ready.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('filter_voucher.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('ID');
  expect(sheet.rowCount).toBeGreaterThan(1);
  for (let row = 2; row <= sheet.rowCount; row++)
    expect(sheet.getRow(row).getCell(10).value).toBe('PENDIENTE DE PAGO');
});

test('print a voucher and its multivoucher, and send the terms', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/vouchers?status=3');
  const [id] = await idsOf(vouchersTable(page), /^Mostrar Voucher N° \d+$/, 1);
  await page.goto(`/dashboard/vouchers/${id}`);
  const documents = page.getByRole('region', { name: 'Documentos del voucher' });
  // Issue 32: the panel sits under the page's title, not above it.
  const title = page.getByRole('heading', { level: 1, name: 'Vouchers: detalle' });
  await expect(documents).toBeVisible();
  expect(
    await title.evaluate(
      (heading, panel) =>
        Boolean(heading.compareDocumentPosition(panel as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await documents.elementHandle(),
    ),
  ).toBe(true);
  let downloading = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Imprimir voucher' }).click();
  const single = await downloading;
  expect(single.suggestedFilename()).toBe(`voucher_${id}.pdf`);
  expect(
    readFileSync(await single.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(documents.getByRole('status')).toHaveText(/PDF descargado: voucher_/);

  downloading = page.waitForEvent('download');
  await documents.getByRole('button', { name: 'Imprimir multivoucher' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^multivoucher_\d+\.pdf$/);

  await documents.getByRole('button', { name: 'Enviar condiciones' }).click();
  await expect(documents.getByRole('status')).toHaveText(/Email enviado\./);
  await documents.getByRole('button', { name: 'Cerrar' }).click();
  await expect(documents.getByRole('status')).toHaveCount(0);
});

test('the reservation form offers for editing only what the server changes (issue 32)', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/reservas');
  const table = page.getByRole('table', { name: 'Reservas' });
  const [id] = await idsOf(table, /^Mostrar Reserva N° \d+$/, 1);
  await page.goto(`/dashboard/reservas/${id}/edit`);
  for (const label of ['ID', 'Precio total'])
    await expect(page.getByLabel(label, { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('Estado', { exact: true })).toBeEnabled();
  await expect(page.getByLabel('Cancelación automática', { exact: true })).toBeEnabled();
});

test('the selection column holds only its checkboxes; their names are for assistive technology (issue 32)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/vouchers');
  const table = page.getByRole('table', { name: 'Vouchers' });
  const [id] = await idsOf(table, /^Mostrar Voucher N° \d+$/, 1);
  const checkbox = table.getByRole('checkbox', { name: `Seleccionar Voucher N° ${id}`, exact: true });
  await expect(checkbox).toBeVisible();
  await expect(table.getByText(`Seleccionar Voucher N° ${id}`, { exact: true })).not.toBeInViewport();
  const cell = table.locator('tbody tr').first().getByRole('cell').first();
  expect((await cell.boundingBox())?.width).toBeLessThan(64);
});
