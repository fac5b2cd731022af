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
import { forEachLanguage, speaks, type WalkLanguage } from './walkLanguages';

const model = termsAcceptanceModel as unknown as MachineModel;
const paths = coveringPaths(model);

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as TermsAcceptanceContext;

/** What the page shows for the machine's error (Spanish): a dropped connection is worded by the client. */
const shownError = (message: string | null) =>
  message === messages.terms.acceptFailed || message === messages.common.genericRetry
    ? messages.common.networkError
    : message;

/** The date in the language's order and 'HH:mm', in the browser's time zone (playwright.config.ts), as the page shows it. */
function browserDateTime(walk: WalkLanguage, iso: string): string {
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
  return `${walk.tr.date(`${parts.year}-${parts.month}-${parts.day}`)} ${parts.hour}:${parts.minute}`;
}

/** The conditions as the card shows them (product, supplier, rate, validity, every coverage). */
async function expectConditions(page: Page, walk: WalkLanguage, terms: TermsView) {
  const { t, tr } = walk;
  await speaks(page, walk);
  await expect(page.getByRole('heading', { name: t('terms.title') })).toBeVisible();
  await expect(
    page.getByText(t('terms.intro', { voucher: String(terms.voucher_id), product: terms.product })),
  ).toBeVisible();
  await expect(page.getByText(terms.supplier!, { exact: true })).toBeVisible();
  await expect(
    page.getByText(t('terms.validity', { from: tr.date(terms.date_in), to: tr.date(terms.date_out) })),
  ).toBeVisible();
  const table = page.getByRole('table', { name: t('terms.coveragesTitle') });
  await expect(table.getByRole('row')).toHaveCount(terms.coverages.length + 1);
  for (const coverage of terms.coverages) {
    const limit = coverage.limit === null ? t('terms.noLimit') : tr.money(coverage.limit, coverage.currency);
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

forEachLanguage((walk) => {
  const { language, t, say, axeOnce } = walk;
  test(`${language}: the walk covers every state and transition of the terms page`, () => {
    expect(paths.length).toBeLessThanOrEqual(5);
    expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
  });

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
        ACCEPT: async () => page.getByRole('button', { name: t('terms.accept'), exact: true }).click(),
        'xstate.done.actor.acceptTerms': async (event) =>
          accept.answer(200, (event as AnyEventObject & { output: TermsAccepted }).output),
        'xstate.error.actor.acceptTerms': async (event) => answerError(accept, event),
      };

      const checks: ScreenChecks = {
        loading: async () => {
          await expect(page.getByRole('status').filter({ hasText: t('common.loading') })).toBeVisible();
          await expect.poll(() => view.waiting(), { message: 'GET the conditions' }).toBe(1);
          await axeOnce(page, 'loading');
        },
        accessError: async (snapshot) => {
          await expect(page.getByRole('heading', { name: t('terms.accessErrorTitle') })).toBeVisible();
          await expect(page.getByRole('alert')).toHaveText(say(shownError(contextOf(snapshot).error)!));
          await expect(page.getByRole('button', { name: t('terms.accept') })).toHaveCount(0);
          await axeOnce(page, 'accessError');
        },
        lapsed: async (snapshot) => {
          await expect(page.getByRole('heading', { name: t('terms.lapsedTitle') })).toBeVisible();
          await expect(page.getByRole('alert')).toHaveText(say(contextOf(snapshot).error!));
          await expect(page.getByRole('button', { name: t('terms.accept') })).toHaveCount(0);
          await axeOnce(page, 'lapsed');
        },
        reading: async (snapshot) => {
          const { terms, error } = contextOf(snapshot);
          await expectConditions(page, walk, terms!);
          await expect(page.getByRole('button', { name: t('terms.accept'), exact: true })).toBeEnabled();
          await expect(page.getByText(t('terms.accepting'))).toHaveCount(0);
          if (error === null) await expect(page.getByRole('alert')).toHaveCount(0);
          else await expect(page.getByRole('alert')).toHaveText(say(shownError(error)!));
          await axeOnce(page, 'reading');
        },
        accepting: async () => {
          await expect(page.getByRole('status').filter({ hasText: t('terms.accepting') })).toBeVisible();
          await expect(page.getByRole('button', { name: t('terms.accept'), exact: true })).toBeDisabled();
          await expect(page.getByRole('alert')).toHaveCount(0);
          await expect.poll(() => accept.waiting(), { message: 'POST the acceptance' }).toBe(1);
          await axeOnce(page, 'accepting');
        },
        accepted: async (snapshot) => {
          const { terms, acceptedAt } = contextOf(snapshot);
          await expectConditions(page, walk, terms!);
          const card = page.getByRole('status').filter({ hasText: t('terms.acceptedTitle') });
          await expect(card).toContainText(t('terms.acceptedTitle'));
          await expect(card).toContainText(
            t('terms.acceptedAt', { when: browserDateTime(walk, acceptedAt!) }),
          );
          await expect(page.getByRole('button', { name: t('terms.accept') })).toHaveCount(0);
          await axeOnce(page, 'accepted');
        },
      };

      await walkPath(path, executors, checks);
    });
  }
});
