/**
 * Exports from the bell (issue 12; SPEC §4 'Export notifications', §8): the Oficinas list is
 * filtered and exported, the page is reloaded while the export is pending (it resumes), the bell
 * shows 'Listado de oficinas disponible para descargar.', its click downloads filter_offices.xlsx
 * (opened here with exceljs: its rows are the list's rows) and marks the export consumed.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { OFFICE_EXPORT_HEADERS, signIn } from './support';

test('export the filtered office list and download it from the bell', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await page.goto('/dashboard/oficinas');
  // The 'Nombre' search mode (SPEC §2 'Office search modes'): a fragment that matches a few offices.
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Buscar por').selectOption({ label: 'Nombre' });
  await filters.getByLabel('Búsqueda').fill('Sucursal M');
  await filters.getByLabel('Búsqueda').press('Enter');
  const table = page.getByRole('table', { name: 'Oficinas' });
  await expect(table.getByRole('row').nth(1)).toContainText('Sucursal M');
  const listed = (await table.getByRole('row').allInnerTexts()).slice(1);
  const names = listed.map((row) => row.split('\t')[0].trim());
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name).toContain('Sucursal M');

  const started = page.waitForResponse((response) => response.url().includes('/api/office_report/'));
  await page.getByRole('button', { name: 'Exportar' }).click();
  const response = await started;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get('name')).toBe('Sucursal M');
  await expect(page.getByText('Exportación solicitada')).toBeVisible();

  // A reload while the export is pending: the bell resumes it.
  await page.reload();
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 notificación', { timeout: 40_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  const ready = panel.getByRole('button', { name: 'Listado de oficinas disponible para descargar.' });
  await expect(ready).toBeVisible();

  const consumed = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && /\/api\/report\/[^/]+\/$/.test(answer.url()),
  );
  const downloading = page.waitForEvent('download');
  await ready.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('filter_offices.xlsx');
  expect((await consumed).status()).toBe(200);
  await expect(panel.getByText('No hay notificaciones')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificaciones');

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(OFFICE_EXPORT_HEADERS);
  expect(
    rows
      .slice(1)
      .map((row) => String(row[1]))
      .sort(),
  ).toEqual(names.sort());
  for (const row of rows.slice(1)) {
    expect(row[3]).toBe('Sí');
    expect(['Argentina', 'Chile', 'Uruguay', 'México', 'España']).toContain(row[5]);
  }
});
