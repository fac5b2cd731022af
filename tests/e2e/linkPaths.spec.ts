// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The traveller's link pages along their machines' generated paths in Chromium (issue 29 §tests):
 * paymentUpdate at /update_payment_data. No staff session; every answer of the link's API is the
 * path's actor completion, held with page.route; fields are typed and the form submitted.
 *
 * The client words every failure: an unworded one (a model's `new Error('network')`, for which
 * the machine falls back to its generic message) is walked as a dropped connection, which the
 * client names itself (messages.common.networkError).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { LINK_INPUT, paymentUpdateModel } from '../../machines/models/refundLinks';
import type { MachineModel } from '../../machines/models/types';
import { FieldErrorsError, UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { paymentFieldLabel } from '../../src/contracts/refund';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';

const text = messages.refundLinks;
const linkQuery = `refund_id=${LINK_INPUT.refundId}&hash=${encodeURIComponent(LINK_INPUT.hash)}`;

/** The message the screen shows for a machine's error (see the header). */
function shownError(snapshot: AnyMachineSnapshot): string {
  const error = snapshot.context.error as string | null;
  return error === messages.common.genericRetry ? messages.common.networkError : String(error);
}

/** A refusal as the server says it: field errors, a worded refusal, or a dropped connection. */
async function refuse(server: ReturnType<typeof holdRequests>, error: Error) {
  if (error instanceof FieldErrorsError) return server.answer(400, error.fields);
  if (error instanceof UserFacingError) return server.answer(400, { detail: error.message });
  return server.abort();
}

async function expectAccessError(page: Page, snapshot: AnyMachineSnapshot) {
  await expect(page.getByRole('heading', { name: text.accessErrorTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(shownError(snapshot));
}

// ---- paymentUpdate at /update_payment_data ------------------------------------------------------

const paymentModel = paymentUpdateModel as unknown as MachineModel;
const paymentPaths = coveringPaths(paymentModel);

test('paymentUpdate: the walk covers every state and transition', () => {
  expect(missingIn(paymentModel, paymentPaths)).toEqual({ states: [], transitions: [] });
});

for (const path of paymentPaths) {
  test(`paymentUpdate ${path.description}`, async ({ page }) => {
    const load = holdRequests(page, /\/api\/refund_data\/pending-update-fields\/\?/);
    const send = holdRequests(page, /\/api\/refund_data\/update-fields\/$/, 'PATCH');
    await Promise.all([load.ready, send.ready]);
    await page.goto(`/update_payment_data?${linkQuery}`);
    const field = (name: 'cbu' | 'cuit_cuil') => page.getByLabel(paymentFieldLabel(name, 'ARG'));
    const submit = page.getByRole('button', { name: text.update });
    const executors: Executors = {
      'xstate.done.actor.loadFields': async (event) => load.answer(200, event.output),
      'xstate.error.actor.loadFields': async (event) => refuse(load, errorOf(event)),
      FIELD_CHANGED: async (event) => field(event.field).fill(String(event.value)),
      SUBMIT: async () => submit.click(),
      'xstate.done.actor.sendFields': async (event) => send.answer(200, event.output),
      'xstate.error.actor.sendFields': async (event) => refuse(send, errorOf(event)),
      RETRY: async () => page.getByRole('button', { name: messages.common.retry }).click(),
    };
    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByText(messages.common.loading)).toBeVisible();
      },
      accessError: async (snapshot) => expectAccessError(page, snapshot),
      editing: async (snapshot) => {
        const { values, errors } = snapshot.context as {
          values: Record<'cbu' | 'cuit_cuil', string>;
          errors: Partial<Record<'cbu' | 'cuit_cuil', string>>;
        };
        await expect(page.getByRole('heading', { name: text.paymentTitle })).toBeVisible();
        // Each field holds what was typed and describes exactly its shown error.
        for (const name of ['cbu', 'cuit_cuil'] as const) {
          await expect(field(name)).toHaveValue(values[name]);
          await expect(field(name)).toHaveAccessibleDescription(errors[name] ?? '');
        }
        await expect(submit).toBeEnabled();
      },
      sending: async () => {
        await expect(page.getByText(text.updating)).toBeVisible();
        await expect(submit).toBeDisabled();
      },
      sent: async () => {
        await expect(page.getByRole('heading', { name: text.stepSent, level: 2 })).toBeVisible();
        await expect(page.getByText(text.paymentSentText)).toBeVisible();
      },
      failed: async (snapshot) => {
        await expect(page.getByRole('heading', { name: text.failureTitle })).toBeVisible();
        await expect(page.getByText(text.paymentFailureText)).toBeVisible();
        await expect(page.getByText(shownError(snapshot))).toBeVisible();
      },
    };
    await walkPath(path, executors, checks);
  });
}
