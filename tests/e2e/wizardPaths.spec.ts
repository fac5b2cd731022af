// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The product wizard (issue 13, SPEC §2 'add', §3 'Product wizard') along its generated paths in
 * Chromium (issue 29 §tests), on /dashboard/add (Crear). Every server answer of a path is held
 * with page.route and answered as the path says: GET /product_type/ is `loadWizard` (the other
 * option lists come from the e2e server), POST /step/ is `saveStep`, POST /csv_upload/ is
 * `uploadFile`, POST /productCreate/ is `finalize`. Nothing is saved: the e2e database is untouched.
 * `validateStep` runs in the browser on the shared contract, so the walk types the step's values
 * valid or not before 'Siguiente' as the path's next event says.
 *
 * Not walkable, each for a stated reason (pinned below): FIELD_CHANGED off step 0 (the model types
 * into 'Nombre corto', a step-0 field), UPLOAD off step 2 (the general rate's file is on step 2),
 * BACK on step 0 (Volver is disabled), step 2 valid without a general rate or refused with one
 * (creating requires the rate: checkStep). The model reaches the final call without a rate file,
 * so the walk adds the final call's journeys with the file uploaded on step 2.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  PRODUCT_FIELD_ERROR,
  PRODUCT_HASH,
  productWizardMachineModel,
  RATE_HASH,
  rateFile,
  sampleOptions,
} from '../../machines/models/products';
import type { MachineModel } from '../../machines/models/types';
import { FieldErrorsError, UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
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

const text = messages.products;
const productModel = productWizardMachineModel as unknown as MachineModel;

// ---- Product wizard ----------------------------------------------------------------------------

const loaded = { type: 'xstate.done.actor.loadWizard', output: { values: null, options: sampleOptions } };
const uploaded = {
  type: 'xstate.done.actor.uploadFile',
  output: { target: 'general_rate', value: { hash: RATE_HASH, name: 'tarifa.csv', rows: '6' } },
};
const keep = (step: number) => [
  { type: 'NEXT' },
  { type: 'xstate.done.actor.validateStep', output: { step } },
  { type: 'xstate.done.actor.saveStep', output: PRODUCT_HASH },
];
/** 'Nombre corto' typed, steps 0 and 1 kept, the general rate uploaded, step 2 kept: the final call is under way. */
const toFinalCall = [
  loaded,
  { type: 'FIELD_CHANGED', field: 'short_name', value: 'WIZWALK' },
  ...keep(0),
  ...keep(1),
  { type: 'UPLOAD', target: 'general_rate', file: rateFile() },
  uploaded,
  ...keep(2),
];
const conflict = {
  type: 'xstate.error.actor.finalize',
  error: new UserFacingError(messages.common.conflict),
};
const walkModel: MachineModel = {
  ...productModel,
  journeys: [
    ...(productModel.journeys ?? []),
    [...toFinalCall, conflict, { type: 'RETRY' }, { type: 'xstate.done.actor.finalize', output: 42 }],
    [
      ...toFinalCall,
      {
        type: 'xstate.error.actor.finalize',
        error: new FieldErrorsError({ 'product_coverage.0.limit_amount': [PRODUCT_FIELD_ERROR] }),
      },
      { type: 'EDIT' },
    ],
    [...toFinalCall, conflict, { type: 'EDIT' }],
    [
      ...toFinalCall,
      {
        type: 'xstate.error.actor.finalize',
        error: new FieldErrorsError({ hash: [messages.products.draftExpired] }),
      },
    ],
  ],
};

const contextOf = (snapshot: AnyMachineSnapshot) =>
  snapshot.context as {
    step: number;
    values: Record<string, unknown>;
    fieldErrors: Record<string, string[]>;
    error: string | null;
    uploadRows: string[];
  };
const rateUploaded = (snapshot: AnyMachineSnapshot) => {
  const rate = contextOf(snapshot).values.general_rate;
  return typeof rate === 'object' && rate !== null;
};

function productWalkable(steps: readonly WalkStep[], index: number): boolean {
  const { event } = steps[index];
  const before = steps[index - 1].state;
  const { step } = contextOf(before);
  switch (event.type) {
    case 'FIELD_CHANGED':
      return step === 0;
    case 'UPLOAD':
      return step === 2;
    case 'BACK':
      return step > 0;
    case 'xstate.done.actor.validateStep':
      return step < 2 || rateUploaded(before);
    case 'xstate.error.actor.validateStep':
      // Refusing a form the last NEXT sent needs a field changed, which clears a message not
      // tied to a field (changeField): the screen cannot keep it through the refusal.
      return (step < 2 || !rateUploaded(before)) && contextOf(before).error === null;
    default:
      return true;
  }
}

const productPaths = coveringPaths(walkModel, productWalkable);

test('the walk covers every state and transition the product wizard can take', () => {
  expect(productPaths.length).toBeLessThanOrEqual(8);
  expect(missingIn(productModel, productPaths)).toEqual({ states: [], transitions: [] });
});

/** How the server answers an actor's error event: a refusal it words, or a dropped connection. */
async function answerError(held: ReturnType<typeof holdRequests>, event: AnyEventObject, detail = false) {
  const error = errorOf(event);
  if (error instanceof FieldErrorsError)
    // A final call refused for fields says so as a whole (the machine's 'No se pudo guardar').
    return held.answer(400, detail ? { detail: text.errorTitle, ...error.fields } : error.fields);
  if (error instanceof UserFacingError) return held.answer(409, { detail: error.message });
  return held.abort();
}

/** Fills `field` with `value` unless it holds it (typing sends FIELD_CHANGED, which clears `error`). */
async function fillIfDifferent(field: Locator, value: string) {
  if ((await field.inputValue()) !== value) await field.fill(value);
}

/**
 * Makes step `step` what the path's next validation says: accepted by the browser's schema, or
 * refused at the field the model refuses. Only what differs is changed, so a form already right
 * is sent as it is (as the path sends NEXT without typing).
 */
async function fillStep(page: Page, step: number, valid: boolean) {
  if (step === 0) {
    await fillIfDifferent(page.getByLabel('Nombre corto'), 'WIZWALK');
    await fillIfDifferent(page.getByLabel('Nombre', { exact: true }), 'Producto del recorrido del asistente');
    const category = page.getByLabel(text.category);
    const chosen = (await category.inputValue()) !== '';
    if (valid !== chosen) await category.selectOption(valid ? { label: 'Asistencia' } : { value: '' });
    const supplier = page.getByLabel(text.supplier);
    if ((await supplier.inputValue()) === '') await supplier.selectOption({ index: 1 });
    await page.getByRole('group', { name: text.zones }).getByLabel('Europa').check();
    return;
  }
  if (step === 1) {
    // No rows refuses 'product_coverage'; one complete row is accepted.
    const rows = page.getByRole('group', { name: new RegExp(`^${text.coverage} \\d+$`) });
    if (!valid) {
      while ((await rows.count()) > 0)
        await page
          .getByRole('button', { name: new RegExp(`^${text.coverageRemove} ${text.coverage}`) })
          .first()
          .click();
      return;
    }
    if ((await rows.count()) === 0) await page.getByRole('button', { name: text.coverageAdd }).click();
    const row = page.getByRole('group', { name: `${text.coverage} 1` });
    const coverage = row.getByLabel(text.coverage, { exact: true });
    if ((await coverage.inputValue()) === '') await coverage.selectOption({ index: 1 });
    await fillIfDifferent(row.getByLabel(text.coverageLimit), '1000');
    const currency = row.getByLabel(text.coverageCurrency);
    if ((await currency.inputValue()) === '') await currency.selectOption({ index: 1 });
  }
  // Step 2: the general rate is uploaded or not by the path's own UPLOAD.
}

/** Alerts saying one of `texts` that no field names as its description (aria-describedby). */
function unattachedAlerts(page: Page, texts: string[]): Promise<number> {
  return page
    .getByRole('alert')
    .evaluateAll(
      (alerts, wanted) =>
        alerts.filter(
          (alert) =>
            wanted.some((one) => alert.textContent?.includes(one)) &&
            !(alert.id && document.querySelector(`[aria-describedby~="${alert.id}"]`)),
        ).length,
      texts,
    );
}

/** The field a server or schema refusal is shown at, on the step holding it. */
function fieldOn(page: Page, field: string) {
  switch (field) {
    case 'product_type_id':
      return page.getByLabel(text.category);
    case 'general_rate':
      return page.getByLabel(text.rateFile, { exact: true });
    case 'product_coverage.0.limit_amount':
      return page.getByRole('group', { name: `${text.coverage} 1` }).getByLabel(text.coverageLimit);
    default:
      throw new Error(`no field on screen for ${field}`);
  }
}

for (const path of productPaths) {
  test(`productWizard ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    const productTypes = holdRequests(page, /\/api\/product_type\/\?/);
    const step = holdRequests(page, /\/api\/step\/$/, 'POST');
    const upload = holdRequests(page, /\/api\/csv_upload\/$/, 'POST');
    const finalize = holdRequests(page, /\/api\/productCreate\/$/, 'POST');
    await Promise.all([productTypes.ready, step.ready, upload.ready, finalize.ready]);
    await page.goto('/dashboard/add');
    // The screen is up (its lazy parts load slowly on a busy machine) before the walk's first check.
    await expect(page.getByRole('heading', { name: text.wizardTitle })).toBeVisible({ timeout: 30_000 });
    const stepNumber = (before: AnyMachineSnapshot) => contextOf(before).step;
    const nextEvent = (before: AnyMachineSnapshot) =>
      path.steps[path.steps.findIndex((walked) => walked.state === before) + 2]?.event.type;
    // Step 0's office is chosen once (searched on the server): the values outlive the steps.
    let officeChosen = false;
    const executors: Executors = {
      'xstate.done.actor.loadWizard': async () =>
        productTypes.answer(200, {
          count: 1,
          next: null,
          previous: null,
          results: sampleOptions.product_type_id.map((option) => ({
            id: Number(option.value),
            long_name: option.label,
          })),
        }),
      'xstate.error.actor.loadWizard': async () => productTypes.abort(),
      RETRY: async () => page.getByRole('button', { name: text.retry }).click(),
      EDIT: async () => page.getByRole('button', { name: text.backToEdit }).click(),
      BACK: async () => page.getByRole('button', { name: text.back }).click(),
      FIELD_CHANGED: async (event) => page.getByLabel('Nombre corto').fill(String(event.value)),
      UPLOAD: async (event) =>
        page.getByLabel(text.rateFile, { exact: true }).setInputFiles({
          name: (event.file as File).name,
          mimeType: 'text/csv',
          buffer: Buffer.from(await (event.file as File).arrayBuffer()),
        }),
      'xstate.done.actor.uploadFile': async () =>
        upload.answer(200, { hash: RATE_HASH, rows: 6, file_name: 'tarifa.csv', kind: 'general' }),
      'xstate.error.actor.uploadFile': async (event) => answerError(upload, event),
      NEXT: async (_, before) => {
        const at = stepNumber(before);
        if (at === 0 && !officeChosen) {
          await page.getByRole('searchbox', { name: text.officeSearch }).fill('Sucursal');
          await page.getByRole('button', { name: text.officeSearchButton, exact: true }).click();
          await page.getByRole('button', { name: `${text.officeAdd} Sucursal Córdoba` }).click();
          officeChosen = true;
        }
        await fillStep(page, at, nextEvent(before) === 'xstate.done.actor.validateStep');
        await page.getByRole('button', { name: at === 2 ? text.finish : text.next }).click();
      },
      // Validation runs in the browser on what NEXT typed.
      'xstate.done.actor.validateStep': async () => {},
      'xstate.error.actor.validateStep': async () => {},
      'xstate.done.actor.saveStep': async (_, before) =>
        step.answer(200, { hash: PRODUCT_HASH, step: stepNumber(before) }),
      'xstate.error.actor.saveStep': async (event) => answerError(step, event),
      'xstate.done.actor.finalize': async (event) =>
        finalize.answer(200, { status: 'OK', id: (event as AnyEventObject & { output: number }).output }),
      'xstate.error.actor.finalize': async (event) => answerError(finalize, event, true),
    };
    const busyButtons = async (busy: boolean) => {
      await expect(
        page.getByRole('button', { name: new RegExp(`^(${text.next}|${text.finish})$`) }),
      ).toBeEnabled({
        enabled: !busy,
      });
    };
    const counter = (snapshot: AnyMachineSnapshot) =>
      page.getByText(text.stepOf(contextOf(snapshot).step + 1, 3), { exact: false });
    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByRole('status').filter({ hasText: text.loadingProduct })).toBeVisible();
      },
      loadFailed: async () => {
        // The load's one failure here is a dropped connection, which the client words itself.
        const alert = page.getByRole('alert').filter({ hasText: messages.common.networkError });
        await expect(alert.getByRole('button', { name: text.retry })).toBeEnabled();
      },
      editing: async (snapshot) => {
        const { step: at, fieldErrors, error, uploadRows } = contextOf(snapshot);
        await expect(counter(snapshot)).toBeVisible();
        await busyButtons(false);
        await expect(page.getByRole('button', { name: text.back })).toBeEnabled({ enabled: at > 0 });
        await expect(page.getByRole('button', { name: at === 2 ? text.finish : text.next })).toBeVisible();
        for (const message of [text.draftExpired, messages.common.forbidden])
          await expect(page.getByText(message)).toHaveCount(error === message ? 1 : 0);
        for (const field of Object.keys(fieldErrors).filter((key) => key !== 'product_coverage'))
          await expect(fieldOn(page, field)).toHaveAttribute('aria-invalid', 'true');
        // Step 1 says 'no coverages' in an alert of its own (no field is described by it), worded
        // by the schema or by the server.
        await expect
          .poll(() => unattachedAlerts(page, [text.coveragesRequired, PRODUCT_FIELD_ERROR]))
          .toBe('product_coverage' in fieldErrors ? 1 : 0);
        for (const row of uploadRows)
          await expect(page.getByRole('listitem').filter({ hasText: row })).toBeVisible();
        await expect(page.getByText(text.rateErrorsTitle)).toHaveCount(uploadRows.length > 0 ? 1 : 0);
        await expect(
          page.getByRole('status').filter({ hasText: text.rateLoaded('tarifa.csv', 6) }),
        ).toHaveCount(at === 2 && rateUploaded(snapshot) ? 1 : 0);
      },
      uploading: async (snapshot) => {
        await expect(counter(snapshot)).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: text.rateUploading })).toBeVisible();
        await expect(page.getByLabel(text.rateFile, { exact: true })).toBeDisabled();
        await busyButtons(true);
      },
      // Synchronous in the browser: what holds whichever way it goes (the step stays).
      validatingStep: async (snapshot) => {
        await expect(counter(snapshot)).toBeVisible();
      },
      savingStep: async (snapshot) => {
        await expect(counter(snapshot)).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: text.saving })).toBeVisible();
        await busyButtons(true);
        await expect(page.getByRole('button', { name: text.back })).toBeDisabled();
      },
      finalizing: async () => {
        await expect(page.getByRole('status').filter({ hasText: text.saving })).toBeVisible();
        await expect(page.getByRole('button', { name: text.retry })).toBeDisabled();
        await expect(page.getByRole('button', { name: text.backToEdit })).toBeDisabled();
      },
      failed: async (snapshot) => {
        const { error, fieldErrors } = contextOf(snapshot);
        const alert = page.getByRole('alert').filter({ hasText: text.errorBody });
        await expect(alert).toContainText(String(error));
        for (const messagesOfField of Object.values(fieldErrors))
          await expect(alert).toContainText(messagesOfField.join(' '));
        await expect(page.getByRole('button', { name: text.retry })).toBeEnabled();
        await expect(page.getByRole('button', { name: text.backToEdit })).toBeEnabled();
      },
      saved: async (snapshot) => {
        await expect(page.getByRole('status').filter({ hasText: text.success.create })).toBeVisible();
        await expect(page.getByRole('link', { name: text.showProduct })).toHaveAttribute(
          'href',
          `/dashboard/productos/${String(snapshot.context.resultId)}`,
        );
      },
    };
    await walkPath(path as WalkPath, executors, checks);
  });
}
