/**
 * Staff review of a refund (issue 17 'Staff review (Reintegros)'; SPEC §2 Reintegros, §7 GET
 * /refund/{id}/): a traveller submits a refund through the public API (two receipts and a
 * third-party authorization); staff open it, see the claim and view its receipts in the page,
 * reveal the masked bank data, move it through 'En revisión' -> 'Aprobado' (with the amount
 * approved, after a refused amount) -> 'Pagado', and read every change in its history. Then the
 * list: filters by status and 'En revisión' on the selected rows.
 */
import { expect, test } from '@playwright/test';
import { chileanVoucher, DOCUMENT, RUT, submitRefund } from './refundSubmission';
import { ADMIN, signIn } from './support';

test('staff review a refund: claims, receipts, bank data, in review -> approved -> paid, and its history', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { id, coverage } = await submitRefund(request, await chileanVoucher(request));

  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros?id=${id}`);
  const table = page.getByRole('table', { name: 'Reintegros' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Recibido', exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^Mostrar / }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reintegros/${id}$`));

  // The applicant and the claim.
  await expect(page.getByTestId('refund-status')).toHaveText('Recibido');
  const claim = page.getByTestId('refund-claim');
  await expect(claim).toContainText(coverage);
  await expect(claim).toContainText('España');
  await expect(claim).toContainText('150,25');

  // Receipts in the page: the first shown, next, zoom; the authorization files listed.
  const receipts = page.getByRole('region', { name: 'Comprobantes' });
  await expect(receipts.getByText(/Comprobante 1 de 4/)).toBeVisible();
  const image = receipts.getByRole('img', { name: /factura\.png/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);
  await receipts.getByRole('button', { name: 'Siguiente' }).click();
  await expect(receipts.getByText(/Comprobante 2 de 4/)).toBeVisible();
  await expect(receipts.getByRole('img', { name: /informe\.png/ })).toBeVisible();
  await receipts.getByRole('button', { name: 'Acercar' }).click();
  await expect(receipts.getByRole('img', { name: /informe\.png/ })).toHaveAttribute('style', /width: 150%/);
  await receipts.getByRole('button', { name: 'carta.png' }).click();
  await expect(receipts.getByRole('img', { name: /Carta de autorización: carta\.png/ })).toBeVisible();
  const authorization = page.getByRole('region', { name: 'Autorización de terceros' });
  await expect(authorization).toContainText('Carta de autorización: carta.png');
  await expect(authorization).toContainText('Documento del autorizado: documento.png');

  // Bank data masked, revealed on request.
  await expect(page.getByTestId('bank-rut')).toHaveText('••••28-5');
  await expect(page.getByText(RUT)).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar datos bancarios' }).click();
  await expect(page.getByTestId('bank-rut')).toHaveText(RUT);
  await page.getByRole('button', { name: 'Ocultar', exact: true }).click();
  await expect(page.getByTestId('bank-rut')).toHaveText('••••28-5');

  // In review.
  const transitions = page.getByRole('region', { name: 'Cambiar estado' });
  await expect(transitions.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await transitions.getByRole('button', { name: 'En revisión' }).click();
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText('En revisión');

  // Approved: the claimed amount is offered; a bad amount is refused in Spanish, then accepted.
  await transitions.getByRole('button', { name: 'Aprobar' }).click();
  const amount = transitions.getByLabel(/Monto aprobado/);
  await expect(amount).toHaveValue('150.25');
  await amount.fill('1.234');
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(transitions.getByText('Ingrese un monto válido (hasta 2 decimales).')).toBeVisible();
  await amount.fill('120,5');
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText('Aprobado');
  await expect(claim).toContainText('EUR 120,50');

  // Paid: nothing is offered after it.
  await transitions.getByRole('button', { name: 'Marcar pagado' }).click();
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText('Pagado');
  await expect(transitions.getByText('No hay cambios de estado disponibles')).toBeVisible();

  // The history: newest first, with the status labels, who, and the reveal.
  await page.getByRole('tab', { name: 'Historial' }).click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Marcar pagado');
  await expect(entries.nth(0).getByRole('listitem').filter({ hasText: 'Estado' })).toHaveText(
    'Estado: Aprobado → Pagado',
  );
  await expect(entries.nth(1)).toContainText('Aprobar');
  await expect(entries.nth(1).getByRole('listitem').filter({ hasText: 'Reclamos' })).toContainText(
    'EUR 120,50',
  );
  await expect(entries.nth(2).getByRole('listitem').filter({ hasText: 'Estado' })).toHaveText(
    'Estado: Recibido → En revisión',
  );
  await expect(entries.nth(3)).toContainText('Datos bancarios revelados');
  await expect(entries.nth(3)).toContainText('Administrador (admin)');
  await expect(page.getByText(RUT)).toHaveCount(0);
});

test("the list filters by status and moves the selected refunds to 'En revisión'", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const voucher = await chileanVoucher(request);
  const first = await submitRefund(request, voucher);
  const second = await submitRefund(request, voucher);

  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros?doc_number=${DOCUMENT}&status=RECIBIDO`);
  const filters = page.getByRole('search', { name: 'Filtros' });
  await expect(filters.getByLabel('Estado')).toHaveValue('RECIBIDO');
  const table = page.getByRole('table', { name: 'Reintegros' });
  // This traveller's received refunds: the two just submitted (the first test's is paid).
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'Recibido', exact: true })).toHaveCount(2);
  expect(first.id).not.toBe(second.id);

  await page.getByRole('checkbox', { name: 'Seleccionar la página' }).check();
  await page.getByRole('button', { name: 'En revisión', exact: true }).first().click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'En revisión' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No hay resultados.')).toBeVisible();
  await filters.getByLabel('Estado').selectOption('EN_REVISION');
  await filters.getByLabel('Estado').press('Enter');
  await expect(table.getByRole('cell', { name: 'En revisión', exact: true })).toHaveCount(2);
});
