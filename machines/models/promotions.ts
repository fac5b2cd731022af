/**
 * Traversal model of the promotion wizard (machines/promotionWizard.ts): a sale promotion (one
 * product; refused when it already holds one), a provider promotion (several products, offices
 * locked), the paged office table (search modes, page sizes, pages, one, a page or all matching
 * offices), the save refused by field or as a whole, Finalizar and 'Aplicar y asignar nuevo
 * producto'. A second model opens the single-step edit of one product's offices (`pp`).
 */
import { messages } from '../../src/contracts/messages';
import type { Promotion, PromotionProductEntry, PromotionType } from '../../src/contracts/promotions';
import { promotionDetailMachine } from '../promotionDetail';
import { promotionOfficesMachine } from '../promotionOffices';
import {
  type LoadedPromotion,
  type OfficePage,
  type PromotionWizardInput,
  promotionWizardMachine,
} from '../promotionWizard';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const PROMOTION_ID = 7;
export const EDITED_PP = 31;
export const productOptions = [
  { id: 1, name: 'Asistencia Global' },
  { id: 2, name: 'Asistencia Europa' },
  { id: 3, name: 'Cancelación Plus' },
];
export const heldEntry: PromotionProductEntry = {
  id: EDITED_PP,
  product: 3,
  product_name: 'Cancelación Plus',
  offices: [{ id: 90, office: 11, office_name: 'Casa Central' }],
};

export function loaded(type: PromotionType, assigned: PromotionProductEntry[] = []): LoadedPromotion {
  return {
    promotion: { id: PROMOTION_ID, long_name: 'Verano', promotion_type: type },
    assigned,
    productOptions,
  };
}

export const officePage: OfficePage = {
  count: 5,
  results: [
    { id: 11, long_name: 'Casa Central', country_name: 'Argentina', is_enabled: true },
    { id: 12, long_name: 'Sucursal Norte', country_name: 'Argentina', is_enabled: true },
  ],
};
export const ALL_MATCHING = [11, 12, 13, 14, 15];
export const savedEntries: PromotionProductEntry[] = [
  { id: 40, product: 1, product_name: 'Asistencia Global', offices: [] },
];
export const SAVE_REFUSED = messages.common.genericRetry;

export const assignInput: PromotionWizardInput = {
  promotionId: PROMOTION_ID,
  pp: null,
  products: [],
  offices: [],
  step: 1,
};
export const editInput: PromotionWizardInput = {
  promotionId: PROMOTION_ID,
  pp: EDITED_PP,
  products: [],
  offices: [],
  step: 1,
};

const cap = (value: number, max: number) => Math.min(value, max);

function eventsOf(snapshot: ReturnType<typeof promotionWizardMachine.getInitialSnapshot>) {
  switch (true) {
    case snapshot.matches('loading'):
      return snapshot.context.pp === null
        ? [
            { type: 'xstate.done.actor.loadWizard', output: loaded('venta') },
            { type: 'xstate.done.actor.loadWizard', output: loaded('proveedor') },
            { type: 'xstate.done.actor.loadWizard', output: loaded('venta', [heldEntry]) },
            { type: 'xstate.error.actor.loadWizard', error: new Error('network') },
          ]
        : [
            { type: 'xstate.done.actor.loadWizard', output: loaded('proveedor', [heldEntry]) },
            { type: 'xstate.error.actor.loadWizard', error: new Error('network') },
          ];
    case snapshot.matches('loadFailed'):
      return [{ type: 'RETRY' }];
    case snapshot.matches('productStep'):
      return [
        { type: 'PRODUCT_SEARCH', text: 'europa' },
        { type: 'ADD_PRODUCT', id: 1 },
        { type: 'ADD_PRODUCT', id: 2 },
        { type: 'REMOVE_PRODUCT', id: 1 },
        { type: 'NEXT' },
      ];
    case snapshot.matches({ officeStep: 'loadingOffices' }):
      return [
        { type: 'xstate.done.actor.fetchOffices', output: officePage },
        { type: 'xstate.error.actor.fetchOffices', error: new Error('network') },
      ];
    case snapshot.matches({ officeStep: 'failed' }):
      return [{ type: 'RETRY' }, { type: 'BACK' }];
    case snapshot.matches({ officeStep: 'selectingAll' }):
      return [
        { type: 'xstate.done.actor.fetchMatchingIds', output: ALL_MATCHING },
        { type: 'xstate.error.actor.fetchMatchingIds', error: new Error('network') },
      ];
    case snapshot.matches({ officeStep: 'ready' }):
      return [
        { type: 'OFFICE_SEARCH', mode: 'country_name', text: ' arg ' },
        { type: 'OFFICE_PAGE_SIZE', limit: 4 },
        { type: 'OFFICE_PAGE', offset: 2 },
        { type: 'TOGGLE_OFFICE', id: 11 },
        { type: 'SELECT_PAGE' },
        { type: 'SELECT_ALL' },
        { type: 'CLEAR_SELECTION' },
        { type: 'BACK' },
        { type: 'FINISH' },
        { type: 'APPLY_NEXT' },
      ];
    case snapshot.matches('saving'):
      return [
        { type: 'xstate.done.actor.save', output: savedEntries },
        {
          type: 'xstate.error.actor.save',
          error: new FieldErrorsError({ offices: [messages.promotions.officeNotFound] }),
        },
        {
          type: 'xstate.error.actor.save',
          error: new FieldErrorsError({ products: [messages.promotions.saleOneProduct] }),
        },
        { type: 'xstate.error.actor.save', error: new UserFacingError('') },
      ];
    default:
      return [];
  }
}

const serializeState = (snapshot: ReturnType<typeof promotionWizardMachine.getInitialSnapshot>) => {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.promotion?.promotion_type ?? null,
    context.assigned.length,
    cap(context.values.products.length, 2),
    cap(context.values.offices.length, 2),
    context.intent,
    Object.keys(context.fieldErrors).length > 0,
    context.error !== null,
  ]);
};

export const promotionWizardModel = defineModel({
  machine: promotionWizardMachine,
  input: assignInput,
  events: eventsOf,
  serializeState,
  simplePaths: false,
  limit: 5000,
  unreachable: {
    'promotionWizard.loading xstate.done.actor.loadWizard [editingOffices]':
      'the offices edit (pp) is the second model below',
    'promotionWizard.loading xstate.done.actor.loadWizard [guard]':
      'a reload on step 2 (input step 2): the actor test resumes one',
  },
  journeys: [
    // A sale promotion: one product, then a second refused; three offices; Finalizar.
    [
      { type: 'xstate.done.actor.loadWizard', output: loaded('venta') },
      { type: 'ADD_PRODUCT', id: 1 },
      { type: 'ADD_PRODUCT', id: 2 },
      { type: 'NEXT' },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'SELECT_PAGE' },
      { type: 'OFFICE_PAGE', offset: 2 },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'TOGGLE_OFFICE', id: 13 },
      { type: 'FINISH' },
      { type: 'xstate.done.actor.save', output: savedEntries },
    ],
    // Failures and retries, the product search, page sizes, an empty 'Aplicar…' refused.
    [
      { type: 'xstate.error.actor.loadWizard', error: new Error('network') },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadWizard', output: loaded('venta') },
      { type: 'PRODUCT_SEARCH', text: 'europa' },
      { type: 'ADD_PRODUCT', id: 1 },
      { type: 'NEXT' },
      { type: 'xstate.error.actor.fetchOffices', error: new Error('network') },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'OFFICE_PAGE_SIZE', limit: 4 },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'APPLY_NEXT' },
      { type: 'SELECT_ALL' },
      { type: 'xstate.error.actor.fetchMatchingIds', error: new Error('network') },
    ],
    // A provider promotion: two products, all matching offices, 'Aplicar y asignar nuevo producto'.
    [
      { type: 'xstate.done.actor.loadWizard', output: loaded('proveedor') },
      { type: 'ADD_PRODUCT', id: 1 },
      { type: 'ADD_PRODUCT', id: 2 },
      { type: 'NEXT' },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'SELECT_ALL' },
      { type: 'xstate.done.actor.fetchMatchingIds', output: ALL_MATCHING },
      { type: 'APPLY_NEXT' },
      { type: 'xstate.done.actor.save', output: savedEntries },
    ],
  ],
});

/** The single-step edit of one assigned product's offices (`pp`). */
export const promotionOfficesEditModel = defineModel({
  machine: promotionWizardMachine,
  input: editInput,
  events: eventsOf,
  serializeState,
  simplePaths: false,
  limit: 2000,
  journeys: [
    [
      { type: 'xstate.error.actor.loadWizard', error: new Error('network') },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadWizard', output: loaded('proveedor', [heldEntry]) },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'OFFICE_PAGE_SIZE', limit: 4 },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'OFFICE_PAGE', offset: 4 },
      { type: 'xstate.done.actor.fetchOffices', output: officePage },
      { type: 'CLEAR_SELECTION' },
      { type: 'SELECT_ALL' },
      { type: 'xstate.done.actor.fetchMatchingIds', output: ALL_MATCHING },
      { type: 'SELECT_ALL' },
      { type: 'xstate.error.actor.fetchMatchingIds', error: new Error('network') },
      { type: 'OFFICE_SEARCH', mode: 'tag_name', text: 'premium' },
      { type: 'xstate.error.actor.fetchOffices', error: new Error('network') },
      { type: 'RETRY' },
    ],
  ],
  unreachable: {
    'promotionWizard.loading xstate.done.actor.loadWizard [guard]':
      'a reload on step 2 opens an assignment, not an edit',
    'promotionWizard.productStep': 'editing one product’s offices never shows step 1',
    'promotionWizard.loading xstate.done.actor.loadWizard [inline': 'the edit always starts on the offices',
    'promotionWizard.loading xstate.done.actor.loadWizard -> promotionWizard.productStep':
      'the edit always starts on the offices',
    'promotionWizard.officeStep BACK': 'there is no step to go back to when editing offices',
    'promotionWizard.officeStep APPLY_NEXT': "'Aplicar y asignar nuevo producto' belongs to assigning",
    'promotionWizard.saving xstate.done.actor.save [savedForNext]':
      'only assigning saves for the next product',
    'promotionWizard.saving xstate.error.actor.save [refusedProducts]': 'an edit sends no products',
  },
});

// ---- the promotion's Mostrar (machines/promotionDetail.ts) -------------------------------------

export const otherEntry: PromotionProductEntry = {
  id: 32,
  product: 1,
  product_name: 'Asistencia Global',
  offices: [
    { id: 91, office: 11, office_name: 'Casa Central' },
    { id: 92, office: 12, office_name: 'Sucursal Norte' },
  ],
};

export const shownPromotion: Promotion = {
  id: PROMOTION_ID,
  short_name: 'VER',
  long_name: 'Verano',
  description: 'Temporada',
  reservation_date_from: '2027-01-01',
  reservation_date_to: '2027-01-31',
  travel_date_from: '2027-01-15',
  travel_date_to: '2027-02-28',
  total_days: 10,
  promotion_type: 'proveedor',
  products_count: 2,
  products: [heldEntry, otherEntry],
};
/** The promotion after heldEntry was removed. */
export const reducedPromotion: Promotion = { ...shownPromotion, products_count: 1, products: [otherEntry] };
export const LOAD_REFUSED = messages.common.notFound;
/** The server's detail of a refused DELETE /promotion_product/{id}/ (§8). */
export const REMOVE_REFUSED = 'El producto ya no está en la promoción.';

export const promotionDetailModel = defineModel({
  machine: promotionDetailMachine,
  input: { promotionId: PROMOTION_ID },
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadPromotion', output: shownPromotion },
        { type: 'xstate.error.actor.loadPromotion', error: new UserFacingError(LOAD_REFUSED) },
      ];
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    if (snapshot.matches({ ready: 'idle' }))
      return [
        { type: 'ASK_REMOVE', id: heldEntry.id },
        { type: 'ASK_REMOVE', id: 999 },
      ];
    if (snapshot.matches({ ready: 'confirming' })) return [{ type: 'CANCEL' }, { type: 'CONFIRM' }];
    if (snapshot.matches({ ready: 'removing' }))
      return [
        { type: 'xstate.done.actor.removeProduct', output: undefined },
        { type: 'xstate.error.actor.removeProduct', error: new UserFacingError(REMOVE_REFUSED) },
      ];
    return [
      { type: 'xstate.done.actor.reloadPromotion', output: reducedPromotion },
      { type: 'xstate.error.actor.reloadPromotion', error: new Error('network') },
    ];
  },
  journeys: [
    // The product removed after a refusal, and reloaded.
    [
      { type: 'xstate.done.actor.loadPromotion', output: shownPromotion },
      { type: 'ASK_REMOVE', id: heldEntry.id },
      { type: 'CONFIRM' },
      { type: 'xstate.error.actor.removeProduct', error: new UserFacingError(REMOVE_REFUSED) },
      { type: 'CONFIRM' },
      { type: 'xstate.done.actor.removeProduct', output: undefined },
      { type: 'xstate.done.actor.reloadPromotion', output: reducedPromotion },
    ],
    // Loaded after a failed load.
    [
      { type: 'xstate.error.actor.loadPromotion', error: new UserFacingError(LOAD_REFUSED) },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadPromotion', output: shownPromotion },
    ],
  ],
  simplePaths: false,
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.promotion?.products?.length ?? null,
      snapshot.context.error !== null,
      snapshot.context.removeError !== null,
      snapshot.context.notice !== null,
    ]),
});

// ---- one product's offices, paged (machines/promotionOffices.ts) --------------------------------

export const PAGED_PP = 33;
export const pagedEntry: PromotionProductEntry = {
  id: PAGED_PP,
  product: 2,
  product_name: 'Asistencia Europa',
  offices: [11, 12, 13, 14, 15].map((office, index) => ({
    id: 100 + index,
    office,
    office_name: `Oficina ${office}`,
  })),
};
export const officesPromotion: Promotion = {
  ...shownPromotion,
  products_count: 3,
  products: [heldEntry, otherEntry, pagedEntry],
};

export const promotionOfficesModel = defineModel({
  machine: promotionOfficesMachine,
  input: { promotionId: PROMOTION_ID, pp: PAGED_PP },
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadPromotion', output: officesPromotion },
        // The product is no longer in the promotion.
        { type: 'xstate.done.actor.loadPromotion', output: reducedPromotion },
        { type: 'xstate.error.actor.loadPromotion', error: new UserFacingError(LOAD_REFUSED) },
      ];
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    if (!snapshot.matches('ready')) return [];
    const { offset, limit } = snapshot.context;
    return [
      { type: 'PAGE_SIZE', limit: limit === 2 ? 4 : 2 },
      { type: 'PAGE_SIZE', limit: 8 },
      { type: 'PAGE_SIZE', limit: 3 },
      { type: 'PAGE', offset: offset + limit },
      ...(offset > 0 ? [{ type: 'PAGE', offset: offset - limit }] : []),
    ];
  },
  journeys: [
    [
      { type: 'xstate.error.actor.loadPromotion', error: new UserFacingError(LOAD_REFUSED) },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadPromotion', output: officesPromotion },
    ],
    [
      { type: 'xstate.done.actor.loadPromotion', output: officesPromotion },
      { type: 'PAGE', offset: 2 },
      { type: 'PAGE', offset: 4 },
      // Past the last page, and a size the table does not offer: refused.
      { type: 'PAGE', offset: 6 },
      { type: 'PAGE_SIZE', limit: 3 },
      { type: 'PAGE_SIZE', limit: 8 },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.offset, snapshot.context.limit, snapshot.context.error]),
});
