// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * promotionDetail (a promotion's Mostrar, issue 14; SPEC §2 promociones/show/{id}; §7
 * GET /promotion/{id}/, DELETE /promotion_product/{id}/; §8 a delete answer with detail is an
 * error) along its generated paths in Chromium (issue 29 §tests): /dashboard/promociones/7. Every
 * server answer of a path is held and answered as the path says: GET /promotion/7/ is
 * `loadPromotion` (and `reloadPromotion`), the DELETE is `removeProduct`. The load's refusal is a
 * 404 with its detail, the removal's a 200 carrying a detail (§8: still an error), any other
 * failure a dropped connection (worded by the client itself). Nothing is removed from the e2e
 * database.
 *
 * Not walkable, for a stated reason (pinned below): 'Quitar' for a product the promotion does not
 * hold (the table offers 'Quitar' only on its own rows).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PROMOTION_ID, promotionDetailModel } from '../../machines/models/promotions';
import type { MachineModel } from '../../machines/models/types';
import type { PromotionDetailContext } from '../../machines/promotionDetail';
import { UserFacingError } from '../../machines/support/errors';
import { formatDate } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import type { Promotion } from '../../src/contracts/promotions';
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

const text = messages.promotions;
const detail = text.detail;
const model = promotionDetailModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PromotionDetailContext;

function detailWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event;
  if (event.type !== 'ASK_REMOVE') return true;
  return (contextOf(steps[index - 1].state).promotion?.products ?? []).some((entry) => entry.id === event.id);
}

const paths = coveringPaths(model, detailWalkable);

test('the walk covers every state and transition of the promotion page', () => {
  expect(paths.length).toBeLessThanOrEqual(5);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

/** What the page shows for the machine's error: a dropped connection is worded by the client. */
const shownError = (message: string) =>
  message === detail.loadFailed || message === detail.removeFailed ? messages.common.networkError : message;

/**
 * The promotion's data and its products as the 'Datos' tab shows them; behind the confirmation the
 * page is still drawn but hidden from the accessibility tree (a modal dialog), hence `includeHidden`.
 */
const hidden = { includeHidden: true } as const;
async function expectPromotion(page: Page, promotion: Promotion) {
  await expect(
    page.getByRole('heading', { name: detail.title(promotion.long_name), ...hidden }),
  ).toBeVisible();
  await expect(page.getByText(formatDate(promotion.travel_date_to), { exact: true })).toBeVisible();
  const products = promotion.products ?? [];
  const rows = page.getByRole('table', { name: detail.products, ...hidden }).getByRole('row', hidden);
  await expect(rows).toHaveCount(products.length + 1);
  for (const [index, entry] of products.entries()) {
    await expect(rows.nth(index + 1)).toContainText(entry.product_name);
    await expect(rows.nth(index + 1)).toContainText(detail.offices(entry.offices.length));
  }
}

for (const path of paths) {
  test(`promotionDetail: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    const promotion = holdRequests(page, new RegExp(`/api/promotion/${PROMOTION_ID}/$`));
    const remove = holdRequests(page, /\/api\/promotion_product\/\d+\/$/, 'DELETE');
    await Promise.all([promotion.ready, remove.ready]);
    await page.goto(`/dashboard/promociones/${PROMOTION_ID}`);

    const answerLoad = async (event: AnyEventObject) => {
      const error = errorOf(event);
      if (error instanceof UserFacingError) await promotion.answer(404, { detail: error.message });
      else await promotion.abort();
    };
    const dialog = () => page.getByRole('dialog', { name: detail.remove });

    const executors: Executors = {
      'xstate.done.actor.loadPromotion': async (event) => promotion.answer(200, event.output),
      'xstate.error.actor.loadPromotion': async (event) => answerLoad(event),
      'xstate.done.actor.reloadPromotion': async (event) => promotion.answer(200, event.output),
      'xstate.error.actor.reloadPromotion': async (event) => answerLoad(event),
      RETRY: async () => page.getByRole('button', { name: text.wizard.retry }).click(),
      ASK_REMOVE: async (event, before) => {
        const entry = contextOf(before).promotion!.products!.find((one) => one.id === event.id)!;
        await page
          .getByRole('row')
          .filter({ hasText: entry.product_name })
          .getByRole('button', { name: detail.remove, exact: true })
          .click();
      },
      CANCEL: async () => dialog().getByRole('button', { name: messages.common.cancel }).click(),
      CONFIRM: async () => dialog().getByRole('button', { name: detail.confirm }).click(),
      'xstate.done.actor.removeProduct': async () => remove.answer(204),
      // §8: an answer carrying a detail is a refusal even with a 2xx status.
      'xstate.error.actor.removeProduct': async (event) =>
        remove.answer(200, { detail: errorOf(event).message }),
    };

    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByRole('status').filter({ hasText: messages.common.loading })).toBeVisible();
        await expect.poll(() => promotion.waiting(), { message: `GET /promotion/${PROMOTION_ID}/` }).toBe(1);
      },
      loadFailed: async (snapshot) => {
        await expect(page.getByRole('alert')).toHaveText(shownError(contextOf(snapshot).error!));
        await expect(page.getByRole('button', { name: text.wizard.retry })).toBeEnabled();
      },
      ready: async (snapshot) => {
        const { promotion: shown, notice, error } = contextOf(snapshot);
        await expectPromotion(page, shown!);
        await expect(page.getByRole('status', hidden).filter({ hasText: detail.removed })).toHaveCount(
          notice ? 1 : 0,
        );
        await expect(page.getByRole('main', hidden).getByRole('alert', hidden)).toHaveText(
          error ? [shownError(error)] : [],
        );
      },
      'ready.idle': async () => {
        await expect(dialog()).toHaveCount(0);
        expect(remove.waiting()).toBe(0);
      },
      'ready.confirming': async (snapshot) => {
        const { removing, removeError } = contextOf(snapshot);
        await expect(dialog()).toContainText(detail.confirmRemove(removing!.product_name));
        await expect(dialog().getByRole('button', { name: detail.confirm })).toBeEnabled();
        await expect(dialog().getByRole('alert')).toHaveText(removeError ? [shownError(removeError)] : []);
      },
      'ready.removing': async (snapshot) => {
        await expect(dialog().getByRole('button', { name: detail.confirm })).toBeDisabled();
        await expect(dialog().getByRole('button', { name: messages.common.cancel })).toBeDisabled();
        await expect
          .poll(() => remove.waiting(), {
            message: `DELETE /promotion_product/${contextOf(snapshot).removing!.id}/`,
          })
          .toBe(1);
      },
      'ready.reloading': async () => {
        await expect(dialog()).toHaveCount(0);
        await expect.poll(() => promotion.waiting(), { message: 'GET the promotion again' }).toBe(1);
      },
    };

    await walkPath(path, executors, checks);
  });
}
