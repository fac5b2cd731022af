/**
 * Traversal model of the product wizard (machines/productWizard.ts): a create with its steps 0,
 * 1, 2, each refused by its schema or by the server, uploads accepted or refused row by row, the
 * final call answering SUCCESS, ERROR (retry, or back to the refused step) or a lost draft.
 */
import { messages } from '../../src/contracts/messages';
import type { ProductDetail, RateDetail } from '../../src/contracts/productWizard';
import { productDetailMachine } from '../productDetail';
import { type ProductWizardInput, productWizardMachine } from '../productWizard';
import type { FormValues } from '../resourceForm';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const PRODUCT_HASH = 'a'.repeat(64);
export const RATE_HASH = 'b'.repeat(64);
export const PRODUCT_FIELD_ERROR = messages.resources.categoryRequired;
export const RATE_ROW_ERROR = 'Fila 3, columna precio: el precio no puede ser negativo';
export const productDefaults: FormValues = {
  short_name: '',
  long_name: '',
  url_image: '',
  is_enabled: true,
  product_type_id: '',
  supplier_id: '',
  zones: [],
  offices: [],
  product_coverage: [],
  general_rate: '',
  particular_rates: [],
};
export const productWizardInput: ProductWizardInput = {
  mode: 'create',
  productId: null,
  defaults: productDefaults,
};
export const sampleOptions = { product_type_id: [{ value: '1', label: 'Asistencia' }] };

/** The file an UPLOAD carries (File exists in Node 20 and in browsers). */
export const rateFile = () =>
  new File(['dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n'], 'tarifa.csv');

/** The field a step's schema refuses in the model (one per step). */
export const refusedFieldOf = (step: number) =>
  ['product_type_id', 'product_coverage', 'general_rate'][step]!;

/** Loaded, then each step validated and kept: the final call is under way. */
function toFinalCall() {
  return [
    { type: 'xstate.done.actor.loadWizard', output: { values: null, options: sampleOptions } },
    ...[0, 1, 2].flatMap((step) => [
      { type: 'NEXT' },
      { type: 'xstate.done.actor.validateStep', output: { step } },
      { type: 'xstate.done.actor.saveStep', output: PRODUCT_HASH },
    ]),
  ];
}

export const productWizardMachineModel = defineModel({
  machine: productWizardMachine,
  input: productWizardInput,
  events: (snapshot) => {
    const { step } = snapshot.context;
    switch (true) {
      case snapshot.matches('loading'):
        return [
          { type: 'xstate.done.actor.loadWizard', output: { values: null, options: sampleOptions } },
          { type: 'xstate.error.actor.loadWizard', error: new Error('network') },
        ];
      case snapshot.matches('loadFailed'):
        return [{ type: 'RETRY' }];
      case snapshot.matches('editing'):
        return [
          { type: 'FIELD_CHANGED', field: 'short_name', value: `valor ${step}` },
          { type: 'UPLOAD', target: 'general_rate', file: rateFile() },
          { type: 'NEXT' },
          { type: 'BACK' },
        ];
      case snapshot.matches('uploading'):
        return [
          {
            type: 'xstate.done.actor.uploadFile',
            output: { target: 'general_rate', value: { hash: RATE_HASH, name: 'tarifa.csv', rows: '6' } },
          },
          {
            type: 'xstate.error.actor.uploadFile',
            error: new FieldErrorsError({
              file: [messages.products.csvErrorCount(1)],
              rows: [RATE_ROW_ERROR],
            }),
          },
        ];
      case snapshot.matches('validatingStep'):
        return [
          { type: 'xstate.done.actor.validateStep', output: { step } },
          {
            type: 'xstate.error.actor.validateStep',
            error: new FieldErrorsError({ [refusedFieldOf(step)]: [PRODUCT_FIELD_ERROR] }),
          },
        ];
      case snapshot.matches('savingStep'):
        return [
          { type: 'xstate.done.actor.saveStep', output: PRODUCT_HASH },
          {
            type: 'xstate.error.actor.saveStep',
            error: new FieldErrorsError({ [refusedFieldOf(step)]: [PRODUCT_FIELD_ERROR] }),
          },
          {
            type: 'xstate.error.actor.saveStep',
            error: new FieldErrorsError({ hash: [messages.products.draftExpired] }),
          },
          { type: 'xstate.error.actor.saveStep', error: new UserFacingError(messages.common.forbidden) },
        ];
      case snapshot.matches('finalizing'):
        return [
          { type: 'xstate.done.actor.finalize', output: 42 },
          { type: 'xstate.error.actor.finalize', error: new UserFacingError(messages.common.conflict) },
          {
            type: 'xstate.error.actor.finalize',
            error: new FieldErrorsError({ 'product_coverage.0.limit_amount': [PRODUCT_FIELD_ERROR] }),
          },
          {
            type: 'xstate.error.actor.finalize',
            error: new FieldErrorsError({ hash: [messages.products.draftExpired] }),
          },
        ];
      case snapshot.matches('failed'):
        return [{ type: 'RETRY' }, { type: 'EDIT' }];
      default:
        return [];
    }
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.step,
      Object.keys(snapshot.context.fieldErrors),
      snapshot.context.error,
      snapshot.context.status,
      snapshot.context.hash !== null,
      snapshot.context.uploadRows.length,
    ]),
  simplePaths: false,
  limit: 5000,
  journeys: [
    // A failed load retried.
    [{ type: 'xstate.error.actor.loadWizard', error: new Error('network') }, { type: 'RETRY' }],
    // A rate file accepted.
    [
      { type: 'xstate.done.actor.loadWizard', output: { values: null, options: sampleOptions } },
      { type: 'UPLOAD', target: 'general_rate', file: rateFile() },
      {
        type: 'xstate.done.actor.uploadFile',
        output: { target: 'general_rate', value: { hash: RATE_HASH, name: 'tarifa.csv', rows: '6' } },
      },
    ],
    // The final call: ERROR, RETRY on the same hash, SUCCESS.
    [
      ...toFinalCall(),
      { type: 'xstate.error.actor.finalize', error: new UserFacingError(messages.common.conflict) },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.finalize', output: 42 },
    ],
    // The draft expired before the final call.
    [
      ...toFinalCall(),
      {
        type: 'xstate.error.actor.finalize',
        error: new FieldErrorsError({ hash: [messages.products.draftExpired] }),
      },
    ],
    // Steps 0 and 1 kept, typing on step 2, back twice: what was typed stays.
    [
      { type: 'xstate.done.actor.loadWizard', output: { values: null, options: sampleOptions } },
      { type: 'NEXT' },
      { type: 'xstate.done.actor.validateStep', output: { step: 0 } },
      { type: 'xstate.done.actor.saveStep', output: PRODUCT_HASH },
      { type: 'NEXT' },
      { type: 'xstate.done.actor.validateStep', output: { step: 1 } },
      { type: 'xstate.done.actor.saveStep', output: PRODUCT_HASH },
      { type: 'FIELD_CHANGED', field: 'short_name', value: 'valor final' },
      { type: 'BACK' },
      { type: 'BACK' },
      { type: 'BACK' },
    ],
  ],
});

// ---- Mostrar a product (machines/productDetail.ts) ------------------------------------------

export const sampleProduct: ProductDetail = {
  id: 4,
  short_name: 'MUNDO',
  long_name: 'Asistencia Mundo',
  is_enabled: true,
  url_image: '',
  product_type: 1,
  product_type_name: 'Asistencia',
  supplier: 2,
  supplier_name: 'Asistencia Global',
  used_by: 0,
  zones: [{ id: 1, name: 'Mundo' }],
  offices: [{ id: 9, name: 'Casa Central' }],
  product_coverage: [
    {
      coverage_id: 3,
      coverage_name: 'Gastos médicos',
      limit_amount: '50000.00',
      currency_id: 1,
      currency: 'USD',
    },
  ],
  rate_counts: { general: 1, particular: { '9': 1 } },
};
const rateRow = (id: number, price: string, office: number | null) => ({
  id,
  office,
  office_name: office === null ? null : 'Casa Central',
  days_from: 1,
  days_to: 10,
  age_from: 0,
  age_to: 70,
  price,
  currency: 'USD',
});
export const sampleRates: RateDetail = {
  product: 4,
  long_name: 'Asistencia Mundo',
  rates: [rateRow(1, '25.00', null), rateRow(2, '20.00', 9)],
};
/** The rates after the office's rate was replaced. */
export const replacedRates: RateDetail = {
  ...sampleRates,
  rates: [rateRow(1, '25.00', null), rateRow(3, '18.50', 9)],
};
export const PRODUCT_REFUSAL = 'No tiene permiso para realizar esta acción.';
export const RATE_FILE_ERROR = 'El archivo tiene errores.';

const refusal = () => Object.assign(new UserFacingError(PRODUCT_REFUSAL), { status: 403 });

export const productDetailModel = defineModel({
  machine: productDetailMachine,
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadProduct', output: { product: sampleProduct, rates: sampleRates } },
        { type: 'xstate.error.actor.loadProduct', error: new Error('network') },
        { type: 'xstate.error.actor.loadProduct', error: refusal() },
      ];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    if (snapshot.matches({ shown: 'idle' })) return [{ type: 'REPLACE_RATE', officeId: 9, file: rateFile() }];
    if (snapshot.matches({ shown: 'replacing' }))
      return [
        { type: 'xstate.done.actor.replaceRate', output: undefined },
        {
          type: 'xstate.error.actor.replaceRate',
          error: new FieldErrorsError({ rows: [RATE_ROW_ERROR] }, RATE_FILE_ERROR),
        },
        { type: 'xstate.error.actor.replaceRate', error: new Error('network') },
      ];
    return [
      { type: 'xstate.done.actor.reloadProduct', output: { product: sampleProduct, rates: replacedRates } },
      { type: 'xstate.error.actor.reloadProduct', error: new Error('network') },
    ];
  },
  journeys: [
    // 'Reintentar' after a network failure loads again.
    [{ type: 'xstate.error.actor.loadProduct', error: new Error('network') }, { type: 'RETRY' }],
    // A second replacement after the first one succeeded.
    [
      { type: 'xstate.done.actor.loadProduct', output: { product: sampleProduct, rates: sampleRates } },
      { type: 'REPLACE_RATE', officeId: 9, file: rateFile() },
      { type: 'xstate.done.actor.replaceRate', output: undefined },
      { type: 'xstate.done.actor.reloadProduct', output: { product: sampleProduct, rates: replacedRates } },
      { type: 'REPLACE_RATE', officeId: 9, file: rateFile() },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.rates?.rates.length ?? null,
      snapshot.context.rates?.rates.at(-1)?.id ?? null,
      snapshot.context.error,
      snapshot.context.notice,
      snapshot.context.refused,
    ]),
});
