// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * paymentDetail (Facturación's 'Detalle de pago' tab, issue 16; SPEC §7 GET /payment_detail/) along
 * its generated paths in Chromium (issue 29 §tests). The Facturación record's show view is the
 * server's; GET /payment_detail/ is held and answered as the path says: the payments, none, a
 * refusal with its detail, or a dropped connection (the client words it: messages.common.networkError).
 * The walk writes nothing.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { paymentDetailModel } from '../../machines/models/invoicing';
import type { MachineModel } from '../../machines/models/types';
import type { PaymentDetailContext } from '../../machines/paymentDetail';
import { formatDate, formatMoney } from '../../src/contracts/format';
import type { Payment } from '../../src/contracts/invoicing';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  errorOf,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.invoicing.payments;
const model = paymentDetailModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PaymentDetailContext;
const paths = coveringPaths(model);
/** A reservation of the demo data; its record page is the server's, only the payments are held. */
const RESERVATION = 3;

test('the walk covers every state and transition of the payment detail', () => {
  expect(paths.length).toBeLessThanOrEqual(4);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const rowOf = (payment: Payment) => [
  formatDate(payment.paid_at),
  text.methods[payment.method],
  formatMoney(payment.amount, payment.currency),
  String(payment.instalments),
  payment.reference,
];

/** The text a failure shows: the server's detail, or the client's own words for a dropped connection. */
const shownError = (snapshot: AnyMachineSnapshot) =>
  contextOf(snapshot).error === text.failed ? messages.common.networkError : contextOf(snapshot).error;

for (const path of paths) {
  test(`paymentDetail: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    const held: Route[] = [];
    await page.route(/\/api\/payment_detail\/\?/, (route) => {
      held.push(route);
    });
    const next = async () => {
      await expect.poll(() => held.length, { message: 'GET /payment_detail/' }).toBe(1);
      const route = held.pop()!;
      expect(new URL(route.request().url()).searchParams.get('reservation_id')).toBe(String(RESERVATION));
      return route;
    };
    await page.goto(`/dashboard/facturacion/${RESERVATION}`);
    await page.getByRole('tab', { name: text.title }).click();

    const executors: Executors = {
      'xstate.done.actor.loadPayments': async (event) => {
        const results = (event as unknown as { output: Payment[] }).output;
        await (await next()).fulfill({
          json: { count: results.length, next: null, previous: null, results },
        });
      },
      'xstate.error.actor.loadPayments': async (event) => {
        const error = errorOf(event);
        const route = await next();
        if (error.message === 'network') await route.abort();
        else await route.fulfill({ status: 404, json: { detail: error.message } });
      },
      RETRY: async () => page.getByRole('button', { name: messages.resourceScreens.retry }).click(),
    };

    const panel = (page: Page) => page.getByRole('tabpanel', { name: text.title });
    const checks: ScreenChecks = {
      loading: async () => {
        await expect(panel(page).getByText(text.loading)).toBeVisible();
        await expect.poll(() => held.length, { message: 'GET /payment_detail/' }).toBe(1);
      },
      loaded: async (snapshot) => {
        const rows = panel(page).getByRole('table', { name: text.title }).getByRole('row');
        await expect(rows).toHaveCount(contextOf(snapshot).payments.length + 1);
        for (const [index, payment] of contextOf(snapshot).payments.entries())
          await expect(rows.nth(index + 1).getByRole('cell')).toHaveText(rowOf(payment));
      },
      empty: async () => {
        await expect(panel(page).getByText(text.empty)).toBeVisible();
        await expect(panel(page).getByRole('table')).toHaveCount(0);
      },
      failed: async (snapshot) => {
        await expect(panel(page).getByRole('alert')).toContainText(String(shownError(snapshot)));
        await expect(panel(page).getByRole('button', { name: messages.resourceScreens.retry })).toBeEnabled();
      },
    };

    await walkPath(path, executors, checks);
  });
}
