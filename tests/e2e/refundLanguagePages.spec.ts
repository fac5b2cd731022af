/**
 * Issue 42: the portal's pages a traveller reaches after the claim, walked in Portuguese and in
 * English in Chromium, with axe at 0 on each screen: the status page (its refresh answered with a
 * decision), the pending-documents link page (a document sent), the bank-data link page (the
 * details sent) and the terms page ('Acepto'). The link's API is answered with the models'
 * samples through page.route (machines/models), so nothing is written on the server; the browser
 * speaks the language (its locale), and a link page also follows the refund's stored language.
 * (The login and the wizard are walked in each language by refundLanguages.spec.ts.)
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  rejectedSubmittedRefund,
  sampleRefundLogin,
  sampleSubmittedRefund,
} from '../../machines/models/refund';
import {
  GOOD_CBU,
  GOOD_CUIT,
  LINK_INPUT,
  sampleDocsAccess,
  samplePaymentAccess,
} from '../../machines/models/refundLinks';
import { ACCEPTED_AT, sampleTerms, TERMS_INPUT } from '../../machines/models/terms';
import { type Language, LOCALES, translatorOf } from '../../src/contracts/i18n';
import { paymentFieldLabel } from '../../src/contracts/refund';
import { paymentUpdateProblems } from '../../src/contracts/refund/links';
import { termsPaths } from '../../src/contracts/terms';
import { gradientPng } from './fixtures/refund/files';

const linkQuery = `refund_id=${LINK_INPUT.refundId}&hash=${encodeURIComponent(LINK_INPUT.hash)}`;

async function axeViolations(page: Page, screen: string): Promise<string[]> {
  const analysis = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return analysis.violations.map((violation) => `${screen} ${violation.id}: ${violation.help}`);
}

/** A traveller's browser in the language's locale (no staff session, nothing chosen before). */
async function travellerPage(browser: Browser, language: Language) {
  const context = await browser.newContext({ locale: LOCALES[language] });
  return { context, page: await context.newPage() };
}

for (const language of ['pt', 'en'] as const) {
  const tr = translatorOf(language);
  const t = tr.t;

  test(`${language}: the status page, the documents and bank-data links and the terms page, axe 0`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await travellerPage(browser, language);
    const violations: string[] = [];

    // ---- the status page: the login's refunds, refreshed with a decision ----
    await page.route(/\/api\/refund_data\/status\/$/, (route) =>
      route.fulfill({ json: { submitted_refunds: [rejectedSubmittedRefund] } }),
    );
    await page.addInitScript(
      (stored) => {
        if (window.location.pathname !== '/dashboardRefund' || sessionStorage.getItem('pagesSeeded')) return;
        sessionStorage.setItem('pagesSeeded', '1');
        sessionStorage.setItem('refundLogin', stored);
      },
      JSON.stringify({ ...sampleRefundLogin, submitted_refunds: [sampleSubmittedRefund] }),
    );
    await page.goto('/dashboardRefund');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: t('links.submittedTitle') })).toBeVisible();
    await expect(page.getByTestId('submitted-status')).toHaveText(t('status.RECHAZADO'));
    // What staff wrote stays as written; the page's own words are the language's.
    await expect(page.getByTestId('rejection-reason')).toHaveText(rejectedSubmittedRefund.rejection_reason);
    await expect(page.getByText(t('decisions.rejectionReason'), { exact: false }).first()).toBeVisible();
    await expect(page.getByText(t('decisions.timelineTitle'))).toBeVisible();
    await expect(page.getByTestId('refund-timeline')).toContainText(t('timeline.received'));
    await expect(page.getByTestId('refund-timeline')).toContainText(
      tr.instant(sampleSubmittedRefund.created_at),
    );
    violations.push(...(await axeViolations(page, 'status')));

    // ---- the pending-documents link: one document sent ----
    await page.route(/\/api\/authentication_pending_doc\/\?/, (route) =>
      // The refund was asked in Spanish: the browser's language still wins (chosen: none, stored: es).
      route.fulfill({ json: { ...sampleDocsAccess, language } }),
    );
    await page.route(/\/api\/upload_pending_doc\/$/, (route) =>
      route.fulfill({
        json: {
          status: 'ok',
          files: [{ file_id: 'f-1', name: 'factura.jpg', content_type: 'image/jpeg', size: 9 }],
        },
      }),
    );
    await page.route(/\/api\/refund_data\/$/, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ json: { status: 'ok' } }) : route.fallback(),
    );
    await page.goto(`/upload_data?${linkQuery}`);
    await expect(page.getByRole('heading', { name: t('links.pageTitle') })).toBeVisible();
    await expect(
      page.getByText(t('links.observations', { text: sampleDocsAccess.observations })),
    ).toBeVisible();
    await expect(
      page.getByText(t('links.filesAllowed', { count: 0, max: sampleDocsAccess.remaining_files })),
    ).toBeVisible();
    for (const document of sampleDocsAccess.documents) await expect(page.getByText(document)).toBeVisible();
    violations.push(...(await axeViolations(page, 'documents')));
    await page
      .getByLabel(t('links.addDocuments'))
      .setInputFiles([{ name: 'factura.png', mimeType: 'image/png', buffer: gradientPng(32, 24) }]);
    await expect(page.getByRole('button', { name: `${t('links.removeFile')} factura.png` })).toBeVisible();
    await page.getByLabel(t('links.commentsLabel')).fill('—');
    await page.getByRole('button', { name: t('links.send') }).click();
    await expect(page.getByRole('heading', { name: t('links.successTitle'), level: 2 })).toBeVisible();
    await expect(page.getByText(t('links.successText'))).toBeVisible();
    violations.push(...(await axeViolations(page, 'documents sent')));

    // ---- the bank-data link: the details sent ----
    await page.route(/\/api\/refund_data\/pending-update-fields\/\?/, (route) =>
      route.fulfill({ json: { ...samplePaymentAccess, language } }),
    );
    await page.route(/\/api\/refund_data\/update-fields\/$/, (route) =>
      route.fulfill({ json: { status: 'ok' } }),
    );
    await page.goto(`/update_payment_data?${linkQuery}`);
    await expect(page.getByRole('heading', { name: t('links.paymentTitle') })).toBeVisible();
    await expect(page.getByText(t('links.paymentIntro'))).toBeVisible();
    const field = (name: 'cbu' | 'cuit_cuil') =>
      page.getByLabel(tr.fromSpanish(paymentFieldLabel(name, samplePaymentAccess.country_residence)));
    // A CBU that is not one: the machine's Spanish refusal, shown in the language.
    await field('cbu').fill('123');
    await field('cuit_cuil').fill(GOOD_CUIT);
    await page.getByRole('button', { name: t('links.update') }).click();
    const cbuProblem = paymentUpdateProblems(
      { cbu: '123', cuit_cuil: GOOD_CUIT },
      samplePaymentAccess.update_fields,
      samplePaymentAccess.country_residence,
    ).cbu;
    expect(cbuProblem).toBeTruthy();
    expect(tr.fromSpanish(cbuProblem)).not.toBe(cbuProblem);
    await expect(field('cbu')).toHaveAccessibleDescription(tr.fromSpanish(cbuProblem));
    violations.push(...(await axeViolations(page, 'bank data')));
    await field('cbu').fill(GOOD_CBU);
    await page.getByRole('button', { name: t('links.update') }).click();
    await expect(page.getByRole('heading', { name: t('links.stepSent'), level: 2 })).toBeVisible();
    await expect(page.getByText(t('links.paymentSentText'))).toBeVisible();
    violations.push(...(await axeViolations(page, 'bank data sent')));

    // ---- the terms page: the conditions, 'Acepto' ----
    await page.route(new RegExp(`/api/terms/${TERMS_INPUT.data.replaceAll('.', '\\.')}/$`), (route) =>
      route.fulfill({ json: sampleTerms }),
    );
    await page.route(new RegExp(`/api/terms/${TERMS_INPUT.data.replaceAll('.', '\\.')}/accept/$`), (route) =>
      route.fulfill({ json: { status: 'OK', accepted_at: ACCEPTED_AT, already: false } }),
    );
    await page.goto(termsPaths.page(TERMS_INPUT.data));
    await expect(page.getByRole('heading', { name: t('terms.title') })).toBeVisible();
    await expect(page.getByRole('table', { name: t('terms.coveragesTitle') })).toBeVisible();
    await expect(
      page.getByText(
        t('terms.validity', { from: tr.date(sampleTerms.date_in), to: tr.date(sampleTerms.date_out) }),
      ),
    ).toBeVisible();
    // The limit in the locale's format ('50.000,00' in pt, '50,000.00' in en), the missing one worded.
    await expect(page.getByRole('cell', { name: tr.money('50000.00', 'USD') })).toBeVisible();
    await expect(page.getByRole('cell', { name: t('terms.noLimit') })).toBeVisible();
    violations.push(...(await axeViolations(page, 'terms')));
    await page.getByRole('button', { name: t('terms.accept') }).click();
    await expect(page.getByTestId('terms-accepted')).toContainText(t('terms.acceptedTitle'));
    // When, in the locale's order (noon UTC on November 26 is the 26th in the browser's zone too).
    await expect(page.getByTestId('terms-accepted')).toContainText(tr.date(ACCEPTED_AT.slice(0, 10)));
    violations.push(...(await axeViolations(page, 'terms accepted')));

    expect(violations).toEqual([]);
    await context.close();
  });
}
