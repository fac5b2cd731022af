/**
 * The product wizard (issue 13; SPEC §4 'Product save status'): every state and transition of
 * its model, each step's snapshot asserted from the event that led there; then the machine run
 * with actors through a create that fails, is retried on the same hash and succeeds, and an edit.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  PRODUCT_FIELD_ERROR,
  PRODUCT_HASH,
  productDefaults,
  productWizardMachineModel,
  RATE_HASH,
  RATE_ROW_ERROR,
  rateFile,
  refusedFieldOf,
  sampleOptions,
} from '../../machines/models/products';
import {
  fieldOfPath,
  type LoadedProductWizard,
  PRODUCT_STEPS,
  productWizardMachine,
  RESUMABLE,
  type SaveStepRequest,
  type UploadRequest,
  type UploadResult,
  withUpload,
} from '../../machines/productWizard';
import { FieldErrorsError, UserFacingError } from '../../machines/support/errors';
import type { StepValidationRequest } from '../../machines/support/wizardSteps';
import { checkStep } from '../../src/client/api/products';
import { messages } from '../../src/contracts/messages';
import type { ProductWizardMode } from '../../src/contracts/productWizard';
import { type StateAssertions, testMachineModel } from './harness';

const last = PRODUCT_STEPS.length - 1;

const assertions: StateAssertions<typeof productWizardMachine> = {
  loading: (snapshot, event) => {
    // The start, or RETRY after a failed load.
    expect([event.type, snapshot.context.status, snapshot.context.error]).toEqual([
      event.type === 'RETRY' ? 'RETRY' : 'xstate.init',
      '',
      null,
    ]);
  },
  loadFailed: (snapshot) => {
    expect(snapshot.context.error).toBe(messages.products.loadFailed);
  },
  editing: (snapshot, event) => {
    const { step, fieldErrors, error, hash, values, uploadRows, status } = snapshot.context;
    expect(snapshot.hasTag(RESUMABLE)).toBe(true);
    expect(status).toBe('');
    switch (event.type) {
      case 'xstate.done.actor.loadWizard':
        expect([step, hash, snapshot.context.options]).toEqual([0, null, sampleOptions]);
        break;
      case 'FIELD_CHANGED':
        expect(values.short_name).toBe(event.value);
        expect(snapshot.context.touched).toBe(true);
        break;
      case 'xstate.done.actor.uploadFile':
        expect(values.general_rate).toEqual({ hash: RATE_HASH, name: 'tarifa.csv', rows: '6' });
        break;
      case 'xstate.error.actor.uploadFile':
        // The refused file's rows are listed; its message sits under its field.
        expect([uploadRows, fieldErrors.general_rate]).toEqual([
          [RATE_ROW_ERROR],
          [messages.products.csvErrorCount(1)],
        ]);
        break;
      case 'xstate.error.actor.validateStep':
        // A step cannot be left while its schema fails.
        expect(fieldErrors).toEqual({ [refusedFieldOf(step)]: [PRODUCT_FIELD_ERROR] });
        break;
      case 'xstate.done.actor.saveStep':
        // Kept on the server: one step on, with the draft's hash.
        expect([hash, step > 0, fieldErrors]).toEqual([PRODUCT_HASH, true, {}]);
        break;
      case 'xstate.error.actor.saveStep': {
        // What the server said decides what the screen holds.
        const refusal = event.error as Error;
        const expired = refusal instanceof FieldErrorsError && 'hash' in refusal.fields;
        if (expired)
          // The draft was lost: back to step 0 without a hash.
          expect([step, hash, error]).toEqual([0, null, messages.products.draftExpired]);
        else if (refusal instanceof FieldErrorsError)
          expect([fieldErrors, error]).toEqual([{ [refusedFieldOf(step)]: [PRODUCT_FIELD_ERROR] }, null]);
        else expect(error).toBe(refusal.message);
        break;
      }
      case 'xstate.error.actor.finalize':
        // The draft was lost before the final call: save the steps again from step 0.
        expect([step, hash, error]).toEqual([0, null, messages.products.draftExpired]);
        break;
      case 'EDIT':
        // Back to the step holding the refused field (the coverages), the values kept.
        expect([step, Object.keys(fieldErrors)]).toEqual([1, ['product_coverage.0.limit_amount']]);
        break;
      default:
        // BACK: no errors, one step back, what was typed kept.
        expect([event.type, fieldErrors, error]).toEqual(['BACK', {}, null]);
    }
  },
  uploading: (snapshot, event) => {
    expect([event.type, snapshot.context.uploading, snapshot.context.uploadRows]).toEqual([
      'UPLOAD',
      'general_rate',
      [],
    ]);
  },
  validatingStep: (snapshot, event) => {
    expect([event.type, snapshot.context.step <= last]).toEqual(['NEXT', true]);
  },
  savingStep: (snapshot, event) => {
    expect(event.type).toBe('xstate.done.actor.validateStep');
    expect(snapshot.context.body).toEqual({ step: snapshot.context.step });
  },
  finalizing: (snapshot, event) => {
    // Only after the last step was kept with a hash, or on RETRY with the same hash.
    expect([snapshot.context.step, snapshot.context.hash, snapshot.context.status]).toEqual([
      last,
      PRODUCT_HASH,
      '',
    ]);
    expect(['xstate.done.actor.saveStep', 'RETRY']).toContain(event.type);
  },
  failed: (snapshot, event) => {
    expect(snapshot.context.status).toBe('ERROR');
    expect(snapshot.hasTag(RESUMABLE)).toBe(true);
    expect(event.type).toBe('xstate.error.actor.finalize');
    // A refusal by field is titled; any other refusal is its own message.
    const refusal = (event as unknown as { error: Error }).error;
    expect(snapshot.context.error).toBe(
      refusal instanceof FieldErrorsError ? messages.products.errorTitle : refusal.message,
    );
  },
  saved: (snapshot, event) => {
    expect([snapshot.status, snapshot.context.status, snapshot.context.resultId, event.type]).toEqual([
      'done',
      'SUCCESS',
      42,
      'xstate.done.actor.finalize',
    ]);
  },
};

testMachineModel('productWizard', productWizardMachineModel, assertions);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('productWizard with actors', () => {
  it('keeps each step by hash, fails the final call, retries on the same hash and succeeds once', async () => {
    const stepCalls: SaveStepRequest[] = [];
    const finals: string[] = [];
    let failNext = true;
    const actor = createActor(
      productWizardMachine.provide({
        actors: {
          loadWizard: fromPromise(
            async (): Promise<LoadedProductWizard> => ({ values: null, options: sampleOptions }),
          ),
          validateStep: fromPromise(async ({ input }: { input: StepValidationRequest }): Promise<unknown> => {
            if (input.step === 0 && input.values.long_name === '')
              throw new FieldErrorsError({ long_name: [messages.resources.longNameRequired] });
            return { step: input.step, long_name: input.values.long_name };
          }),
          saveStep: fromPromise(async ({ input }: { input: SaveStepRequest }) => {
            stepCalls.push(input);
            return PRODUCT_HASH;
          }),
          finalize: fromPromise(async ({ input }: { input: { mode: ProductWizardMode; hash: string } }) => {
            finals.push(input.hash);
            if (failNext) {
              failNext = false;
              throw new UserFacingError(messages.common.conflict);
            }
            return 7;
          }),
          uploadFile: fromPromise(
            async ({ input }: { input: UploadRequest }): Promise<UploadResult> => ({
              target: input.target,
              value: { hash: RATE_HASH, name: input.file.name, rows: '6' },
            }),
          ),
        },
      }),
      { input: { mode: 'create', productId: null, defaults: productDefaults } },
    );
    actor.start();
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ long_name: ['Ingrese un Nombre'] });
    actor.send({ type: 'FIELD_CHANGED', field: 'long_name', value: 'Europa Plus' });
    actor.send({ type: 'NEXT' });
    await settle();
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    await settle();
    actor.send({ type: 'UPLOAD', target: 'particular:3', file: rateFile() });
    await settle();
    expect(actor.getSnapshot().context.values.particular_rates).toEqual([
      { hash: RATE_HASH, name: 'tarifa.csv', rows: '6', office_id: '3' },
    ]);
    actor.send({ type: 'NEXT' });
    await settle();
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.status).toBe('ERROR');
    expect(actor.getSnapshot().context.values.long_name).toBe('Europa Plus');
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ status: 'SUCCESS', resultId: 7 });
    expect(finals).toEqual([PRODUCT_HASH, PRODUCT_HASH]);
    expect(stepCalls.map((call) => [call.step, call.hash])).toEqual([
      [0, null],
      [1, PRODUCT_HASH],
      [2, PRODUCT_HASH],
    ]);
  });

  it('a coverage limit it cannot read is an error only once the step is refused, and only until that limit is typed again (issue 40)', async () => {
    const actor = createActor(
      productWizardMachine.provide({
        actors: {
          loadWizard: fromPromise(
            async (): Promise<LoadedProductWizard> => ({ values: null, options: sampleOptions }),
          ),
          // The view's own check: the shared contract read by the one amount parser.
          validateStep: fromPromise(
            async ({ input }: { input: StepValidationRequest }): Promise<unknown> =>
              input.step === 0 ? {} : checkStep('create', input),
          ),
          saveStep: fromPromise(async () => PRODUCT_HASH),
        },
      }),
      { input: { mode: 'create', productId: null, defaults: productDefaults } },
    );
    actor.start();
    await settle();
    actor.send({ type: 'NEXT' });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.step).toBe(1);
    const row = (limit_amount: string) => ({ coverage_id: '4', limit_amount, currency_id: '2' });
    const typed = [row('30,000.50'), row('12,34,5'), row('-5')];
    actor.send({ type: 'FIELD_CHANGED', field: 'product_coverage', value: typed });
    // While typing nothing is an error: the view only hints how it reads each limit.
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'NEXT' });
    await settle();
    const refused = actor.getSnapshot().context;
    expect([refused.step, refused.values.product_coverage]).toEqual([1, typed]);
    expect(refused.fieldErrors).toEqual({
      'product_coverage.1.limit_amount': [messages.amounts.misplacedSeparator],
      'product_coverage.2.limit_amount': [messages.amounts.negative],
    });
    // Typing the second limit again drops its error; the third, untouched, keeps its own.
    actor.send({
      type: 'FIELD_CHANGED',
      field: 'product_coverage',
      value: [typed[0], row('1.234,5'), typed[2]],
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      'product_coverage.2.limit_amount': [messages.amounts.negative],
    });
    actor.send({
      type: 'FIELD_CHANGED',
      field: 'product_coverage',
      value: [typed[0], row('1.234,5'), row('5')],
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.stop();
  });

  it('loads the product to edit and sends its id with every step', async () => {
    const calls: SaveStepRequest[] = [];
    const actor = createActor(
      productWizardMachine.provide({
        actors: {
          loadWizard: fromPromise(
            async ({
              input,
            }: {
              input: { mode: ProductWizardMode; productId: number | null };
            }): Promise<LoadedProductWizard> => ({
              values: { long_name: `Producto ${input.productId}` },
              options: {},
            }),
          ),
          validateStep: fromPromise(
            async ({ input }: { input: StepValidationRequest }): Promise<unknown> => input.values,
          ),
          saveStep: fromPromise(async ({ input }: { input: SaveStepRequest }) => {
            calls.push(input);
            return PRODUCT_HASH;
          }),
        },
      }),
      { input: { mode: 'edit', productId: 12, defaults: productDefaults } },
    );
    actor.start();
    await settle();
    expect(actor.getSnapshot().context.values.long_name).toBe('Producto 12');
    actor.send({ type: 'NEXT' });
    await settle();
    await settle();
    expect(calls[0]).toMatchObject({ mode: 'edit', productId: 12, step: 0 });
  });

  it('maps nested server paths to their step field and upserts an office rate', () => {
    expect(fieldOfPath('product_coverage.0.limit_amount')).toBe('product_coverage');
    const values = withUpload(
      { particular_rates: [{ office_id: '3', hash: 'x', name: 'a.csv', rows: '1' }] },
      { target: 'particular:3', value: { hash: 'y', name: 'b.csv', rows: '2' } },
    );
    expect(values.particular_rates).toEqual([{ hash: 'y', name: 'b.csv', rows: '2', office_id: '3' }]);
  });
});
