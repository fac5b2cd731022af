// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * termsAcceptance (issue 28 §4, SPEC §7 GET /sendAcceptConditions/{data}) along its generated
 * paths in Chromium (issue 29 §tests): the traveller's /terms/<voucher>/<expiry>/<MAC>. The page is opened
 * with the model's link; GET /api/terms/{data}/ (`loadTerms`) and POST /api/terms/{data}/accept/
 * (`acceptTerms`) are held and answered as the path says: the model's output, a `{detail}` answer
 * for an error worded for the traveller, a dropped connection for any other. Nothing reaches the
 * server, so the walk records no acceptance.
 *
 * Nothing is left out (pinned below). A dropped connection is worded by the client itself
 * (`networkError`), not by the machine's fallback.
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { LapsedLinkError, TERMS_INPUT, termsAcceptanceModel } from '../../machines/models/terms';
import type { MachineModel } from '../../machines/models/types';
import { UserFacingError } from '../../machines/support/errors';
import type { TermsAcceptanceContext } from '../../machines/termsAcceptance';
import { formatDate, formatMoney } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import type { TermsAccepted, TermsView } from '../../src/contracts/terms';
import { termsPaths } from '../../src/contracts/terms';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';

const text = messages.terms;
const model = termsAcceptanceModel as unknown as MachineModel;
const paths = coveringPaths(model);

test('the walk covers every state and transition of the terms page', () => {
  expect(paths.length).toBeLessThanOrEqual(5);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as TermsAcceptanceContext;

/** What the page shows for the machine's error: a dropped connection is worded by the client. */
const shownError = (message: string | null) =>
  message === text.acceptFailed || message === messages.common.genericRetry
    ? messages.common.networkError
    : message;

/** 'DD/MM/YYYY HH:mm' in the browser's time zone (playwright.config.ts), as formatLocalDateTime shows it. */
function browserDateTime(iso: string): string {
  const timeZone = test.info().project.use.timezoneId;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The conditions as the card shows them (product, supplier, rate, validity, every coverage). */
async function expectConditions(page: Page, terms: TermsView) {
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
  await expect(page.getByText(text.intro(terms.voucher_id, terms.product))).toBeVisible();
  await expect(page.getByText(terms.supplier!, { exact: true })).toBeVisible();
  await expect(
    page.getByText(text.validity(formatDate(terms.date_in), formatDate(terms.date_out))),
  ).toBeVisible();
  const table = page.getByRole('table', { name: text.coveragesTitle });
  await expect(table.getByRole('row')).toHaveCount(terms.coverages.length + 1);
  for (const coverage of terms.coverages) {
    const limit = coverage.limit === null ? text.noLimit : formatMoney(coverage.limit, coverage.currency);
    await expect(
      table.getByRole('row', { name: `${coverage.name} ${coverage.description}`.trim() }),
    ).toContainText(limit);
  }
}

/** An error event answered as the server or the connection would give it. */
async function answerError(held: ReturnType<typeof holdRequests>, event: AnyEventObject) {
  const error = errorOf(event);
  if (error instanceof LapsedLinkError) await held.answer(410, { detail: error.message });
  else if (error instanceof UserFacingError) await held.answer(429, { detail: error.message });
  else await held.abort();
}

for (const path of paths) {
  test(`termsAcceptance: ${path.description}`, async ({ page }) => {
    const view = holdRequests(page, `**/api${termsPaths.view(TERMS_INPUT.data)}`);
    const accept = holdRequests(page, `**/api${termsPaths.accept(TERMS_INPUT.data)}`, 'POST');
    await Promise.all([view.ready, accept.ready]);
    await page.goto(termsPaths.page(TERMS_INPUT.data));

    const executors: Executors = {
      'xstate.done.actor.loadTerms': async (event) =>
        view.answer(200, (event as AnyEventObject & { output: TermsView }).output),
      'xstate.error.actor.loadTerms': async (event) => answerError(view, event),
      ACCEPT: async () => page.getByRole('button', { name: text.accept, exact: true }).click(),
      'xstate.done.actor.acceptTerms': async (event) =>
        accept.answer(200, (event as AnyEventObject & { output: TermsAccepted }).output),
      'xstate.error.actor.acceptTerms': async (event) => answerError(accept, event),
    };

    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByRole('status').filter({ hasText: messages.common.loading })).toBeVisible();
        await expect.poll(() => view.waiting(), { message: 'GET the conditions' }).toBe(1);
      },
      accessError: async (snapshot) => {
        await expect(page.getByRole('heading', { name: text.accessErrorTitle })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText(shownError(contextOf(snapshot).error)!);
        await expect(page.getByRole('button', { name: text.accept })).toHaveCount(0);
      },
      lapsed: async (snapshot) => {
        await expect(page.getByRole('heading', { name: text.lapsedTitle })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText(contextOf(snapshot).error!);
        await expect(page.getByRole('button', { name: text.accept })).toHaveCount(0);
      },
      reading: async (snapshot) => {
        const { terms, error } = contextOf(snapshot);
        await expectConditions(page, terms!);
        await expect(page.getByRole('button', { name: text.accept, exact: true })).toBeEnabled();
        await expect(page.getByText(text.accepting)).toHaveCount(0);
        if (error === null) await expect(page.getByRole('alert')).toHaveCount(0);
        else await expect(page.getByRole('alert')).toHaveText(shownError(error)!);
      },
      accepting: async () => {
        await expect(page.getByRole('status').filter({ hasText: text.accepting })).toBeVisible();
        await expect(page.getByRole('button', { name: text.accept, exact: true })).toBeDisabled();
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expect.poll(() => accept.waiting(), { message: 'POST the acceptance' }).toBe(1);
      },
      accepted: async (snapshot) => {
        const { terms, acceptedAt } = contextOf(snapshot);
        await expectConditions(page, terms!);
        const card = page.getByRole('status').filter({ hasText: text.acceptedTitle });
        await expect(card).toContainText(text.acceptedTitle);
        await expect(card).toContainText(text.acceptedAt(browserDateTime(acceptedAt!)));
        await expect(page.getByRole('button', { name: text.accept })).toHaveCount(0);
      },
    };

    await walkPath(path, executors, checks);
  });
}
