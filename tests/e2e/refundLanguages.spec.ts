/**
 * Issue 42 in Chromium against `npm start`: the Brazilian demo traveller with a pt-BR browser
 * completes a claim in Portuguese (coverage names from long_name_po) and gets the confirmation and
 * the decision mails in Portuguese; the US traveller does it in English typing '1,234.56';
 * switching language mid-claim keeps every field; axe finds nothing on the login and the wizard in
 * each language.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { dateOrderIn, translatorOf } from '../../src/contracts/i18n';
import { typedDateOf } from '../../src/contracts/refund/dates';
import type { RefundLoginResponse } from '../../src/contracts/refund/login';
import { gradientPng } from './fixtures/refund/files';
import { staffHeaders } from './portalSupport';
import { latestMailTo } from './support';

const pt = translatorOf('pt');
const en = translatorOf('en');
const es = translatorOf('es');

const BRAZILIAN = '12345678909';
const AMERICAN = 'X98765432';

/** The voucher of a demo traveller (voucher 8 for João, 5 for Emily when seeded in order). */
async function voucherOf(request: APIRequestContext, document: string, first: number) {
  for (const voucher of [first, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    const answer = await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${document}`);
    if (answer.ok()) return { voucher, login: (await answer.json()) as RefundLoginResponse };
  }
  throw new Error(`no voucher for the demo traveller ${document}`);
}

async function axeViolations(page: Page, screen: string): Promise<string[]> {
  const analysis = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return analysis.violations.map((violation) => `${screen} ${violation.id}`);
}

async function portal(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

/** The mail's text: quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
function decoded(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '');
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The newest mail to `to` whose text contains `needle` (the outbox is written after the answer). */
async function mailWith(to: string, needle: string): Promise<string> {
  await expect.poll(() => decoded(latestMailTo(to) ?? ''), { timeout: 15_000 }).toContain(needle);
  return decoded(latestMailTo(to) ?? '');
}

async function signIn(page: Page, document: string, voucher: number, t: typeof pt) {
  await page.goto('/refund');
  await expect(page.getByRole('heading', { name: t.t('refund.loginTitle') })).toBeVisible();
  await page.getByLabel(t.t('refund.documentLabel'), { exact: true }).fill(document);
  await page.getByLabel(t.t('refund.voucherIdLabel'), { exact: true }).fill(String(voucher));
  await page.getByRole('button', { name: t.t('refund.loginButton') }).click();
  await expect(page.getByRole('heading', { name: t.t('refund.wizardTitle') })).toBeVisible();
}

/** Loads one claim through the dialog in the page's language; returns the coverage's shown name. */
async function loadClaim(page: Page, t: typeof pt, login: RefundLoginResponse, amount: string) {
  const data = login.refunds;
  const coverage = data.coverages.find((name) => !data.multi_cause_coverages.includes(name))!;
  const shown =
    (t.language === 'pt' ? data.coverage_names?.[coverage]?.pt : data.coverage_names?.[coverage]?.en) ||
    coverage;
  await page.getByRole('button', { name: t.t('refund.loadClaimsButton') }).click();
  const dialog = page.getByRole('dialog', { name: t.t('refund.claimDialogTitle') });
  await dialog.getByLabel(t.t('refund.sinisterCountryLabel')).selectOption('ITA');
  // The trip's first day: during the voucher's validity and never after today, typed (digits only,
  // the mask adds the slashes) in the page's order: DD/MM/YYYY in pt, MM/DD/YYYY in en (issue 42).
  const date = data.date_in ?? '';
  const dateField = dialog.getByLabel(t.t('refund.sinisterDateLabel'));
  if (t.language === 'en') {
    // Day first with a day over 12 is no date month first: refused in English, naming the form.
    const [year, month] = date.split('-');
    await dateField.fill(`13${month}${year}`);
    await expect(dateField).toHaveValue(`13/${month}/${year}`);
    await dialog.getByRole('button', { name: t.t('refund.claimDialogSubmit') }).click();
    await expect(dateField).toHaveAccessibleDescription(t.t('refund.dateInvalid'));
    expect(t.t('refund.dateInvalid')).toContain('MM/DD/YYYY');
  }
  const typed = typedDateOf(date, dateOrderIn(t.language));
  await dateField.fill(typed.replaceAll('/', ''));
  await expect(dateField).toHaveValue(typed);
  const coverageSelect = dialog.getByLabel(t.t('refund.coverageLabel'));
  // The options show the coverage in the traveller's language; the value stays the Spanish name.
  await expect(coverageSelect.locator('option', { hasText: shown })).toHaveCount(1);
  await coverageSelect.selectOption(coverage);
  await dialog.getByLabel(t.t('refund.currencyLabel')).selectOption('USD');
  await dialog.getByLabel(t.t('refund.amountLabel')).fill(amount);
  await dialog
    .getByTestId('claim-files')
    .setInputFiles([{ name: 'recibo.png', mimeType: 'image/png', buffer: gradientPng(64, 48) }]);
  await expect(dialog.getByText('recibo.png')).toBeVisible();
  const boxes = dialog.getByRole('checkbox', { name: t.t('checklist.notAvailable'), exact: true });
  const count = await boxes.count();
  for (let index = 0; index < count; index++) await boxes.nth(index).check();
  const reasons = dialog.getByLabel(t.t('checklist.notAvailableReason'), { exact: true });
  for (let index = 0; index < count; index++) await reasons.nth(index).fill('—');
  await dialog.getByRole('button', { name: t.t('refund.claimDialogSubmit') }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const card = page.getByRole('listitem', { name: shown });
  await expect(card).toBeVisible();
  // The card shows the date read in the page's order (January 2 is 01/02 in en, 02/01 in pt).
  await expect(card.getByText(t.date(date))).toBeVisible();
  return { coverage, shown, date };
}

test('the Brazilian traveller claims in Portuguese and is mailed in Portuguese', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { voucher, login } = await voucherOf(request, BRAZILIAN, 8);
  const { context, page } = await portal(browser, 'pt-BR');
  await page.goto('/refund');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  const selector = page.getByTestId('language-selector');
  await expect(selector.getByRole('button', { name: 'Português' })).toHaveAttribute('aria-pressed', 'true');
  await expect(selector.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  await expect(selector.getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');
  expect(await axeViolations(page, 'login pt')).toEqual([]);
  await signIn(page, BRAZILIAN, voucher, pt);
  expect(await axeViolations(page, 'wizard pt')).toEqual([]);

  const email = `joao-${Date.now()}@example.com`;
  await page.getByLabel(pt.t('refund.emailLabel'), { exact: true }).fill(email);
  await page.getByRole('button', { name: pt.t('refund.continueButton'), exact: true }).click();
  const { shown } = await loadClaim(page, pt, login, '1.234,56');
  await expect(page.getByText('USD 1.234,56')).toBeVisible();
  await page.getByRole('button', { name: pt.t('refund.continueButton'), exact: true }).click();

  await page.getByLabel('Titular da conta', { exact: true }).fill('João Silva');
  await page.getByLabel('Banco', { exact: true }).fill('Banco do Brasil');
  await page.getByLabel('Tipo de conta', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Número da conta', { exact: true }).fill('12345678');
  await page.getByLabel('SWIFT', { exact: true }).fill('BRASBRRJ');
  await page.getByLabel('Número do documento', { exact: true }).fill(BRAZILIAN);
  await page.getByLabel('Endereço do banco', { exact: true }).fill('SBS Quadra 1, Brasília');
  await page.getByRole('button', { name: pt.t('refund.finishButton'), exact: true }).click();
  await expect(page.getByRole('heading', { name: pt.t('refund.successTitle') })).toBeVisible({
    timeout: 30_000,
  });
  const number = ((await page.getByTestId('refund-number').textContent()) ?? '').replace(/\D/g, '');

  const confirmation = await mailWith(email, `Recebemos sua solicitação de reembolso nº ${number}.`);
  expect(confirmation).toContain(`- ${shown} (`);
  expect(confirmation).toContain('USD 1.234,56');

  // Staff decide (Spanish screens); the decision mail is Portuguese.
  const headers = await staffHeaders(request);
  expect((await request.post(`/api/refund/${number}/actions/review/`, { headers, data: {} })).ok()).toBe(
    true,
  );
  const detail = (await (await request.get(`/api/refund/${number}/`, { headers })).json()) as {
    language: string;
    claims: { id: number }[];
  };
  expect(detail.language).toBe('pt');
  const approve = await request.post(`/api/refund/${number}/actions/approve/`, {
    headers,
    data: { amounts: [{ claim: detail.claims[0].id, amount: '1000' }] },
  });
  expect(approve.ok(), await approve.text()).toBe(true);
  const approved = await mailWith(email, `Aprovamos sua solicitação de reembolso nº ${number}.`);
  expect(approved).toContain(`- ${shown}: USD 1.000,00 (solicitado USD 1.234,56)`);
  await context.close();
});

test('the US traveller claims in English typing 1,234.56; switching language keeps every field', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { voucher, login } = await voucherOf(request, AMERICAN, 5);
  const { context, page } = await portal(browser, 'en-US');
  await page.goto('/refund');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await axeViolations(page, 'login en')).toEqual([]);
  // Spanish too, chosen with the selector (axe 0 in each language).
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: es.t('refund.loginTitle') })).toBeVisible();
  expect(await axeViolations(page, 'login es')).toEqual([]);
  await page.getByRole('button', { name: 'English' }).click();
  await signIn(page, AMERICAN, voucher, en);
  expect(await axeViolations(page, 'wizard en')).toEqual([]);

  const email = `emily-${Date.now()}@example.com`;
  await page.getByLabel(en.t('refund.emailLabel'), { exact: true }).fill(email);
  await page.getByRole('button', { name: en.t('refund.continueButton'), exact: true }).click();
  const { shown, date } = await loadClaim(page, en, login, '1,234.56');
  await expect(page.getByText('USD 1,234.56')).toBeVisible();
  await page.getByRole('button', { name: en.t('refund.continueButton'), exact: true }).click();

  await page.getByLabel('Account holder', { exact: true }).fill('Emily Johnson');
  await page.getByLabel('Bank', { exact: true }).fill('Chase');
  await page.getByLabel('Account number', { exact: true }).fill('12345678');
  await page.getByLabel('SWIFT', { exact: true }).fill('CHASUS33');

  // Mid-claim: Português, then Español: the typed fields and the claim stay; the labels change.
  await page.getByRole('button', { name: 'Português' }).click();
  await expect(page.getByLabel('Titular da conta', { exact: true })).toHaveValue('Emily Johnson');
  await expect(page.getByLabel('Número da conta', { exact: true })).toHaveValue('12345678');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByLabel('Titular de la cuenta', { exact: true })).toHaveValue('Emily Johnson');
  expect(await axeViolations(page, 'wizard es')).toEqual([]);
  await page.getByRole('button', { name: es.t('refund.previousButton') }).click();
  await expect(page.getByText('USD 1.234,56')).toBeVisible();
  // The event date typed month first is the same day, shown day first in Spanish (issue 42).
  await expect(page.getByRole('listitem').filter({ hasText: es.date(date) })).toHaveCount(1);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('USD 1,234.56')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: en.date(date) })).toHaveCount(1);
  await page.getByRole('button', { name: en.t('refund.continueButton'), exact: true }).click();
  await expect(page.getByLabel('Account holder', { exact: true })).toHaveValue('Emily Johnson');
  await expect(page.getByLabel('SWIFT', { exact: true })).toHaveValue('CHASUS33');

  await page.getByLabel('Account type', { exact: true }).selectOption({ index: 1 });
  // The SPEC's options in English; the value sent stays the SPEC's Spanish (issue 42).
  await expect(page.getByLabel('Account type', { exact: true })).toHaveValue('Cuenta corriente');
  await expect(page.getByLabel('Account type', { exact: true }).locator('option:checked')).toHaveText(
    'Checking account',
  );
  await expect(page.getByLabel('Refund recipient', { exact: true }).locator('option:checked')).toHaveText(
    'Own account',
  );
  await expect(page.getByLabel('Payment method', { exact: true }).locator('option:checked')).toHaveText(
    'Bank transfer',
  );
  await page.getByLabel('ID document number', { exact: true }).fill(AMERICAN);
  await page.getByLabel('Bank address', { exact: true }).fill('383 Madison Ave, New York');
  await page.getByLabel('ABA', { exact: true }).fill('021000021');
  await page.getByRole('button', { name: en.t('refund.finishButton'), exact: true }).click();
  await expect(page.getByRole('heading', { name: en.t('refund.successTitle') })).toBeVisible({
    timeout: 30_000,
  });
  const number = ((await page.getByTestId('refund-number').textContent()) ?? '').replace(/\D/g, '');
  const confirmation = await mailWith(email, `We received your refund request No. ${number}.`);
  expect(confirmation).toContain(`- ${shown} (`);
  expect(confirmation).toContain('USD 1,234.56');
  await context.close();
});
