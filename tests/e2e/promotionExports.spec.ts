/**
 * The promotion exports in the browser (issue 14; SPEC §7 'Promotions' CHECK_EXPORT_VOUCHERS /
 * UPDATE_EXPORT_VOUCHERS, CHECK_EXPORT_OFFICES / UPDATE_EXPORT_OFFICES; §4 'Export notifications';
 * §8 texts): from the Mostrar of the demo sale promotion 'Verano 2027', 'Exportar oficinas' and
 * 'Exportar vouchers' start two exports; the bell announces both, and each click downloads its
 * file (filter_offices.xlsx: exactly the promotion's offices; filter_voucher.xlsx: vouchers of
 * the promotion's product sold by its offices) and marks it consumed. Signed in as Supervisor
 * (promotion/view, office/view, voucher/view), whom no other spec uses, so the bell holds only
 * these exports. Agencia (no office/view) is offered the voucher export only.
 */

import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { OFFICE_EXPORT_HEADERS, signIn } from './support';

const PROMOTION = 'Verano 2027';

async function rowsOf(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test("export a promotion's offices and vouchers from its Mostrar and download them from the bell", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'supervisor');
  await page.goto('/dashboard/promociones');
  await page.getByLabel('Nombre', { exact: true }).fill(PROMOTION);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('link', { name: `Mostrar ${PROMOTION}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/promociones\/show\/\d+$/);
  const promotionId = page.url().split('/').pop();
  await expect(page.getByRole('heading', { name: `Promoción: ${PROMOTION}` })).toBeVisible();

  // The promotion's product, and its offices as the offices view lists them (view=show).
  const productRow = page.getByRole('table', { name: 'Productos de la promoción' }).getByRole('row').nth(1);
  const product = ((await productRow.getByRole('cell').first().textContent()) ?? '').trim();
  await productRow.getByRole('link', { name: 'Ver oficinas' }).click();
  const officesTable = page.getByRole('table', { name: `Oficinas de ${product} en la promoción` });
  await page.getByLabel('Filas por página').selectOption('8');
  await expect(officesTable.getByRole('row')).toHaveCount(4);
  const offices = (await officesTable.getByRole('cell').allTextContents()).map((name) => name.trim()).sort();
  await page.getByRole('link', { name: 'Volver a la promoción' }).click();
  await expect(page.getByRole('heading', { name: `Promoción: ${PROMOTION}` })).toBeVisible();
  expect(offices).toHaveLength(3);

  const officesStarted = page.waitForResponse((answer) =>
    answer.url().includes('/api/promotion_office_report/'),
  );
  await page.getByRole('button', { name: 'Exportar oficinas' }).click();
  const officesAnswer = await officesStarted;
  expect(officesAnswer.status()).toBe(200);
  expect(new URL(officesAnswer.url()).searchParams.get('promotion')).toBe(promotionId);
  await expect(page.getByText('Exportación solicitada')).toBeVisible();

  const vouchersStarted = page.waitForResponse((answer) =>
    answer.url().includes('/api/promotion_voucher_report/'),
  );
  await page.getByRole('button', { name: 'Exportar vouchers' }).click();
  const vouchersAnswer = await vouchersStarted;
  expect(vouchersAnswer.status()).toBe(200);
  expect(new URL(vouchersAnswer.url()).searchParams.get('promotion')).toBe(promotionId);

  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones: 2 notificaciones', { timeout: 40_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });

  // The offices: exactly the three the promotion lists.
  const officesReady = panel.getByRole('button', { name: 'Listado de oficinas disponible para descargar.' });
  const consumed = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && /\/api\/report\/[^/]+\/$/.test(answer.url()),
  );
  let downloading = page.waitForEvent('download');
  await officesReady.click();
  const officesFile = await downloading;
  expect(officesFile.suggestedFilename()).toBe('filter_offices.xlsx');
  expect((await consumed).status()).toBe(200);
  const officeRows = await rowsOf(await officesFile.path());
  expect(officeRows[0]).toEqual(OFFICE_EXPORT_HEADERS);
  expect(
    officeRows
      .slice(1)
      .map((row) => String(row[1]))
      .sort(),
  ).toEqual(offices);
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 notificación');

  // The vouchers: sold under the promotion, so of its product and by one of its offices.
  const vouchersReady = panel.getByRole('button', { name: 'Listado de vouchers disponible para descargar' });
  downloading = page.waitForEvent('download');
  await vouchersReady.click();
  const vouchersFile = await downloading;
  expect(vouchersFile.suggestedFilename()).toBe('filter_voucher.xlsx');
  const voucherRows = await rowsOf(await vouchersFile.path());
  expect(voucherRows[0][0]).toBe('ID');
  expect(voucherRows.length).toBeGreaterThan(1);
  for (const row of voucherRows.slice(1)) {
    expect(row[8]).toBe(product);
    expect(offices).toContain(row[5]);
  }
  await expect(panel.getByText('No hay notificaciones')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaciones');
});

test('a user without office/view (Agencia) is offered only the voucher export', async ({ page }) => {
  await signIn(page, 'agencia');
  await page.goto('/dashboard/promociones');
  await page.getByLabel('Nombre', { exact: true }).fill(PROMOTION);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('link', { name: `Mostrar ${PROMOTION}` }).click();
  await expect(page.getByRole('heading', { name: `Promoción: ${PROMOTION}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar vouchers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar oficinas' })).toHaveCount(0);
});
