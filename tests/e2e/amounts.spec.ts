/**
 * Issue 40 (money), 'Done when': typed amounts in both formats, against the shipped server. In the
 * claim dialog, 'Monto solicitado' keeps what is typed ('1,000.50', '1000.50', '1.000,50'), says
 * how it read it ('Se cargará: USD 1.000,50'), and refuses what it cannot read instead of
 * dropping or shifting a digit ('12345678', '-5'); a CLP amount has no decimals. In staff's
 * review, the approve form accepts the amount in the format its own label prints and the English
 * one, and the claim then shows the approved amount in its currency.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { loginFor, openWizard } from './portalSupport';
import { chileanVoucher, submitRefund } from './refundSubmission';
import { ADMIN, signIn } from './support';

const text = messages.amounts;

test('the claim dialog reads amounts typed either way and never rewrites them', async ({ page }) => {
  await openWizard(page, loginFor());
  await page.getByRole('button', { name: 'continuar' }).click();
  await page.getByRole('button', { name: 'Cargar reintegros' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carga de reintegro' });
  await dialog.getByLabel('Moneda de gasto').selectOption('USD');
  const amount = dialog.getByLabel('Monto solicitado');

  for (const typed of ['1,000.50', '1000.50', 'US$ 1.000,50', '1000,5']) {
    await amount.fill(typed);
    // What was typed stays; how it was read is said under the field.
    await expect(amount).toHaveValue(typed);
    await expect(dialog.getByText(text.willLoad('USD 1.000,50'))).toBeVisible();
  }
  // The Spanish display form is read as itself: nothing to explain.
  await amount.fill('1.000,50');
  await expect(dialog.getByText(/^Se cargará:/)).toHaveCount(0);
  // Ambiguous: a thousands separator in Spanish, and the field says so.
  await amount.fill('1.000');
  await expect(dialog.getByText(text.willLoad('USD 1.000,00'))).toBeVisible();
  // Never cut, never made positive: refused with a message.
  await amount.fill('12345678');
  await expect(amount).toHaveValue('12345678');
  await expect(dialog.getByText(text.tooLarge(7))).toBeVisible();
  await amount.fill('-5');
  await expect(amount).toHaveValue('-5');
  await expect(dialog.getByText(text.negative)).toBeVisible();
  // Chilean pesos have no minor units.
  await dialog.getByLabel('Moneda de gasto').selectOption('CLP');
  await amount.fill('84.900');
  await expect(dialog.getByText(/^Se cargará:/)).toHaveCount(0);
  await expect(dialog.getByText(text.tooManyDecimals(0, 'CLP'))).toHaveCount(0);
  await amount.fill('84.900,50');
  await expect(dialog.getByText(text.tooManyDecimals(0, 'CLP'))).toBeVisible();
  await amount.fill('84900');
  await expect(dialog.getByText(text.willLoad('CLP 84.900'))).toBeVisible();
});

test('the approve form accepts the amount as its label prints it and the English way', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { id } = await submitRefund(request, await chileanVoucher(request));
  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros/${id}`);
  const transitions = page.getByRole('region', { name: 'Cambiar estado' });
  await transitions.getByRole('button', { name: 'En revisión' }).click();
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText('En revisión');

  await transitions.getByRole('button', { name: 'Aprobar' }).click();
  // The label prints the claim as 'EUR 150,25'; the field starts with the same figure.
  const amount = transitions.getByLabel(/Monto aprobado .*EUR 150,25/);
  await expect(amount).toHaveValue('150,25');
  await expect(transitions.getByText(/^Se aprobará:/)).toHaveCount(0);
  // English: read and said.
  await amount.fill('120.50');
  await expect(transitions.getByText(text.willApprove('EUR 120,50'))).toBeVisible();
  // What it cannot read is said, in Spanish, before anything is sent.
  await amount.fill('1,2345');
  await expect(transitions.getByText(text.tooManyDecimals(2, 'EUR'))).toBeVisible();
  // Its own label's format, with thousands: read as written, refused only for being over the claim.
  await amount.fill('8.000,50');
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(transitions.getByText(/no puede superar el reclamado \(EUR 150,25\)/)).toBeVisible();
  await expect(transitions.getByText('Ingrese un monto válido')).toHaveCount(0);
  await amount.fill('120.50');
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText('Aprobado');
  await expect(page.getByTestId('refund-claim')).toContainText('EUR 120,50');
});
