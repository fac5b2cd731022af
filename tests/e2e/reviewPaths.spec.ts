// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The staff refund review (issue 17 'Staff review (Reintegros)') along refundReview's generated
 * paths in Chromium (issue 29 §tests): /dashboard/reintegros/7. Every answer about the refund is
 * held with page.route and answered as the path says: GET /refund/7/ is `loadRefund` (the model's
 * refund, or a 404 with its detail), the POST to /refund/7/actions/<transition>/ is
 * `runTransition` (the refund as it is now, field errors, or a refusal's detail). Any other request
 * about refund 7 (its history, the receipts' readings) is held unanswered, so the walk reads and
 * writes nothing of the e2e database's refunds; the staff user signs in by API.
 *
 * Not walkable, each for a stated reason (pinned below): a payment reference longer than 100
 * characters (the field's maxlength keeps the 101st out), and a server's field error on a field
 * the transition's form does not have (the server words field errors for the fields the
 * transition takes: the reason's error is walked on 'Rechazar', by a path of the walk's own).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  refundReviewModel,
  SERVER_REASON_ERROR,
  sampleReviewedRefund,
} from '../../machines/models/refundReview';
import type { MachineModel } from '../../machines/models/types';
import {
  type DraftTextField,
  payloadOf,
  type RefundReviewContext,
  type ReviewedRefund,
} from '../../machines/refundReview';
import { FieldErrorsError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import {
  REFUND_TRANSITION_NAMES,
  type RefundTransition,
  refundStatusLabel,
} from '../../src/contracts/refund/lifecycle';
import { paymentFieldLabel } from '../../src/contracts/refund/payment';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkablePaths,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.refundReview;
const REFUND_ID = sampleReviewedRefund.id;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RefundReviewContext;

/** The form's fields each transition shows (TransitionFields.tsx). */
const formFields: Record<string, string[]> = {
  reject: ['reason'],
  approve: ['amounts'],
  request_documents: ['documents', 'max_files', 'observations'],
  request_bank_data: ['fields', 'observations'],
  pay: ['reference'],
};

function reviewWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event as AnyEventObject & Record<string, unknown>;
  const before = contextOf(steps[index - 1].state);
  if (event.type === 'FIELD_CHANGED' && event.field === 'reference') return String(event.value).length <= 100;
  if (event.type === 'xstate.error.actor.runTransition') {
    const error = errorOf(event);
    if (!(error instanceof FieldErrorsError)) return true;
    const shown = formFields[before.transition ?? ''] ?? [];
    return Object.keys(error.fields).every((field) => shown.includes(field.split('.')[0]));
  }
  return true;
}

/**
 * 'Marcar pagado' with its reference sent: the walk's own journey (the model's paths reach the pay
 * form only with the 101-character reference the field refuses).
 */
const payJourney: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadRefund', output: sampleReviewedRefund },
  { type: 'TRANSITION_ASKED', transition: 'pay' },
  { type: 'FIELD_CHANGED', field: 'reference', value: 'TRF-2026-0042' },
  { type: 'SUBMITTED' },
  { type: 'xstate.done.actor.runTransition', output: { ...sampleReviewedRefund, status: 'PAGADO' } },
];
/**
 * The server's field error where the screen shows it: the reason refused on 'Rechazar' (after the
 * empty reason the browser refuses itself), typed again and the error goes. Walked besides the
 * covering paths: they take the same transitions with the refusal's detail.
 */
const rejectJourney: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadRefund', output: sampleReviewedRefund },
  { type: 'TRANSITION_ASKED', transition: 'reject' },
  { type: 'SUBMITTED' },
  { type: 'FIELD_CHANGED', field: 'reason', value: 'Fuera de cobertura' },
  { type: 'SUBMITTED' },
  {
    type: 'xstate.error.actor.runTransition',
    error: new FieldErrorsError({ reason: [SERVER_REASON_ERROR] }),
  },
  { type: 'FIELD_CHANGED', field: 'reason', value: 'Fuera de cobertura.' },
];

const reviewModel = refundReviewModel as unknown as MachineModel;
const model: MachineModel = { ...reviewModel, journeys: [payJourney, ...(reviewModel.journeys ?? [])] };
const rejectPath = walkablePaths({ ...reviewModel, journeys: [rejectJourney] }, reviewWalkable).find(
  (path) => path.steps.length === rejectJourney.length + 1 && path.description.includes('fields=reason'),
)!;
const paths = [...coveringPaths(model, reviewWalkable), rejectPath];

test('the walk covers every state and transition of the refund review the screen can take', () => {
  expect(paths.length).toBeLessThanOrEqual(7);
  expect(rejectPath.steps.map((step) => step.event)).toEqual([{ type: 'xstate.init' }, ...rejectJourney]);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

/** The label of a text field of the transition forms. */
const fieldLabels: Record<DraftTextField, string> = {
  reason: text.reasonLabel,
  documents: text.documentsLabel,
  max_files: text.maxFilesLabel,
  observations: text.observationsLabel,
  reference: messages.refundDecisions.referenceLabel,
};

const formOf = (page: Page, transition: RefundTransition) =>
  page.getByRole('form', { name: text.transitions[transition] });

for (const path of paths) {
  test(`refundReview: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    // Anything else about the refund (its history, its receipts' readings) waits unanswered.
    await page.route(new RegExp(`/api/refund/${REFUND_ID}/`), () => {});
    const load = holdRequests(page, new RegExp(`/api/refund/${REFUND_ID}/$`));
    const run = holdRequests(page, new RegExp(`/api/refund/${REFUND_ID}/actions/\\w+/$`), 'POST');
    await Promise.all([load.ready, run.ready]);
    const sent: { transition: string; body: unknown }[] = [];
    page.on('request', (request) => {
      const match = request.url().match(/\/actions\/(\w+)\/$/);
      if (request.method() === 'POST' && match)
        sent.push({ transition: match[1], body: request.postDataJSON() });
    });
    await page.goto(`/dashboard/reintegros/${REFUND_ID}`);

    const executors: Executors = {
      'xstate.done.actor.loadRefund': async (event) =>
        load.answer(200, (event as AnyEventObject & { output: ReviewedRefund }).output),
      'xstate.error.actor.loadRefund': async (event) => load.answer(404, { detail: errorOf(event).message }),
      RETRY: async () => page.getByRole('button', { name: messages.resourceScreens.retry }).click(),
      TRANSITION_ASKED: async (event) =>
        page
          .getByRole('button', { name: text.transitions[event.transition as RefundTransition], exact: true })
          .click(),
      CANCELLED: async (_, before) =>
        formOf(page, contextOf(before).transition!).getByRole('button', { name: text.cancel }).click(),
      SUBMITTED: async (_, before) =>
        formOf(page, contextOf(before).transition!).getByRole('button', { name: text.confirm }).click(),
      FIELD_CHANGED: async (event, before) =>
        formOf(page, contextOf(before).transition!)
          .getByLabel(fieldLabels[event.field as DraftTextField])
          .fill(String(event.value)),
      AMOUNT_CHANGED: async (event, before) => {
        const index = contextOf(before).refund!.claims.findIndex((claim) => claim.id === event.claim);
        await formOf(page, 'approve')
          .getByRole('textbox', { name: `${text.approvedAmount} (${text.claim(index + 1)}:` })
          .fill(String(event.value));
      },
      BANK_FIELD_TOGGLED: async (event, before) =>
        formOf(page, 'request_bank_data')
          .getByRole('checkbox', {
            name: paymentFieldLabel(
              event.field as Parameters<typeof paymentFieldLabel>[0],
              contextOf(before).refund!.country_residence,
            ),
            exact: true,
          })
          .click(),
      'xstate.done.actor.runTransition': async (event) =>
        run.answer(200, (event as AnyEventObject & { output: ReviewedRefund }).output),
      'xstate.error.actor.runTransition': async (event) => {
        const error = errorOf(event);
        if (error instanceof FieldErrorsError && Object.keys(error.fields).length)
          return run.answer(400, error.fields);
        return run.answer(409, { detail: error.message });
      },
    };

    const heading = page.getByRole('heading', { level: 1 });
    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByRole('status').filter({ hasText: text.loading })).toBeVisible();
        await expect(page.getByTestId('refund-status')).toHaveCount(0);
      },
      failed: async (snapshot) => {
        const alert = page.getByRole('alert').filter({ hasText: contextOf(snapshot).error! });
        await expect(alert.getByRole('button', { name: messages.resourceScreens.retry })).toBeEnabled();
        await expect(alert.getByRole('link', { name: text.back })).toBeVisible();
        await expect(page.getByTestId('refund-status')).toHaveCount(0);
      },
      ready: async (snapshot) => {
        const refund = contextOf(snapshot).refund!;
        await expect(heading).toContainText(`#${refund.id}`);
        await expect(page.getByTestId('refund-status')).toHaveText(refundStatusLabel(refund.status));
        await expect(page.getByText(`${refund.name} ${refund.surname}`)).toBeVisible();
        await expect(page.getByTestId('refund-claim')).toHaveCount(refund.claims.length);
      },
      'ready.idle': async (snapshot) => {
        const refund = contextOf(snapshot).refund!;
        const card = page.getByRole('region', { name: text.transitionsTitle });
        const offered = REFUND_TRANSITION_NAMES.filter((name) => refund.allowed_actions?.includes(name));
        await expect(card.getByRole('button')).toHaveText(offered.map((name) => text.transitions[name]));
        // The admin holds refund/change: an empty list is the status's doing.
        await expect(card.getByText(text.noTransitions)).toHaveCount(offered.length ? 0 : 1);
        await expect(card.getByRole('form')).toHaveCount(0);
      },
      'ready.editing': async (snapshot) => {
        const { transition, draft, fieldErrors, transitionError, refund } = contextOf(snapshot);
        const form = formOf(page, transition!);
        await expect(form.getByText(text.confirmTransition(text.transitions[transition!]))).toBeVisible();
        await expect(form.getByRole('button', { name: text.confirm })).toBeEnabled();
        // The refusal and each field's (first) message the machine holds are shown, and no other.
        const keys = Object.keys(fieldErrors);
        await expect(form.getByRole('alert')).toHaveCount(keys.length + (transitionError ? 1 : 0));
        if (transitionError)
          await expect(form.getByRole('alert').filter({ hasText: transitionError })).toBeVisible();
        for (const key of keys)
          await expect(form.getByRole('alert').filter({ hasText: fieldErrors[key][0] })).toBeVisible();
        if (transition === 'approve')
          for (const [index, claim] of refund!.claims.entries())
            await expect(
              form.getByRole('textbox', { name: `${text.approvedAmount} (${text.claim(index + 1)}:` }),
            ).toHaveValue(draft.amounts[String(claim.id)]);
        for (const field of formFields[transition!].filter((one) => one in fieldLabels))
          await expect(form.getByLabel(fieldLabels[field as DraftTextField])).toHaveValue(
            String(draft[field as DraftTextField]),
          );
        if (transition === 'request_bank_data')
          await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(draft.fields.length);
      },
      'ready.submitting': async (snapshot) => {
        const { transition, draft, refund } = contextOf(snapshot);
        const form = formOf(page, transition!);
        await expect(form.getByRole('button', { name: text.applying })).toBeDisabled();
        await expect(form.getByRole('button', { name: text.cancel })).toBeDisabled();
        // The request the screen sent is the machine's payload for the transition.
        await expect.poll(() => run.waiting()).toBe(1);
        expect(sent.at(-1)).toEqual({ transition, body: payloadOf(transition!, draft, refund) });
      },
    };
    await walkPath(path, executors, checks);
  });
}
