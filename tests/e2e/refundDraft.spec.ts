/**
 * Issue 30 §1 'Done when', in Chromium against the shipped server: a claim started with a receipt
 * and bank data, 'Guardar y seguir después', the browser closed; a login from a new browser finds
 * everything (the step, the claim with its receipt, the bank data, the edited email), finishes and
 * sends it, and the draft is gone. Then two tabs of one session: the stale one is told (409) and
 * loads the newer draft. Then two devices (issue 40, traveller reach): the one whose session the
 * other's login replaced is told so, never offered 'Reintentar guardado', and signs in again from
 * the wizard keeping what is on screen.
 *
 * The Colombian traveller, whom no other spec logs in as (the seeded travellers whose trip has not
 * ended cannot log in yet); the second test discards its draft at the end, so nothing is left.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { answerChecklist } from './claimChecklist';
import { gradientPng } from './fixtures/refund/files';

const text = messages.refund;
const COLOMBIAN = '1020304050';

interface LoginAnswer {
  access: string;
  refunds: { coverages: string[]; multi_cause_coverages: string[]; date_in: string };
}

/**
 * The voucher found by the last call, tried first: each failed candidate counts against the
 * address's failed-login limit (five free), which three tests would otherwise reach.
 */
const found = new Map<string, string>();

/** The seeded voucher of a traveller, with the login answer (the API login, as the portal's). */
async function voucherOf(
  browser: Browser,
  document: string,
): Promise<{ voucher: string; login: LoginAnswer }> {
  const context = await browser.newContext();
  try {
    const candidates = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
    const known = found.get(document);
    for (const candidate of known ? [known, ...candidates.filter((one) => one !== known)] : candidates) {
      const answer = await context.request.get(
        `/api/refund_data/?voucher_id=${candidate}&document=${document}`,
      );
      if (!answer.ok()) continue;
      const login = (await answer.json()) as LoginAnswer;
      // A draft left by an earlier run of this spec is discarded: each test starts afresh.
      const discarded = await context.request.delete('/api/refund_data/draft/', {
        headers: { authorization: `Bearer ${login.access}` },
      });
      expect(discarded.status()).toBe(204);
      found.set(document, candidate);
      return { voucher: candidate, login };
    }
  } finally {
    await context.close();
  }
  throw new Error(`no seeded voucher for ${document}`);
}

/** The wizard, past the list of refunds already sent if there is one ('Solicitar otro reintegro'). */
async function wizardShown(page: Page) {
  const wizard = page.getByRole('heading', { name: text.wizardTitle });
  const another = page.getByRole('button', { name: messages.refundLinks.newRefund });
  await expect(wizard.or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await expect(wizard).toBeVisible();
}

/** Logs in on the portal's page. */
async function logIn(page: Page, document: string, voucher: string) {
  await page.goto('/refund');
  await page.getByLabel('Documento').fill(document);
  await page.getByLabel('Voucher').fill(voucher);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await wizardShown(page);
}

const typedDate = (iso: string) => iso.split('-').reverse().join('/');

test('a claim saved with "Guardar y seguir después" is resumed from another browser and sent', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { voucher, login } = await voucherOf(browser, COLOMBIAN);
  const coverage = login.refunds.coverages.find(
    (name) => !login.refunds.multi_cause_coverages.includes(name),
  )!;

  // The first browser: email edited, one claim with a receipt, part of the bank data.
  const first = await browser.newContext();
  const page = await first.newPage();
  await logIn(page, COLOMBIAN, voucher);
  await page.getByLabel(text.emailLabel).fill('valentina.borrador@example.com');
  await page.getByRole('button', { name: text.continueButton }).click();
  await page.getByRole('button', { name: text.loadClaimsButton }).click();
  const dialog = page.getByRole('dialog', { name: text.claimDialogTitle });
  await dialog.getByLabel(text.sinisterCountryLabel).selectOption('COL');
  await dialog.getByLabel(text.sinisterDateLabel).fill(typedDate(login.refunds.date_in));
  await dialog.getByLabel(text.coverageLabel).selectOption(coverage);
  await dialog.getByLabel(text.currencyLabel).selectOption('USD');
  await dialog.getByLabel(text.amountLabel).fill('95');
  await dialog
    .getByTestId('claim-files')
    .setInputFiles([{ name: 'recibo-farmacia.png', mimeType: 'image/png', buffer: gradientPng(48, 48) }]);
  await expect(dialog.getByText('recibo-farmacia.png')).toBeVisible();
  await answerChecklist(dialog);
  await dialog.getByRole('button', { name: text.claimDialogSubmit }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: text.continueButton }).click();
  await expect(page.getByRole('heading', { name: text.paymentTitle })).toBeVisible();
  await page.getByLabel('Titular de la cuenta').fill('Valentina Gómez');
  await page.getByLabel('Cédula').fill(COLOMBIAN);
  await page.getByRole('button', { name: text.saveAndContinueLater }).click();
  await expect(page.getByRole('status').filter({ hasText: text.draftSaved })).toBeVisible();
  await first.close();

  // A new browser (no sessionStorage): everything is there, at the same step.
  const second = await browser.newContext();
  const again = await second.newPage();
  await logIn(again, COLOMBIAN, voucher);
  await expect(again.getByRole('heading', { name: text.paymentTitle })).toBeVisible();
  await expect(again.getByLabel('Titular de la cuenta')).toHaveValue('Valentina Gómez');
  await expect(again.getByLabel('Cédula')).toHaveValue(COLOMBIAN);
  await again.getByRole('button', { name: text.previousButton }).click();
  const card = again.getByRole('listitem', { name: coverage });
  await expect(card).toContainText(text.cardFiles(1));
  await again.getByRole('button', { name: text.previousButton }).click();
  await expect(again.getByLabel(text.emailLabel)).toHaveValue('valentina.borrador@example.com');

  // Finished and sent from here.
  await again.getByRole('button', { name: text.continueButton }).click();
  await again.getByRole('button', { name: text.continueButton }).click();
  await again.getByLabel('Destinatario del reintegro').selectOption('Cuenta propia');
  await again.getByLabel('Banco', { exact: true }).fill('Bancolombia');
  await again.getByLabel('Tipo de cuenta').selectOption('Caja de ahorro en pesos');
  await again.getByLabel('Número de cuenta').fill('123456789');
  await again.getByLabel('Dirección', { exact: true }).fill('Calle 10 # 5-20, Bogotá');
  await again.getByLabel('Teléfono', { exact: true }).fill('+57 601 3456789');
  await again.getByRole('button', { name: text.finishButton }).click();
  await expect(again.getByRole('heading', { name: text.successTitle })).toBeVisible({ timeout: 30_000 });
  await second.close();

  // The submission deleted the draft: a new login reads none.
  const third = await browser.newContext();
  const relogin = (await (
    await third.request.get(`/api/refund_data/?voucher_id=${voucher}&document=${COLOMBIAN}`)
  ).json()) as LoginAnswer;
  const draft = await third.request.get('/api/refund_data/draft/', {
    headers: { authorization: `Bearer ${relogin.access}` },
  });
  expect(await draft.json()).toEqual({ draft: null });
  await third.close();
});

test('a tab whose save is stale (another tab saved first) is told and loads the newer draft', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { voucher } = await voucherOf(browser, COLOMBIAN);
  const context = await browser.newContext();
  const first = await context.newPage();
  await logIn(first, COLOMBIAN, voucher);
  // A duplicated tab: the same session (its sessionStorage copied), its own wizard.
  const stored = await first.evaluate(() => sessionStorage.getItem('refundLogin'));
  const second = await context.newPage();
  await second.addInitScript((login) => {
    if (!sessionStorage.getItem('refundLogin')) sessionStorage.setItem('refundLogin', login);
  }, stored!);
  await second.goto('/dashboardRefund');
  await wizardShown(second);
  const firstEmail = first.getByLabel(text.emailLabel);
  const secondEmail = second.getByLabel(text.emailLabel);
  await expect(secondEmail).toHaveValue(await firstEmail.inputValue());

  // Both read the same draft; the first saves (step change), then the second: 409.
  await firstEmail.fill('valentina.primera@example.com');
  await first.getByRole('button', { name: text.continueButton }).click();
  await expect(first.getByRole('heading', { name: text.claimsTitle })).toBeVisible();
  await first.getByRole('button', { name: text.saveAndContinueLater }).click();
  await expect(first.getByRole('status').filter({ hasText: text.draftSaved })).toBeVisible();
  await secondEmail.fill('valentina.segunda@example.com');
  await second.getByRole('button', { name: text.saveAndContinueLater }).click();
  const stale = second.getByRole('alert').filter({ hasText: text.draftStale });
  await expect(stale).toBeVisible();
  await expect(secondEmail).toHaveValue('valentina.segunda@example.com');

  // Loading the newer draft shows the first tab's data at its step.
  await stale.getByRole('button', { name: text.draftLoadNewer }).click();
  await expect(second.getByRole('heading', { name: text.claimsTitle })).toBeVisible();
  await expect(stale).toBeHidden();
  await second.getByRole('button', { name: text.previousButton }).click();
  await expect(secondEmail).toHaveValue('valentina.primera@example.com');

  // Nothing left for later specs: the draft is discarded with the tabs' session.
  const discarded = await second.evaluate(async (login) => {
    const { access } = JSON.parse(login) as { access: string };
    const answer = await fetch('/api/refund_data/draft/', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access}` },
    });
    return answer.status;
  }, stored!);
  expect(discarded).toBe(204);
  await context.close();
});

test('a device whose session another login replaced is told so and signs in again, keeping the screen (issue 40)', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { voucher } = await voucherOf(browser, COLOMBIAN);
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await logIn(first, COLOMBIAN, voucher);
  const firstEmail = first.getByLabel(text.emailLabel);
  await firstEmail.fill('valentina.telefono@example.com');

  // Another device logs in with the same voucher and document: the first one's token is revoked.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await logIn(second, COLOMBIAN, voucher);

  await first.getByRole('button', { name: text.saveAndContinueLater }).click();
  const signedOut = first.getByTestId('draft-signed-out');
  await expect(signedOut).toContainText(text.sessionReplaced);
  await expect(signedOut).toContainText(text.draftSignedOutKept);
  await expect(first.getByRole('button', { name: text.draftRetry })).toHaveCount(0);
  await expect(firstEmail).toHaveValue('valentina.telefono@example.com');

  // 'Volver a ingresar' logs in again here and saves what is on screen.
  await signedOut.getByRole('button', { name: text.draftSignIn }).click();
  await expect(signedOut).toBeHidden();
  await expect(firstEmail).toHaveValue('valentina.telefono@example.com');
  const told = first
    .getByRole('status')
    .filter({ hasText: text.draftSaved })
    .or(first.getByRole('alert').filter({ hasText: text.draftStale }));
  await expect(told).toBeVisible();

  // Nothing left for later specs.
  const discarded = await first.evaluate(async () => {
    const { access } = JSON.parse(sessionStorage.getItem('refundLogin')!) as { access: string };
    const answer = await fetch('/api/refund_data/draft/', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access}` },
    });
    return answer.status;
  });
  expect(discarded).toBe(204);
  await firstContext.close();
  await secondContext.close();
});
