// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * productDetail (Mostrar a product, SPEC §2 productos 'show'; §7 GET /product/{id}/,
 * GET /rateDetail/{id}/, POST /updateOfficeRate/) along its generated paths in Chromium (issue 29
 * §tests): /dashboard/productos/4. Every server answer of a path is held and answered as the path
 * says: GET /product/4/ with GET /rateDetail/4/ is `loadProduct` (and `reloadProduct`), the chosen
 * file's POST /csv_upload/ then POST /updateOfficeRate/ is `replaceRate`. A refusal is a 403 with
 * its detail, a refused file a 400 with its detail and row errors, any other failure a dropped
 * connection (worded by the client itself). Nothing reaches the server's writes: the e2e database
 * is untouched.
 *
 * Nothing is left out (pinned below).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { productDetailModel, RATE_HASH, sampleProduct } from '../../machines/models/products';
import type { MachineModel } from '../../machines/models/types';
import type { LoadedProduct, ProductDetailContext } from '../../machines/productDetail';
import { FieldErrorsError, UserFacingError } from '../../machines/support/errors';
import { formatAmount } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.products;
const model = productDetailModel as unknown as MachineModel;
const paths = coveringPaths(model);

test('the walk covers every state and transition of the product page', () => {
  expect(paths.length).toBeLessThanOrEqual(6);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ProductDetailContext;

/** What the page shows for the machine's error: a dropped connection is worded by the client. */
const shownError = (message: string) =>
  message === text.loadFailed || message === messages.common.genericRetry
    ? messages.common.networkError
    : message;

type Held = ReturnType<typeof holdRequests>;

/** An error event answered as the server (its status and detail, with row errors) or the connection gives it. */
async function answerError(held: Held, event: AnyEventObject) {
  const error = errorOf(event);
  if (error instanceof FieldErrorsError)
    await held.answer((error as { status?: number }).status ?? 400, {
      detail: error.message,
      ...error.fields,
    });
  else if (error instanceof UserFacingError)
    await held.answer((error as { status?: number }).status ?? 400, { detail: error.message });
  else await held.abort();
}

/** The product and its rates as the card shows them. */
async function expectProduct(page: Page, snapshot: AnyMachineSnapshot) {
  const { product, rates } = contextOf(snapshot);
  await expect(page.getByRole('heading', { name: product!.long_name })).toBeVisible();
  const coverages = page.getByRole('table', { name: text.steps[1] });
  await expect(coverages.getByRole('row')).toHaveCount(product!.product_coverage.length + 1);
  const table = page.getByRole('table', { name: text.rates });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(rates!.rates.length + 1);
  for (const [index, rate] of rates!.rates.entries()) {
    await expect(rows.nth(index + 1)).toContainText(rate.office_name ?? text.rateGeneral);
    await expect(rows.nth(index + 1)).toContainText(formatAmount(rate.price));
  }
}

for (const path of paths) {
  test(`productDetail: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    const product = holdRequests(page, new RegExp(`/api/product/${sampleProduct.id}/$`));
    const rates = holdRequests(page, new RegExp(`/api/rateDetail/${sampleProduct.id}/$`));
    const upload = holdRequests(page, /\/api\/csv_upload\/$/, 'POST');
    const replace = holdRequests(page, /\/api\/updateOfficeRate\/$/, 'POST');
    await Promise.all([product.ready, rates.ready, upload.ready, replace.ready]);
    await page.goto(`/dashboard/productos/${sampleProduct.id}`);

    const answerLoad = async (event: AnyEventObject) => {
      const output = (event as AnyEventObject & { output: LoadedProduct }).output;
      await rates.answer(200, output.rates);
      await product.answer(200, output.product);
    };
    const officeInput = (snapshot: AnyMachineSnapshot, officeId: number) =>
      page.getByLabel(contextOf(snapshot).product!.offices.find((office) => office.id === officeId)!.name, {
        exact: true,
      });

    const executors: Executors = {
      'xstate.done.actor.loadProduct': async (event) => answerLoad(event),
      'xstate.error.actor.loadProduct': async (event) => answerError(product, event),
      'xstate.done.actor.reloadProduct': async (event) => answerLoad(event),
      'xstate.error.actor.reloadProduct': async (event) => answerError(product, event),
      RETRY: async () => page.getByRole('button', { name: messages.resourceScreens.retry }).click(),
      REPLACE_RATE: async (event, before) => {
        const file = (event as AnyEventObject & { file: File }).file;
        await officeInput(before, Number(event.officeId)).setInputFiles({
          name: file.name,
          mimeType: 'text/csv',
          buffer: Buffer.from(await file.arrayBuffer()),
        });
      },
      'xstate.done.actor.replaceRate': async () => {
        await upload.answer(200, { hash: RATE_HASH, rows: 1, file_name: 'tarifa.csv', kind: 'particular' });
        await replace.answer(200, { rows: 1 });
      },
      'xstate.error.actor.replaceRate': async (event) => {
        await upload.answer(200, { hash: RATE_HASH, rows: 1, file_name: 'tarifa.csv', kind: 'particular' });
        await answerError(replace, event);
      },
    };

    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByRole('status').filter({ hasText: messages.common.loading })).toBeVisible();
        await expect.poll(() => product.waiting(), { message: 'GET the product' }).toBe(1);
        await expect.poll(() => rates.waiting(), { message: 'GET its rates' }).toBeGreaterThan(0);
      },
      failed: async (snapshot) => {
        const { error, refused } = contextOf(snapshot);
        const alert = page.getByRole('alert');
        await expect(alert).toContainText(shownError(error!));
        // No 'Reintentar' after a permission refusal: retrying cannot help.
        await expect(alert.getByRole('button', { name: messages.resourceScreens.retry })).toHaveCount(
          refused ? 0 : 1,
        );
      },
      shown: async (snapshot) => {
        const { error, notice } = contextOf(snapshot);
        await expectProduct(page, snapshot);
        const alert = page.getByRole('alert');
        await expect(alert).toHaveText(error ? [shownError(error)] : []);
        const status = page.getByRole('status').filter({ hasText: text.replaceOfficeRateDone });
        await expect(status).toHaveCount(notice ? 1 : 0);
      },
      'shown.idle': async (snapshot) => {
        for (const office of contextOf(snapshot).product!.offices)
          await expect(officeInput(snapshot, office.id)).toBeEnabled();
      },
      'shown.replacing': async (snapshot) => {
        const { officeId } = contextOf(snapshot);
        await expect(officeInput(snapshot, officeId!)).toBeDisabled();
        await expect(officeInput(snapshot, officeId!)).toHaveAttribute('aria-busy', 'true');
        await expect.poll(() => upload.waiting(), { message: 'POST the chosen file' }).toBe(1);
      },
      'shown.reloading': async (snapshot) => {
        const { officeId } = contextOf(snapshot);
        await expect(officeInput(snapshot, officeId!)).toBeDisabled();
        await expect.poll(() => product.waiting(), { message: 'GET the product again' }).toBe(1);
      },
    };

    await walkPath(path, executors, checks);
  });
}
