/**
 * Staff review of a refund (issue 17 'Staff review (Reintegros)'; SPEC §2 Reintegros, §7 GET
 * /refund/{id}/): a traveller submits a refund through the public API (two receipts and a
 * third-party authorization); staff open it, see the claim and view its receipts in the page,
 * reveal the masked bank data, move it through 'En revisión' -> 'Aprobado' (with the amount
 * approved, after a refused amount) -> 'Pagado', and read every change in its history. Then the
 * list: filters by status and 'En revisión' on the selected rows. Then downloads: the receipt in
 * view, and 'Descargar todo' as one zip holding every file of the refund.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
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
  await expect(amount).toHaveValue('150,25');
  await amount.fill('1,2345');
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(transitions.getByText('Los montos en EUR admiten hasta 2 decimales.').first()).toBeVisible();
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
  // Oldest: the traveller's submission (issue 29: every write path audited), named by its voucher.
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(4)).toContainText('Creación');
  await expect(entries.nth(4)).toContainText(/Viajero \(voucher \d+\)/);
  await expect(entries.nth(0)).toContainText('Marcar pagado');
  await expect(entries.nth(0).getByRole('listitem').filter({ hasText: 'Estado' })).toHaveText(
    'Estado: Aprobado → Pagado',
  );
  await expect(entries.nth(1)).toContainText('Aprobar');
  // Each sub-record change on its own line (issue 32 'History people can read').
  await expect(entries.nth(1).getByRole('listitem').filter({ hasText: 'Reclamos' })).toContainText(
    'Reclamos 1 · Monto aprobado: (vacío) → 120,50',
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
  // The bulk bar says how many selected rows each transition applies to (issue 32).
  await page
    .getByRole('button', { name: /^En revisión \(/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'En revisión' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No hay resultados.')).toBeVisible();
  await filters.getByLabel('Estado').selectOption('EN_REVISION');
  await filters.getByLabel('Estado').press('Enter');
  await expect(table.getByRole('cell', { name: 'En revisión', exact: true })).toHaveCount(2);

  // The claims' country and coverage (contains, any case) and the submission dates narrow it too.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
  const narrowed = (country: string, from: string, to: string) =>
    `/dashboard/reintegros?doc_number=${DOCUMENT}&status=EN_REVISION&country=${country}` +
    `&coverage=${encodeURIComponent(first.coverage.slice(1, 7).toUpperCase())}` +
    `&created_from=${encodeURIComponent(from)}&created_to=${encodeURIComponent(to)}`;
  await page.goto(narrowed('ESP', day(-1), day(1)));
  await expect(filters.getByLabel('País del siniestro')).toHaveValue('ESP');
  // The two just moved to review (the other refunds of this traveller are paid or rejected).
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'En revisión', exact: true })).toHaveCount(2);
  await page.goto(narrowed('ARG', day(-1), day(1)));
  await expect(page.getByText('No hay resultados.')).toBeVisible();
  await page.goto(narrowed('ESP', day(-3), day(-2)));
  await expect(page.getByText('No hay resultados.')).toBeVisible();
});

test("staff download a receipt and 'Descargar todo': every file of the refund in one zip", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { id } = await submitRefund(request, await chileanVoucher(request));
  const token = (await (
    await request.post('/api/token/', { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json()) as { access: string };
  const staff = { authorization: `Bearer ${token.access}` };
  const detail = (await (await request.get(`/api/refund/${id}/`, { headers: staff })).json()) as {
    files: { id: string; name: string }[];
  };
  // Two receipts, the authorization letter and the authorized person's document.
  expect(detail.files.map((file) => file.name).sort()).toEqual([
    'carta.png',
    'documento.png',
    'factura.png',
    'informe.png',
  ]);

  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros/${id}`);
  const receipts = page.getByRole('region', { name: 'Comprobantes' });
  await expect(receipts.getByText(/Comprobante 1 de 4/)).toBeVisible();

  // The receipt in view, as itself.
  const single = page.waitForEvent('download');
  await receipts.getByRole('button', { name: 'Descargar factura.png' }).click();
  const receipt = await single;
  expect(receipt.suggestedFilename()).toBe('factura.png');
  const receiptBytes = readFileSync(await receipt.path());
  expect(receiptBytes.subarray(0, 4).toString('hex')).toBe('89504e47');
  await expect(receipts.getByRole('status')).toHaveText('Descarga lista: factura.png');

  // Every file as one zip, each entry the stored file's bytes.
  const all = page.waitForEvent('download');
  await receipts.getByRole('button', { name: 'Descargar todo' }).click();
  const zip = await all;
  expect(zip.suggestedFilename()).toBe(`reintegro-${id}-archivos.zip`);
  const entries = unzipSync(new Uint8Array(readFileSync(await zip.path())));
  expect(Object.keys(entries).sort()).toEqual(detail.files.map((file) => file.name).sort());
  for (const file of detail.files) {
    const stored = await request.get(`/api/stored_file/${file.id}/`, { headers: staff });
    expect(Buffer.from(entries[file.name]).equals(await stored.body()), file.name).toBe(true);
  }
  expect(Buffer.from(entries['factura.png']).equals(receiptBytes)).toBe(true);
  await expect(receipts.getByRole('status')).toHaveText(`Descarga lista: reintegro-${id}-archivos.zip`);

  // A failed download says why and offers 'Reintentar' (the server's answer held and refused once).
  let refused = false;
  await page.route('**/api/refund_download_file/', async (route) => {
    if (refused) return route.continue();
    refused = true;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"detail":"Servicio no disponible"}',
    });
  });
  await receipts.getByRole('button', { name: 'Descargar todo' }).click();
  await expect(receipts.getByRole('alert')).toContainText('Servicio no disponible');
  const retried = page.waitForEvent('download');
  await receipts.getByRole('button', { name: 'Reintentar' }).click();
  expect((await retried).suggestedFilename()).toBe(`reintegro-${id}-archivos.zip`);
  await expect(receipts.getByRole('alert')).toHaveCount(0);

  // The Chilean traveller's refunds 'Recibido' are counted above: this one is closed.
  const closed = await request.post(`/api/refund/${id}/actions/reject/`, {
    headers: staff,
    data: { reason: 'Prueba e2e terminada' },
  });
  expect(closed.ok(), await closed.text()).toBe(true);
});
