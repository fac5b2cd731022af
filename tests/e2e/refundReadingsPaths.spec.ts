// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * refundReadings (the staff review's card 'Lo que dicen los comprobantes'; issue 31,
 * docs/receipt-reading.md) along its generated paths in Chromium (issue 29 §tests), on
 * /dashboard/reintegros/7. The refund is a held GET /refund/7/ answered with the review model's
 * refund, its claim and receipt being the ones the readings model names; GET /refund/7/readings/
 * is held and answered as the path says (the readings, some still being read, or a 403 with its
 * detail). Anything else about refund 7 waits unanswered: the walk reads and writes nothing of the
 * e2e database. Nothing is left out (pinned below); 'Actualizar' (REFRESH) is walked where the
 * screen offers it, while a receipt is still being read.
 */
import { expect, type Locator, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { FILE_A } from '../../machines/models/receiptReading';
import { refundReadingsModel, sampleRefundReadings } from '../../machines/models/refundReadings';
import { sampleReviewedRefund } from '../../machines/models/refundReview';
import type { MachineModel } from '../../machines/models/types';
import { type RefundReadingsContext, stillReading } from '../../machines/refundReadings';
import type { ReviewedRefund } from '../../machines/refundReview';
import { messages } from '../../src/contracts/messages';
import { readAmount, readTotals } from '../../src/contracts/messages/receiptReading';
import type { RefundReadingsResponse } from '../../src/contracts/refund/reading';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.receiptReading;
const model = refundReadingsModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RefundReadingsContext;
const REFUND_ID = (model.input as { id: number }).id;
const RECEIPT_NAME = 'factura-farmacia.jpg';

/** The review model's refund with the claim and the receipt the readings model reads. */
const refund: ReviewedRefund = {
  ...sampleReviewedRefund,
  id: REFUND_ID,
  claims: [{ ...sampleReviewedRefund.claims[0], id: sampleRefundReadings.claims[0].claimId }],
  files: [
    {
      id: FILE_A,
      name: RECEIPT_NAME,
      content_type: 'image/jpeg',
      size: 900,
      kind: 'claim',
      claim: sampleRefundReadings.claims[0].claimId,
      item: null,
    },
  ],
};

/** 'Actualizar' is offered only while some receipt is still being read. */
function readingsWalkable(steps: readonly WalkStep[], index: number): boolean {
  if (steps[index].event.type !== 'REFRESH') return true;
  return stillReading(contextOf(steps[index - 1].state).readings);
}

const paths = coveringPaths(model, readingsWalkable);

test('the walk covers every state and transition of the readings card', () => {
  expect(paths.length).toBeLessThanOrEqual(2);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

/** What the card shows of the readings it holds (none: no claim). */
async function showsReadings(card: Locator, readings: RefundReadingsResponse | null) {
  const claims = readings?.claims ?? [];
  const sections = card.getByTestId('claim-readings');
  await expect(sections).toHaveCount(claims.length);
  for (const [index, claim] of claims.entries()) {
    const section = sections.nth(index);
    await expect(section).toContainText(
      `${text.staffClaimed}${readAmount(claim.claimedAmount, claim.claimedCurrency)}`,
    );
    await expect(section).toContainText(
      // Issue 40: per currency, never added across currencies ('12.345,50 ARS · 150,00 USD').
      `${text.staffRead}${claim.readTotals.length > 0 ? readTotals(claim.readTotals) : text.staffUnread}`,
    );
    await expect(section.getByRole('listitem').filter({ hasText: RECEIPT_NAME })).toHaveCount(
      claim.files.length,
    );
  }
  const flags = readings?.flags ?? [];
  await expect(card.getByRole('list', { name: text.staffFlagsLabel }).getByRole('listitem')).toHaveText(
    flags.map((flag) =>
      flag.kind === 'reused' && flag.reference
        ? `${text.flags[flag.kind]}${text.reusedIn(flag.reference.refundId)}`
        : text.flags[flag.kind],
    ),
  );
  await expect(card.getByText(text.staffNoFlags)).toHaveCount(readings && flags.length === 0 ? 1 : 0);
  await expect(card.getByRole('button', { name: text.staffRefresh })).toHaveCount(
    stillReading(readings) ? 1 : 0,
  );
}

for (const path of paths) {
  test(`refundReadings: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    await page.route(new RegExp(`/api/refund/${REFUND_ID}/`), () => {});
    const load = holdRequests(page, new RegExp(`/api/refund/${REFUND_ID}/$`));
    const readings = holdRequests(page, new RegExp(`/api/refund/${REFUND_ID}/readings/$`));
    await Promise.all([load.ready, readings.ready]);
    await page.goto(`/dashboard/reintegros/${REFUND_ID}`);
    await load.answer(200, refund);
    const card = page.getByRole('region', { name: text.staffTitle });

    const executors: Executors = {
      'xstate.done.actor.loadReadings': async (event) =>
        readings.answer(200, (event as unknown as { output: RefundReadingsResponse }).output),
      'xstate.error.actor.loadReadings': async (event) =>
        readings.answer(403, { detail: errorOf(event).message }),
      REFRESH: async () => card.getByRole('button', { name: text.staffRefresh }).click(),
      RETRY: async () => card.getByRole('button', { name: messages.resourceScreens.retry }).click(),
    };

    const checks: ScreenChecks = {
      // The readings asked; what was shown before stays under the spinner.
      loading: async (snapshot) => {
        await expect(card.getByRole('status').filter({ hasText: text.reading })).toBeVisible();
        await expect.poll(() => readings.waiting(), { message: 'GET /refund/7/readings/' }).toBe(1);
        await expect(card.getByRole('alert')).toHaveCount(0);
        await showsReadings(card, contextOf(snapshot).readings);
      },
      loaded: async (snapshot) => {
        await expect(card.getByText(text.reading)).toHaveCount(0);
        await expect(card.getByRole('alert')).toHaveCount(0);
        await showsReadings(card, contextOf(snapshot).readings);
      },
      failed: async (snapshot) => {
        const alert = card.getByRole('alert');
        await expect(alert).toContainText(contextOf(snapshot).error!);
        await expect(alert.getByRole('button', { name: messages.resourceScreens.retry })).toBeVisible();
        await expect(card.getByText(text.reading)).toHaveCount(0);
        await showsReadings(card, contextOf(snapshot).readings);
      },
    };

    await walkPath(path, executors, checks);
  });
}
