/**
 * Facturación in the browser (issue 16; SPEC §2 'Facturación', §3 'Invoicing row'): as an
 * Administracion user, filter this month's reservations not yet invoiced, select two rows, mark
 * them FACTURADO with a document type, number and date, see the server's totals change, read
 * the change in one row's Historial and its payment detail.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { signIn } from './support';

const pad = (value: number) => String(value).padStart(2, '0');

test('an Administracion user marks selected reservations FACTURADO and sees the totals and the history change', async ({
  page,
}) => {
  await signIn(page, 'administracion');
  const now = new Date();
  const month = `${pad(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`;
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  await page.goto('/dashboard/facturacion');
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Creada desde').fill(`01/${month}`);
  await filters.getByLabel('Creada hasta').fill(`${pad(last)}/${month}`);
  await filters.getByLabel('Estado de facturación').selectOption({ label: 'NO FACTURADO' });
  await expect(page).toHaveURL(/invoicing_status=1/);

  const totals = page.getByRole('table', { name: 'Totales del filtro' });
  await expect(totals).toBeVisible();
  const countOf = async () => {
    const cells = await totals.locator('tbody tr td:first-of-type').allTextContents();
    return cells.reduce((sum, cell) => sum + Number(cell.replace(/\D/g, '')), 0);
  };
  await expect.poll(countOf).toBeGreaterThan(2);
  const before = await countOf();

  const table = page.getByRole('table', { name: 'Facturación' });
  const rows = table.locator('tbody tr');
  const first = (await rows.nth(0).locator('td').nth(1).textContent())?.trim() ?? '';
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Marcar FACTURADO' }).click();
  const dialog = page.getByRole('dialog');
  // Sent empty, every field says what it needs at once (issue 32), and typing keeps the others'.
  await dialog.getByRole('button', { name: 'Marcar FACTURADO' }).click();
  const errors = messages.invoicing.errors;
  for (const [label, message] of [
    ['Tipo de comprobante', errors.documentTypeRequired],
    ['Número de comprobante', errors.documentNumberRequired],
    ['Fecha de facturación', errors.dateFactRequired],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
  }
  await dialog.getByLabel('Tipo de comprobante').selectOption('FCC');
  await expect(dialog.getByLabel('Tipo de comprobante')).toHaveAttribute('aria-invalid', 'false');
  await expect(dialog.getByLabel('Número de comprobante')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Número de comprobante').fill('A-0001-00000042');
  await dialog.getByLabel('Fecha de facturación').fill(`15/${month}`);
  await dialog.getByRole('button', { name: 'Marcar FACTURADO' }).click();
  await expect(dialog).toBeHidden();

  // Some selected reservation may be refused (all its vouchers cancelled): the report says why.
  const report = page.getByRole('dialog', { name: 'Algunos registros no se procesaron' });
  await report
    .getByRole('button', { name: 'Cerrar' })
    .click({ timeout: 1500 })
    .catch(() => undefined);
  await expect.poll(countOf).toBeLessThan(before);

  // The invoiced row leaves the NO FACTURADO filter; find it by id and read its history.
  await filters.getByLabel('Estado de facturación').selectOption({ label: 'FACTURADO' });
  await filters.getByLabel('Reserva').fill(first);
  await filters.getByLabel('Reserva').press('Enter');
  // The row of that reservation, once the filtered page is there ('NO FACTURADO' rows of the page
  // before also contain 'FACTURADO': wait for the exact status cell).
  const invoiced = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: first, exact: true }) });
  await expect(invoiced.getByRole('cell', { name: 'FACTURADO', exact: true })).toBeVisible();
  await invoiced.getByRole('link', { name: /^Mostrar/ }).click();
  await page.getByRole('tab', { name: 'Historial' }).click();
  const entry = page
    .getByRole('table', { name: 'Historial de cambios' })
    .getByTestId('history-entry')
    .first();
  await expect(entry).toContainText('Marcar FACTURADO');
  await expect(entry).toContainText('FCC');

  // How it was paid (GET /payment_detail/): the demo payments follow the office's payment settings.
  await page.getByRole('tab', { name: 'Detalle de pago' }).click();
  const payments = page.getByRole('table', { name: 'Detalle de pago' });
  await expect(payments.locator('tbody tr').first()).toContainText(
    /Tarjeta|Transferencia|Crédito|GDS|Billetera|Pago web/,
  );
});
