// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The promotion wizard (issue 14, SPEC §2 'Promotions wizard') along its generated paths in
 * Chromium (issue 29 §tests): both models of machines/models/promotions.ts, assigning products
 * (/dashboard/promociones/7/producto/create) and editing one product's offices (?pp=31). Every
 * server answer of a path is held with page.route and answered as the path says: GET /promotion/7/
 * with GET /product_name_id/ is `loadWizard`, GET /office/ a page (`fetchOffices`) or every match
 * at the selector's limit (`fetchMatchingIds`), the POST to add_product_offices/ or
 * edit_product_offices/ is `save`. Nothing is saved: the e2e database is untouched.
 *
 * Not walkable, each for a stated reason (pinned below): adding a product the search hides or the
 * list does not show (the screen offers only what `visibleProducts` lists), removing one not
 * chosen, a page size already chosen, a page that is not the previous or next one, a search typed
 * again with the same text (no change reaches the machine), an office not on the page, and
 * 'Seleccionar las N' with no match (disabled). The walk's own journey (`walkJourney`) takes the
 * model's second journey the way the screen can, and the test below pins that nothing else is left out.
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  EDITED_PP,
  loaded,
  officePage,
  PROMOTION_ID,
  productOptions,
  promotionOfficesEditModel,
  promotionWizardModel,
  shownPromotion,
} from '../../machines/models/promotions';
import type { MachineModel } from '../../machines/models/types';
import {
  addressOf,
  type LoadedPromotion,
  type OfficePage,
  type PromotionWizardContext,
  visibleProducts,
} from '../../machines/promotionWizard';
import { FieldErrorsError } from '../../machines/support/errors';
import { SELECTOR_LIMIT } from '../../src/contracts/http';
import { messages } from '../../src/contracts/messages';
import { wizardQueryString } from '../../src/contracts/promotions';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkPath,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.promotions;
const wizard = text.wizard;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PromotionWizardContext;

function promotionWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event as AnyEventObject & Record<string, unknown>;
  const before = contextOf(steps[index - 1].state);
  switch (event.type) {
    case 'ADD_PRODUCT':
      return visibleProducts(before)
        .slice(0, 10)
        .some((option) => option.id === event.id);
    case 'REMOVE_PRODUCT':
      return before.values.products.includes(Number(event.id));
    case 'PRODUCT_SEARCH':
      return before.productSearch !== event.text;
    case 'OFFICE_PAGE_SIZE':
      return before.officeQuery.limit !== event.limit;
    case 'OFFICE_PAGE':
      return Math.abs(Number(event.offset) - before.officeQuery.offset) === before.officeQuery.limit;
    case 'TOGGLE_OFFICE':
      return before.offices.some((office) => office.id === event.id);
    case 'SELECT_ALL':
      return before.officeCount > 0;
    default:
      return true;
  }
}

const assignModel = promotionWizardModel as unknown as MachineModel;
/**
 * The model's second journey as the screen can take it: its search for 'europa' hides
 * 'Asistencia Global', so the product added is 'Asistencia Europa'. The rest (a failed office
 * page retried, another page size, an empty 'Aplicar…' refused, 'Seleccionar las N' failed) is
 * the journey's own.
 */
const walkJourney: AnyEventObject[] = [
  { type: 'xstate.error.actor.loadWizard', error: new Error('network') },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadWizard', output: loaded('venta') },
  { type: 'PRODUCT_SEARCH', text: 'europa' },
  { type: 'ADD_PRODUCT', id: 2 },
  { type: 'NEXT' },
  { type: 'xstate.error.actor.fetchOffices', error: new Error('network') },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.fetchOffices', output: officePage },
  { type: 'OFFICE_PAGE_SIZE', limit: 4 },
  { type: 'xstate.done.actor.fetchOffices', output: officePage },
  { type: 'APPLY_NEXT' },
  { type: 'SELECT_ALL' },
  { type: 'xstate.error.actor.fetchMatchingIds', error: new Error('network') },
];

const models = [
  {
    name: 'assign',
    // First: the model's own second journey has the same event types and end, so the paths'
    // de-duplication keeps this one and drops that one.
    model: { ...assignModel, journeys: [walkJourney, ...(assignModel.journeys ?? [])] },
    query: '',
  },
  { name: 'edit', model: promotionOfficesEditModel as unknown as MachineModel, query: `?pp=${EDITED_PP}` },
];
const walks = models.map((entry) => ({ ...entry, paths: coveringPaths(entry.model, promotionWalkable) }));

/** What a walk leaves out of its model, less what the model itself declares unreachable. */
function missingOnScreen(model: MachineModel, paths: WalkPath[]) {
  const declared = Object.keys(model.unreachable ?? {});
  const missing = missingIn(model, paths);
  return {
    states: missing.states.filter((state) => !declared.includes(state)),
    transitions: missing.transitions.filter(
      (transition) => !declared.some((key) => transition.startsWith(key)),
    ),
  };
}

test('the walks cover every state and transition the promotion wizard can take', () => {
  const [assign, edit] = walks;
  expect(assign.paths.length + edit.paths.length).toBeLessThanOrEqual(14);
  expect(missingOnScreen(assignModel, assign.paths)).toEqual({ states: [], transitions: [] });
  expect(missingOnScreen(promotionOfficesEditModel as unknown as MachineModel, edit.paths)).toEqual({
    states: [],
    transitions: [],
  });
});

/** The promotion as GET /promotion/{id}/ answers it for a loaded wizard. */
function promotionAnswer(output: LoadedPromotion) {
  return {
    ...shownPromotion,
    id: PROMOTION_ID,
    promotion_type: output.promotion.promotion_type,
    products_count: output.assigned.length,
    products: output.assigned,
  };
}

/** The page URL's query as the machine's address writes it. */
function addressQuery(snapshot: AnyMachineSnapshot): string {
  return wizardQueryString(addressOf(contextOf(snapshot)));
}

/** A dropped connection is worded by the client itself, whatever fallback the machine holds. */
const shownLoadError = (message: string | null) =>
  message === wizard.loadFailed || message === wizard.officesFailed ? messages.common.networkError : message;

async function expectAddress(page: Page, snapshot: AnyMachineSnapshot) {
  await expect.poll(() => new URL(page.url()).search.replace(/^\?/, '')).toBe(addressQuery(snapshot));
}

for (const { name, paths, query } of walks) {
  for (const path of paths) {
    test(`promotionWizard (${name}) ${path.description}`, async ({ page }) => {
      await signInByApi(page);
      const promotion = holdRequests(page, new RegExp(`/api/promotion/${PROMOTION_ID}/$`));
      const products = holdRequests(page, /\/api\/product_name_id\/$/);
      const officePages = holdRequests(page, new RegExp(`/api/office/\\?(?!.*limit=${SELECTOR_LIMIT}\\b)`));
      const matching = holdRequests(page, new RegExp(`/api/office/\\?.*limit=${SELECTOR_LIMIT}\\b`));
      const save = holdRequests(
        page,
        new RegExp(`/api/promotion/${PROMOTION_ID}/actions/(add|edit)_product_offices/$`),
        'POST',
      );
      await Promise.all([promotion.ready, products.ready, officePages.ready, matching.ready, save.ready]);
      await page.goto(`/dashboard/promociones/${PROMOTION_ID}/producto/create${query}`);

      const executors: Executors = {
        'xstate.done.actor.loadWizard': async (event) => {
          const output = (event as AnyEventObject & { output: LoadedPromotion }).output;
          await products.answer(200, productOptions);
          await promotion.answer(200, promotionAnswer(output));
        },
        'xstate.error.actor.loadWizard': async () => promotion.abort(),
        RETRY: async () => page.getByRole('button', { name: wizard.retry }).click(),
        PRODUCT_SEARCH: async (event) => {
          const field = page.getByLabel(wizard.productSearch);
          await field.fill('');
          await field.fill(String(event.text));
        },
        ADD_PRODUCT: async (event) => {
          const option = productOptions.find((one) => one.id === event.id);
          await page.getByRole('button', { name: `${wizard.add} ${option?.name}`, exact: true }).click();
        },
        REMOVE_PRODUCT: async (event) => {
          const option = productOptions.find((one) => one.id === event.id);
          await page.getByRole('button', { name: wizard.removeChosen(String(option?.name)) }).click();
        },
        NEXT: async () => page.getByRole('button', { name: wizard.next, exact: true }).click(),
        BACK: async () => page.getByRole('button', { name: wizard.back, exact: true }).click(),
        'xstate.done.actor.fetchOffices': async (event) =>
          officePages.answer(200, { next: null, previous: null, ...(event.output as OfficePage) }),
        'xstate.error.actor.fetchOffices': async () => officePages.abort(),
        'xstate.done.actor.fetchMatchingIds': async (event) =>
          matching.answer(200, {
            count: (event.output as number[]).length,
            next: null,
            previous: null,
            results: (event.output as number[]).map((id) => ({
              id,
              long_name: `Oficina ${id}`,
              country_name: 'Argentina',
              is_enabled: true,
            })),
          }),
        'xstate.error.actor.fetchMatchingIds': async () => matching.abort(),
        OFFICE_SEARCH: async (event) => {
          await page.getByLabel(wizard.searchBy).selectOption({
            label: wizard.searchModes[event.mode as keyof typeof wizard.searchModes],
          });
          await page.getByRole('textbox', { name: wizard.search, exact: true }).fill(String(event.text));
          await page.getByRole('button', { name: wizard.searchButton, exact: true }).click();
        },
        OFFICE_PAGE_SIZE: async (event) => page.getByLabel(wizard.pageSize).selectOption(String(event.limit)),
        OFFICE_PAGE: async (event, before) => {
          const forward = Number(event.offset) > contextOf(before).officeQuery.offset;
          await page
            .getByRole('button', { name: forward ? wizard.nextPage : wizard.previous, exact: true })
            .click();
        },
        TOGGLE_OFFICE: async (event, before) => {
          const office = contextOf(before).offices.find((one) => one.id === event.id);
          await page.getByRole('checkbox', { name: office?.long_name, exact: true }).click();
        },
        SELECT_PAGE: async () => page.getByRole('button', { name: wizard.selectPage }).click(),
        SELECT_ALL: async (_, before) =>
          page.getByRole('button', { name: wizard.selectAll(contextOf(before).officeCount) }).click(),
        CLEAR_SELECTION: async () => page.getByRole('button', { name: wizard.clearSelection }).click(),
        FINISH: async () => page.getByRole('button', { name: wizard.finish, exact: true }).click(),
        APPLY_NEXT: async () => page.getByRole('button', { name: wizard.applyAndNext }).click(),
        'xstate.done.actor.save': async (event) =>
          save.answer(200, {
            ...shownPromotion,
            products: event.output,
            products_count: (event.output as unknown[]).length,
          }),
        'xstate.error.actor.save': async (event) => {
          const error = errorOf(event);
          if (error instanceof FieldErrorsError) return save.answer(400, error.fields);
          // A refusal that words nothing: the server's generic detail, which the machine's fallback matches.
          return save.answer(409, { detail: messages.common.genericRetry });
        },
      };

      const busy = page.getByRole('status').filter({ hasText: messages.common.loading });
      const counter = (snapshot: AnyMachineSnapshot) => {
        const context = contextOf(snapshot);
        const labels = context.pp === null ? wizard.steps : wizard.editSteps;
        return page.getByText(
          `${messages.resourceScreens.stepOf(context.step + 1, context.steps.length)}: ${labels[context.step]}`,
        );
      };
      /** Each message a field can be refused with is shown in an alert exactly when the field holds it. */
      const expectFieldMessages = async (errors: string[] | undefined, possible: string[]) => {
        for (const message of possible)
          await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(
            errors?.includes(message) ? 1 : 0,
          );
      };

      const checks: ScreenChecks = {
        loading: async () => {
          await expect(busy).toBeVisible();
        },
        loadFailed: async (snapshot) => {
          const alert = page
            .getByRole('alert')
            .filter({ hasText: String(shownLoadError(contextOf(snapshot).error)) });
          await expect(alert).toBeVisible();
          await expect(page.getByRole('button', { name: wizard.retry })).toBeEnabled();
        },
        productStep: async (snapshot) => {
          const context = contextOf(snapshot);
          await expect(counter(snapshot)).toBeVisible();
          await expect(
            page.getByText(
              context.promotion?.promotion_type === 'venta' ? wizard.saleHint : wizard.providerHint,
            ),
          ).toBeVisible();
          const chosen = page.getByRole('list', { name: wizard.chosenProducts }).getByRole('listitem');
          await expect(chosen).toHaveCount(context.values.products.length);
          for (const [index, id] of context.values.products.entries())
            await expect(chosen.nth(index)).toContainText(
              String(productOptions.find((one) => one.id === id)?.name),
            );
          await expectFieldMessages(context.fieldErrors.products, [
            text.productRequired,
            text.saleOneProduct,
          ]);
          await expect(page.getByRole('status').filter({ hasText: wizard.savedNext })).toHaveCount(
            context.notice ? 1 : 0,
          );
          await expect(page.getByRole('button', { name: wizard.back, exact: true })).toBeDisabled();
          await expectAddress(page, snapshot);
        },
        officeStep: async (snapshot) => {
          const context = contextOf(snapshot);
          await expect(counter(snapshot)).toBeVisible();
          await expect(page.getByTestId('selected-offices')).toHaveText(
            wizard.selected(context.values.offices.length),
          );
          await expectFieldMessages(context.fieldErrors.offices, [text.officesRequired, text.officeNotFound]);
          await expect(page.getByRole('alert').filter({ hasText: messages.common.genericRetry })).toHaveCount(
            context.error === messages.common.genericRetry ? 1 : 0,
          );
          await expect(page.getByRole('button', { name: wizard.applyAndNext })).toHaveCount(
            context.pp === null ? 1 : 0,
          );
          await expect(page.getByRole('button', { name: wizard.back, exact: true })).toBeEnabled({
            enabled: context.pp === null,
          });
          await expectAddress(page, snapshot);
        },
        'officeStep.loadingOffices': async () => {
          await expect(busy).toBeVisible();
          await expect(page.getByRole('table', { name: wizard.steps[1] })).toHaveCount(0);
        },
        'officeStep.selectingAll': async () => {
          await expect(busy).toBeVisible();
        },
        'officeStep.ready': async (snapshot) => {
          const context = contextOf(snapshot);
          const rows = page.getByRole('table', { name: wizard.steps[1] }).locator('tbody tr');
          await expect(rows).toHaveCount(context.offices.length);
          for (const office of context.offices)
            await expect(page.getByRole('checkbox', { name: office.long_name, exact: true })).toBeChecked({
              checked: context.values.offices.includes(office.id),
            });
          const pages = Math.max(1, Math.ceil(context.officeCount / context.officeQuery.limit));
          const at = Math.floor(context.officeQuery.offset / context.officeQuery.limit) + 1;
          await expect(page.getByText(wizard.page(at, pages))).toBeVisible();
          await expect(page.getByLabel(wizard.pageSize)).toHaveValue(String(context.officeQuery.limit));
          // Each page size once, and no empty choice (issue 32: '2' was listed twice).
          await expect(page.getByLabel(wizard.pageSize).locator('option')).toHaveText(['2', '4', '8']);
          // A failed 'Seleccionar las N' keeps the table and says so, with no retry of its own.
          const alert = page.getByRole('alert').filter({ hasText: messages.common.networkError });
          await expect(alert).toHaveCount(context.officeError ? 1 : 0);
          await expect(alert.getByRole('button', { name: wizard.retry })).toHaveCount(0);
        },
        'officeStep.failed': async (snapshot) => {
          const alert = page
            .getByRole('alert')
            .filter({ hasText: String(shownLoadError(contextOf(snapshot).officeError)) });
          await expect(alert.getByRole('button', { name: wizard.retry })).toBeEnabled();
          await expect(page.getByRole('table', { name: wizard.steps[1] })).toHaveCount(0);
        },
        saving: async () => {
          await expect(page.getByRole('status').filter({ hasText: wizard.saving })).toBeVisible();
          await expect(page.getByRole('button', { name: wizard.finish, exact: true })).toBeDisabled();
        },
        done: async (snapshot) => {
          await expect
            .poll(() => new URL(page.url()).pathname)
            .toBe(`/dashboard/promociones/show/${PROMOTION_ID}`);
          // Finalizar says what was saved (issue 32).
          await expect(
            page.getByText(contextOf(snapshot).pp === null ? wizard.assigned : wizard.officesSaved),
          ).toBeVisible();
        },
      };
      await walkPath(path as WalkPath, executors, checks);
    });
  }
}
