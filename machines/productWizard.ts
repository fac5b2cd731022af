/**
 * The product wizard (issue 13; SPEC §2 'add' with tabs Crear, Clonar, Editar; §3 'Product
 * wizard' steps 0, 1, 2; §4 'Product save status: empty, SUCCESS, ERROR. Step saved with a
 * returned hash moves to the final create call; create status OK gives SUCCESS else ERROR; edit
 * OK gives SUCCESS').
 *
 * The steps are the wizards' shared data (machines/support/wizardSteps.ts: `WizardStep`), with the
 * same context fields as the promotion wizard (steps, step, values, fieldErrors, error) so one view renders both
 * (src/client/views/resources/WizardFrame.tsx), NEXT guarded by the step's schema
 * (`validateStep`), BACK never validating and keeping what was typed. On top of it:
 * - `loading` reads the select options and, for Editar and Clonar, the product as values;
 * - every NEXT also keeps the step server-side (`saveStep`, POST /step/) and stores the hash it
 *   answers; the last step's save moves on to the final call (`finalize`, /productCreate/ or
 *   /productEdit/ with the hash);
 * - `status` is '' until the final call answers: SUCCESS (final state `saved`) or ERROR
 *   (`failed`: every step's data kept; RETRY calls again with the same hash, which the server
 *   makes idempotent; EDIT goes back to the step holding a refused field);
 * - files (the rate CSVs, the image) are uploaded while editing (`uploadFile`), their answer (a
 *   hash or an id) put at the field the upload names;
 * - a hash the server no longer knows (expired, another user's) is dropped, and the wizard goes
 *   back to step 0 to save the steps again.
 * The view persists the snapshot while it has the RESUMABLE tag (a reload keeps the wizard), and
 * asks before leaving while `touched` and not saved.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { ProductSaveStatus, ProductWizardMode } from '../src/contracts/productWizard';
import type { FieldErrors, FormOptions, FormValue, FormValues } from './resourceForm';
import { fieldErrorsOf, messageOf, withoutChangedErrors } from './support/errors';
import { firstStepWith, type StepValidationRequest, type WizardStep } from './support/wizardSteps';

export const RESUMABLE = 'resumable';

/** The steps 0, 1, 2 and the fields each holds (SPEC §3 'Product wizard'). */
export const PRODUCT_STEPS: readonly WizardStep[] = [
  {
    key: '0',
    fields: [
      'short_name',
      'long_name',
      'url_image',
      'is_enabled',
      'product_type_id',
      'supplier_id',
      'zones',
      'offices',
    ],
  },
  { key: '1', fields: ['product_coverage'] },
  { key: '2', fields: ['general_rate', 'particular_rates'] },
];

export interface ProductWizardInput {
  mode: ProductWizardMode;
  /** The product edited or cloned; null when creating. */
  productId: number | null;
  defaults: FormValues;
}

export interface LoadedProductWizard {
  /** The product as values (Editar, Clonar); null when creating. */
  values: FormValues | null;
  options: FormOptions;
}

export interface SaveStepRequest {
  mode: ProductWizardMode;
  productId: number | null;
  hash: string | null;
  step: number;
  body: unknown;
}

export interface UploadRequest {
  /** Where the answer goes: 'general_rate', 'url_image' or 'particular:<office id>'. */
  target: string;
  file: File;
}
export interface UploadResult {
  target: string;
  value: FormValue;
}

export interface ProductWizardContext {
  mode: ProductWizardMode;
  productId: number | null;
  steps: readonly WizardStep[];
  step: number;
  values: FormValues;
  options: FormOptions;
  fieldErrors: FieldErrors;
  /** A message not tied to a field. */
  error: string | null;
  /** The validated body of the current step, on its way to POST /step/. */
  body: unknown;
  /** The draft's hash (POST /step/); null until the first step is kept. */
  hash: string | null;
  /** SPEC §4 'Product save status'. */
  status: ProductSaveStatus;
  /** The product made or edited. */
  resultId: number | null;
  /** The upload under way (its target). */
  uploading: string | null;
  /** Each bad row of a refused rate file ('Fila 3, columna precio: ...'). */
  uploadRows: string[];
  /** The user changed something since the wizard opened (leaving asks first). */
  touched: boolean;
}

export type ProductWizardEvent =
  | { type: 'FIELD_CHANGED'; field: string; value: FormValue }
  | { type: 'UPLOAD'; target: string; file: File }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'EDIT' };

/** Puts an upload's answer at its target: a field, or the particular rate of one office. */
export function withUpload(values: FormValues, result: UploadResult): FormValues {
  if (!result.target.startsWith('particular:')) return { ...values, [result.target]: result.value };
  const officeId = result.target.slice('particular:'.length);
  const current = Array.isArray(values.particular_rates) ? values.particular_rates : [];
  const rows = (current as readonly Record<string, FormValue>[]).filter((row) => row.office_id !== officeId);
  const value = result.value as Record<string, FormValue>;
  return { ...values, particular_rates: [...rows, { ...value, office_id: officeId }] };
}

/** Where an upload's refusal is shown. */
const uploadField = (target: string) => (target.startsWith('particular:') ? 'particular_rates' : target);

/** The server no longer knows the draft (expired, another user's): its steps must be saved again. */
const draftLost = (error: unknown) => 'hash' in fieldErrorsOf(error);

export const productWizardMachine = setup({
  types: {
    context: {} as ProductWizardContext,
    events: {} as ProductWizardEvent,
    input: {} as ProductWizardInput,
  },
  actors: {
    loadWizard: fromPromise<LoadedProductWizard, { mode: ProductWizardMode; productId: number | null }>(
      async () => {
        throw new Error('loadWizard not provided');
      },
    ),
    /** Resolves to the step's body when its fields satisfy the step's schema. */
    validateStep: fromPromise<unknown, StepValidationRequest>(async () => {
      throw new Error('validateStep not provided');
    }),
    /** POST /step/: resolves to the draft's hash. */
    saveStep: fromPromise<string, SaveStepRequest>(async () => {
      throw new Error('saveStep not provided');
    }),
    /** POST /productCreate/ or /productEdit/: resolves to the product's id (status OK). */
    finalize: fromPromise<number, { mode: ProductWizardMode; hash: string }>(async () => {
      throw new Error('finalize not provided');
    }),
    uploadFile: fromPromise<UploadResult, UploadRequest>(async () => {
      throw new Error('uploadFile not provided');
    }),
  },
  guards: {
    notFirstStep: ({ context }) => context.step > 0,
    lastStep: ({ context }) => context.step === context.steps.length - 1,
  },
  actions: {
    productSaved: (_, _params: { id: number }) => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'FIELD_CHANGED') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        fieldErrors: withoutChangedErrors(
          context.fieldErrors,
          event.field,
          context.values[event.field],
          event.value,
        ),
        error: null,
        touched: true,
      };
    }),
    stepBack: assign({
      step: ({ context }) => context.step - 1,
      fieldErrors: {},
      error: null,
      uploadRows: [],
    }),
  },
}).createMachine({
  id: 'productWizard',
  context: ({ input }) => ({
    mode: input.mode,
    productId: input.productId,
    steps: PRODUCT_STEPS,
    step: 0,
    values: input.defaults,
    options: {},
    fieldErrors: {},
    error: null,
    body: null,
    hash: null,
    status: '',
    resultId: null,
    uploading: null,
    uploadRows: [],
    touched: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWizard',
        src: 'loadWizard',
        input: ({ context }) => ({ mode: context.mode, productId: context.productId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            options: event.output.options,
            values: event.output.values ? { ...context.values, ...event.output.values } : context.values,
            error: null,
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.products.loadFailed) }),
        },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      tags: [RESUMABLE],
      on: {
        FIELD_CHANGED: { actions: 'changeField' },
        UPLOAD: {
          target: 'uploading',
          actions: assign(({ context, event }) => {
            const { [uploadField(event.target)]: _cleared, ...fieldErrors } = context.fieldErrors;
            return { uploading: event.target, uploadRows: [], fieldErrors, error: null, touched: true };
          }),
        },
        NEXT: { target: 'validatingStep', actions: assign({ uploadRows: [] }) },
        BACK: { guard: 'notFirstStep', actions: 'stepBack' },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context, event }) => {
          if (event.type !== 'UPLOAD' || context.uploading === null)
            throw new Error('uploading needs a file');
          return { target: context.uploading, file: event.file };
        },
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            values: withUpload(context.values, event.output),
            uploading: null,
          })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const errors = fieldErrorsOf(event.error);
            const field = uploadField(context.uploading ?? '');
            const { rows = [], file = [], ...others } = errors;
            const fileMessages = [...file, ...Object.values(others).flat()];
            return {
              uploading: null,
              uploadRows: rows,
              fieldErrors: {
                ...context.fieldErrors,
                [field]: fileMessages.length
                  ? fileMessages
                  : [messageOf(event.error, messages.common.genericRetry)],
              },
            };
          }),
        },
      },
    },
    validatingStep: {
      invoke: {
        id: 'validateStep',
        src: 'validateStep',
        input: ({ context }) => ({ step: context.step, values: context.values }),
        onDone: {
          target: 'savingStep',
          actions: assign({ body: ({ event }) => event.output, fieldErrors: {}, error: null }),
        },
        onError: {
          target: 'editing',
          actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(event.error) }),
        },
      },
    },
    savingStep: {
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({
          mode: context.mode,
          productId: context.productId,
          hash: context.hash,
          step: context.step,
          body: context.body,
        }),
        onDone: [
          { guard: 'lastStep', target: 'finalizing', actions: assign({ hash: ({ event }) => event.output }) },
          {
            target: 'editing',
            actions: assign({ hash: ({ event }) => event.output, step: ({ context }) => context.step + 1 }),
          },
        ],
        onError: [
          {
            // The draft is gone on the server: start a new one from step 0 (the values are kept).
            guard: ({ event }) => draftLost(event.error),
            target: 'editing',
            actions: assign({ hash: null, step: 0, fieldErrors: {}, error: messages.products.draftExpired }),
          },
          {
            target: 'editing',
            actions: assign({
              fieldErrors: ({ event }) => fieldErrorsOf(event.error),
              error: ({ event }) =>
                Object.keys(fieldErrorsOf(event.error)).length
                  ? null
                  : messageOf(event.error, messages.common.genericRetry),
            }),
          },
        ],
      },
    },
    finalizing: {
      invoke: {
        id: 'finalize',
        src: 'finalize',
        input: ({ context }) => {
          if (context.hash === null) throw new Error('finalizing needs a hash');
          return { mode: context.mode, hash: context.hash };
        },
        onDone: {
          target: 'saved',
          actions: assign({
            status: 'SUCCESS',
            resultId: ({ event }) => event.output,
            error: null,
            fieldErrors: {},
          }),
        },
        onError: [
          {
            guard: ({ event }) => draftLost(event.error),
            target: 'editing',
            actions: assign({ status: '', hash: null, step: 0, error: messages.products.draftExpired }),
          },
          {
            target: 'failed',
            actions: assign({
              status: 'ERROR',
              fieldErrors: ({ event }) => fieldErrorsOf(event.error),
              error: ({ event }) => messageOf(event.error, messages.products.errorTitle),
            }),
          },
        ],
      },
    },
    failed: {
      tags: [RESUMABLE],
      on: {
        RETRY: { target: 'finalizing', actions: assign({ status: '', error: null, fieldErrors: {} }) },
        EDIT: {
          target: 'editing',
          actions: assign(({ context }) => ({
            status: '' as const,
            error: null,
            step:
              firstStepWith(context.steps, Object.keys(context.fieldErrors).map(fieldOfPath)) ?? context.step,
          })),
        },
      },
    },
    saved: {
      type: 'final',
      entry: { type: 'productSaved', params: ({ context }) => ({ id: context.resultId ?? 0 }) },
    },
  },
});

/** 'product_coverage.0.limit_amount' -> 'product_coverage' (the step's field). */
export function fieldOfPath(path: string): string {
  return path.split('.')[0] ?? path;
}
