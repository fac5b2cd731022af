// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * promotionOffices (one product's offices in a promotion, issue 14; SPEC §2 'Promotions wizard':
 * idPromotionProductOffices with view=show, page sizes 2, 4 or 8) along its generated paths in
 * Chromium (issue 29 §tests): /dashboard/promociones/7/oficinas?idPromotionProductOffices=33&view=show.
 * GET /promotion/7/ (`loadPromotion`) is held and answered as the path says (the promotion, one
 * without the product, or a 404 with its detail). The walk writes nothing.
 *
 * Not walkable, each for a stated reason (pinned below): a page size the select does not offer (3),
 * the size already chosen (choosing it again changes nothing), and a page past the last one
 * ('Siguiente' is disabled there).
 */
import { expect, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PAGED_PP, PROMOTION_ID, promotionOfficesModel } from '../../machines/models/promotions';
import type { MachineModel } from '../../machines/models/types';
import { officesPage, type PromotionOfficesContext } from '../../machines/promotionOffices';
import { OFFICE_PAGE_SIZES } from '../../machines/promotionWizard';
import { messages } from '../../src/contracts/messages';
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
const wizard = text.wizard;
const model = promotionOfficesModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PromotionOfficesContext;

function officesWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event as AnyEventObject & { limit?: number; offset?: number };
  const before = contextOf(steps[index - 1].state);
  switch (event.type) {
    case 'PAGE_SIZE':
      return (OFFICE_PAGE_SIZES as readonly number[]).includes(event.limit!) && event.limit !== before.limit;
    case 'PAGE':
      return event.offset! >= 0 && event.offset! < (before.entry?.offices.length ?? 0);
    default:
      return true;
  }
}

const paths = coveringPaths(model, officesWalkable);

test("the walk covers every state and transition of a product's offices", () => {
  expect(paths.length).toBeLessThanOrEqual(5);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

for (const path of paths) {
  test(`promotionOffices: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    const promotion = holdRequests(page, new RegExp(`/api/promotion/${PROMOTION_ID}/$`));
    await promotion.ready;
    await page.goto(
      `/dashboard/promociones/${PROMOTION_ID}/oficinas?idPromotionProductOffices=${PAGED_PP}&view=show`,
    );

    const executors: Executors = {
      'xstate.done.actor.loadPromotion': async (event) => promotion.answer(200, event.output),
      'xstate.error.actor.loadPromotion': async (event) =>
        promotion.answer(404, { detail: errorOf(event).message }),
      RETRY: async () => page.getByRole('button', { name: wizard.retry }).click(),
      PAGE_SIZE: async (event) => page.getByLabel(wizard.pageSize).selectOption(String(event.limit)),
      PAGE: async (event, before) =>
        page
          .getByRole('button', {
            name: Number(event.offset) > contextOf(before).offset ? wizard.nextPage : wizard.previous,
            exact: true,
          })
          .click(),
    };

    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByRole('status').filter({ hasText: messages.common.loading })).toBeVisible();
        await expect.poll(() => promotion.waiting(), { message: `GET /promotion/${PROMOTION_ID}/` }).toBe(1);
      },
      loadFailed: async (snapshot) => {
        await expect(page.getByRole('alert')).toHaveText(contextOf(snapshot).error!);
        await expect(page.getByRole('button', { name: wizard.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: text.detail.backToPromotion })).toBeVisible();
      },
      missing: async () => {
        await expect(page.getByRole('alert')).toHaveText(text.promotionProductNotFound);
        await expect(page.getByRole('link', { name: text.detail.backToPromotion })).toHaveAttribute(
          'href',
          `/dashboard/promociones/show/${PROMOTION_ID}`,
        );
      },
      ready: async (snapshot) => {
        const context = contextOf(snapshot);
        const entry = context.entry!;
        const title = text.detail.officesTitle(entry.product_name);
        await expect(page.getByRole('heading', { name: title })).toBeVisible();
        await expect(page.getByLabel(wizard.pageSize)).toHaveValue(String(context.limit));
        // The select offers exactly the sizes of SPEC §2.
        await expect(page.getByLabel(wizard.pageSize).getByRole('option')).toHaveText(
          OFFICE_PAGE_SIZES.map(String),
        );
        const rows = page.getByRole('table', { name: title }).getByRole('row');
        await expect(rows.filter({ hasNot: page.getByRole('columnheader') })).toHaveText(
          officesPage(context).map((office) => office.office_name),
        );
        const pages = Math.max(1, Math.ceil(entry.offices.length / context.limit));
        const current = Math.floor(context.offset / context.limit) + 1;
        await expect(page.getByText(wizard.page(current, pages), { exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: wizard.previous, exact: true })).toBeEnabled({
          enabled: current > 1,
        });
        await expect(page.getByRole('button', { name: wizard.nextPage, exact: true })).toBeEnabled({
          enabled: current < pages,
        });
      },
    };

    await walkPath(path, executors, checks);
  });
}
