/**
 * The promotion wizard (issue 14; SPEC §2 'Promotions wizard', §4 'Promotion wizard', §5
 * 'Promotion wizard', §9 '2 steps', office table page sizes 2, 4, 8).
 *
 * The steps are the wizards' shared data (machines/support/wizardSteps.ts: `WizardStep`), with the
 * product wizard's context fields (steps, step, fieldErrors, error), so the same frame renders it
 * (src/client/views/resources/WizardFrame.tsx, counter 'N de 2'); NEXT passes only when the step's
 * contract accepts it (src/contracts/promotions.ts), BACK keeps what was chosen.
 *
 * - `loading`: the promotion (its type and products already assigned), the product options and,
 *   when editing one product's offices (`pp`), those offices. A reload or shared link starts from
 *   the address (`p`, `o`, `step`), keeping only products that exist and are not yet assigned.
 * - `productStep` (1 de 2): a searchable product list. 'Debe ingresar un producto' with none; a
 *   sale promotion takes one product, counting the one it may hold ('No puede ingresar más de un
 *   producto en Promociones Venta'); a provider promotion several.
 * - `officeStep` (2 de 2, or the single step when editing): the office table searched by one of
 *   four modes, paged 2, 4 or 8 rows (default 2), one, several or all matching offices selected.
 *   A provider promotion's table holds only offices assigned to every chosen product (the lock).
 *   'Debe ingresar al menos una oficina' with none.
 * - `saving`: one call (add_product_offices, or edit_product_offices when editing) in one server
 *   transaction. Finalizar ends in `done` (the view returns to the promotion); 'Aplicar y asignar
 *   nuevo producto' saves and starts step 1 again for the next product.
 * Every change announces the address with `queryChanged` (the view writes pp, p, o, step).
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import {
  type PromotionProductEntry,
  type PromotionType,
  promotionOfficesStepSchema,
  promotionProductsStepSchema,
} from '../src/contracts/promotions';
import { fieldErrorsOf, messageOf } from './support/errors';
import type { WizardStep } from './support/wizardSteps';

const text = messages.promotions;

export const RESUMABLE = 'resumable';

export const OFFICE_PAGE_SIZES = [2, 4, 8] as const;
export const DEFAULT_OFFICE_PAGE_SIZE = 2;
export const OFFICE_SEARCH_MODES = ['name', 'bussines_unit_name', 'tag_name', 'country_name'] as const;
export type OfficeSearchMode = (typeof OFFICE_SEARCH_MODES)[number];

/** Step 1 of 2 and 2 of 2 (SPEC §2), and the single step of an offices edit. */
export const PROMOTION_STEPS: readonly WizardStep[] = [
  { key: '1', fields: ['products'] },
  { key: '2', fields: ['offices'] },
];
export const EDIT_OFFICES_STEPS: readonly WizardStep[] = [{ key: '2', fields: ['offices'] }];

export interface ProductOption {
  id: number;
  name: string;
}

export interface OfficeRow {
  id: number;
  long_name: string;
  country_name: string;
  is_enabled: boolean;
}

export interface OfficeQuery {
  mode: OfficeSearchMode;
  text: string;
  limit: number;
  offset: number;
  /** The provider lock: only offices assigned to every one of these products; null: any office. */
  products: number[] | null;
}

export interface OfficePage {
  count: number;
  results: OfficeRow[];
}

export interface LoadedPromotion {
  promotion: { id: number; long_name: string; promotion_type: PromotionType };
  /** The promotion's products (with their offices). */
  assigned: PromotionProductEntry[];
  productOptions: ProductOption[];
}

export interface PromotionWizardInput {
  promotionId: number;
  /** The promotion_product whose offices are edited (single step); null: assign products. */
  pp: number | null;
  /** From the address: products and offices chosen, and the step (1 or 2). */
  products: number[];
  offices: number[];
  step: 1 | 2;
}

export interface SaveRequest {
  promotionId: number;
  pp: number | null;
  products: number[];
  offices: number[];
}

/** What the address holds (SPEC §2: pp, p, o, step). */
export interface WizardAddress {
  pp: number | null;
  p: number[];
  o: number[];
  step: 1 | 2;
}

export interface PromotionWizardContext {
  promotionId: number;
  pp: number | null;
  steps: readonly WizardStep[];
  /** The current step's index in `steps`. */
  step: number;
  promotion: LoadedPromotion['promotion'] | null;
  assigned: PromotionProductEntry[];
  productOptions: ProductOption[];
  productSearch: string;
  /** The products and offices chosen. */
  values: { products: number[]; offices: number[] };
  fieldErrors: Record<string, string[]>;
  /** A message not tied to a field (a refused save). */
  error: string | null;
  /** Said after 'Aplicar y asignar nuevo producto' saved. */
  notice: string | null;
  officeQuery: OfficeQuery;
  offices: OfficeRow[];
  officeCount: number;
  officeError: string | null;
  /** What the save was asked for: Finalizar or 'Aplicar y asignar nuevo producto'. */
  intent: 'finish' | 'next';
  /** The address the wizard was opened with (applied once loaded). */
  requested: { products: number[]; offices: number[]; step: 1 | 2 };
}

export type PromotionWizardEvent =
  | { type: 'RETRY' }
  | { type: 'PRODUCT_SEARCH'; text: string }
  | { type: 'ADD_PRODUCT'; id: number }
  | { type: 'REMOVE_PRODUCT'; id: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'OFFICE_SEARCH'; mode: OfficeSearchMode; text: string }
  | { type: 'OFFICE_PAGE_SIZE'; limit: number }
  | { type: 'OFFICE_PAGE'; offset: number }
  | { type: 'TOGGLE_OFFICE'; id: number }
  | { type: 'SELECT_PAGE' }
  | { type: 'SELECT_ALL' }
  | { type: 'CLEAR_SELECTION' }
  | { type: 'FINISH' }
  | { type: 'APPLY_NEXT' };

/**
 * The most office ids the address carries: a larger selection ('Seleccionar las N que coinciden'
 * over thousands) is kept by the wizard but not written to the address, which browsers and
 * servers cap at a few kilobytes; a reload then keeps the products and the step only.
 */
export const MAX_ADDRESS_OFFICES = 300;

/** The address of a wizard context (what a reload must find). */
export function addressOf(context: PromotionWizardContext): WizardAddress {
  const onOffices = context.steps[context.step]?.key === '2';
  return {
    pp: context.pp,
    p: context.pp === null ? context.values.products : [],
    o: context.values.offices.length <= MAX_ADDRESS_OFFICES ? context.values.offices : [],
    step: context.pp === null && onOffices ? 2 : 1,
  };
}

/** The product options the search shows: matching, not yet assigned, not yet chosen. */
export function visibleProducts(context: PromotionWizardContext): ProductOption[] {
  const taken = new Set([...context.assigned.map((entry) => entry.product), ...context.values.products]);
  const needle = context.productSearch.trim().toLocaleLowerCase('es');
  return context.productOptions.filter(
    (option) => !taken.has(option.id) && (!needle || option.name.toLocaleLowerCase('es').includes(needle)),
  );
}

/** The offices a provider promotion is locked to: those of every chosen (or edited) product. */
function lockOf(context: PromotionWizardContext, products: number[]): number[] | null {
  if (context.promotion?.promotion_type !== 'proveedor') return null;
  if (context.pp !== null) {
    const edited = context.assigned.find((entry) => entry.id === context.pp);
    return edited ? [edited.product] : [];
  }
  return products;
}

/**
 * The choices a loaded wizard starts from: the address's products that exist and are not yet
 * assigned (one at most for a sale promotion, none when it holds its product) and its offices;
 * an offices edit starts from the edited product's offices.
 */
export function startingValues(
  context: Pick<PromotionWizardContext, 'pp' | 'requested'>,
  loaded: LoadedPromotion,
): { products: number[]; offices: number[] } {
  const known = new Set(loaded.productOptions.map((option) => option.id));
  const held = new Set(loaded.assigned.map((entry) => entry.product));
  const edited = loaded.assigned.find((entry) => entry.id === context.pp);
  let products = context.requested.products.filter((id) => known.has(id) && !held.has(id));
  if (context.pp !== null) products = [];
  if (loaded.promotion.promotion_type === 'venta')
    products = products.slice(0, loaded.assigned.length ? 0 : 1);
  const offices =
    edited && !context.requested.offices.length
      ? edited.offices.map((office) => office.office)
      : context.requested.offices;
  return { products, offices };
}

const emptyQuery = (): OfficeQuery => ({
  mode: 'name',
  text: '',
  limit: DEFAULT_OFFICE_PAGE_SIZE,
  offset: 0,
  products: null,
});

const stepErrors = (
  schema: typeof promotionProductsStepSchema | typeof promotionOfficesStepSchema,
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'products');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
};

export const promotionWizardMachine = setup({
  types: {
    context: {} as PromotionWizardContext,
    events: {} as PromotionWizardEvent,
    input: {} as PromotionWizardInput,
  },
  actors: {
    loadWizard: fromPromise<LoadedPromotion, { promotionId: number }>(async () => {
      throw new Error('loadWizard not provided');
    }),
    fetchOffices: fromPromise<OfficePage, OfficeQuery>(async () => {
      throw new Error('fetchOffices not provided');
    }),
    /** The ids of every office matching the query (all pages; SPEC §9 limit 10000). */
    fetchMatchingIds: fromPromise<number[], OfficeQuery>(async () => {
      throw new Error('fetchMatchingIds not provided');
    }),
    /** One call, one transaction: resolves to the promotion's products after the save. */
    save: fromPromise<PromotionProductEntry[], SaveRequest>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    editingOffices: ({ context }) => context.pp !== null,
    saleFull: ({ context }) =>
      context.promotion?.promotion_type === 'venta' &&
      context.assigned.length + context.values.products.length >= 1,
    productsValid: ({ context }) =>
      promotionProductsStepSchema.safeParse({ products: context.values.products }).success,
    officesValid: ({ context }) =>
      promotionOfficesStepSchema.safeParse({ offices: context.values.offices }).success,
    assigning: ({ context }) => context.pp === null,
    savedForNext: ({ context }) => context.intent === 'next',
    /** A refusal of the products while assigning goes back to step 1 (an edit has no step 1). */
    refusedProducts: ({ context, event }) =>
      context.pp === null &&
      'error' in event &&
      'products' in fieldErrorsOf((event as { error: unknown }).error),
  },
  actions: {
    applyLoaded: assign(({ context, event }) => {
      const { output } = event as unknown as { output?: LoadedPromotion };
      if (!output) return {};
      return {
        promotion: output.promotion,
        assigned: output.assigned,
        productOptions: output.productOptions,
        values: startingValues(context, output),
        error: null,
      };
    }),
    queryChanged: (_, _params: WizardAddress) => {},
    finished: (_, _params: { promotionId: number }) => {},
    toOffices: assign(({ context }) => ({
      step: context.pp === null ? 1 : 0,
      fieldErrors: {},
      error: null,
      officeQuery: { ...emptyQuery(), products: lockOf(context, context.values.products) },
    })),
  },
}).createMachine({
  id: 'promotionWizard',
  context: ({ input }) => ({
    promotionId: input.promotionId,
    pp: input.pp,
    steps: input.pp === null ? PROMOTION_STEPS : EDIT_OFFICES_STEPS,
    step: 0,
    promotion: null,
    assigned: [],
    productOptions: [],
    productSearch: '',
    values: { products: [], offices: [] },
    fieldErrors: {},
    error: null,
    notice: null,
    officeQuery: emptyQuery(),
    offices: [],
    officeCount: 0,
    officeError: null,
    intent: 'finish',
    requested: { products: input.products, offices: input.offices, step: input.step },
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWizard',
        src: 'loadWizard',
        input: ({ context }) => ({ promotionId: context.promotionId }),
        onDone: [
          { guard: 'editingOffices', target: 'officeStep', actions: ['applyLoaded', 'toOffices'] },
          {
            guard: ({ context, event }) =>
              context.requested.step === 2 && startingValues(context, event.output).products.length > 0,
            target: 'officeStep',
            actions: ['applyLoaded', 'toOffices'],
          },
          { target: 'productStep', actions: 'applyLoaded' },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, text.wizard.loadFailed) }),
        },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    productStep: {
      tags: [RESUMABLE],
      entry: [assign({ step: 0 }), { type: 'queryChanged', params: ({ context }) => addressOf(context) }],
      on: {
        PRODUCT_SEARCH: { actions: assign({ productSearch: ({ event }) => event.text }) },
        ADD_PRODUCT: [
          {
            guard: 'saleFull',
            actions: assign({ fieldErrors: { products: [text.saleOneProduct] }, notice: null }),
          },
          {
            guard: ({ context, event }) =>
              visibleProducts({ ...context, productSearch: '' }).some((o) => o.id === event.id),
            actions: [
              assign(({ context, event }) => ({
                values: { products: [...context.values.products, event.id], offices: [] },
                fieldErrors: {},
                notice: null,
                productSearch: '',
              })),
              { type: 'queryChanged', params: ({ context }) => addressOf(context) },
            ],
          },
        ],
        REMOVE_PRODUCT: {
          actions: [
            assign(({ context, event }) => ({
              values: { products: context.values.products.filter((id) => id !== event.id), offices: [] },
              fieldErrors: {},
            })),
            { type: 'queryChanged', params: ({ context }) => addressOf(context) },
          ],
        },
        NEXT: [
          { guard: 'productsValid', target: 'officeStep', actions: 'toOffices' },
          {
            actions: assign(({ context }) => ({
              fieldErrors: stepErrors(promotionProductsStepSchema, { products: context.values.products }),
              notice: null,
            })),
          },
        ],
      },
    },
    officeStep: {
      tags: [RESUMABLE],
      entry: { type: 'queryChanged', params: ({ context }) => addressOf(context) },
      initial: 'loadingOffices',
      states: {
        loadingOffices: {
          entry: assign({ officeError: null }),
          invoke: {
            id: 'fetchOffices',
            src: 'fetchOffices',
            input: ({ context }) => context.officeQuery,
            onDone: {
              target: 'ready',
              actions: assign({
                offices: ({ event }) => event.output.results,
                officeCount: ({ event }) => event.output.count,
                officeError: null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                offices: [],
                officeCount: 0,
                officeError: ({ event }) => messageOf(event.error, text.wizard.officesFailed),
              }),
            },
          },
        },
        ready: {},
        failed: {
          on: { RETRY: { target: 'loadingOffices', actions: assign({ officeError: null }) } },
        },
        selectingAll: {
          invoke: {
            id: 'fetchMatchingIds',
            src: 'fetchMatchingIds',
            input: ({ context }) => context.officeQuery,
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context, event }) => ({
                  values: {
                    ...context.values,
                    offices: [...new Set([...context.values.offices, ...event.output])],
                  },
                  fieldErrors: {},
                })),
                { type: 'queryChanged', params: ({ context }) => addressOf(context) },
              ],
            },
            onError: {
              target: 'ready',
              actions: assign({
                officeError: ({ event }) => messageOf(event.error, text.wizard.officesFailed),
              }),
            },
          },
        },
      },
      on: {
        OFFICE_SEARCH: {
          target: '.loadingOffices',
          actions: assign(({ context, event }) => ({
            officeQuery: { ...context.officeQuery, mode: event.mode, text: event.text.trim(), offset: 0 },
          })),
        },
        OFFICE_PAGE_SIZE: {
          guard: ({ event }) => (OFFICE_PAGE_SIZES as readonly number[]).includes(event.limit),
          target: '.loadingOffices',
          actions: assign(({ context, event }) => ({
            officeQuery: { ...context.officeQuery, limit: event.limit, offset: 0 },
          })),
        },
        OFFICE_PAGE: {
          guard: ({ context, event }) =>
            event.offset >= 0 &&
            event.offset < Math.max(context.officeCount, 1) &&
            event.offset % context.officeQuery.limit === 0,
          target: '.loadingOffices',
          actions: assign(({ context, event }) => ({
            officeQuery: { ...context.officeQuery, offset: event.offset },
          })),
        },
        TOGGLE_OFFICE: {
          actions: [
            assign(({ context, event }) => ({
              values: {
                ...context.values,
                offices: context.values.offices.includes(event.id)
                  ? context.values.offices.filter((id) => id !== event.id)
                  : [...context.values.offices, event.id],
              },
              fieldErrors: {},
            })),
            { type: 'queryChanged', params: ({ context }) => addressOf(context) },
          ],
        },
        SELECT_PAGE: {
          actions: [
            assign(({ context }) => ({
              values: {
                ...context.values,
                offices: [
                  ...new Set([...context.values.offices, ...context.offices.map((office) => office.id)]),
                ],
              },
              fieldErrors: {},
            })),
            { type: 'queryChanged', params: ({ context }) => addressOf(context) },
          ],
        },
        SELECT_ALL: { target: '.selectingAll', actions: assign({ officeError: null }) },
        CLEAR_SELECTION: {
          actions: [
            assign(({ context }) => ({ values: { ...context.values, offices: [] } })),
            { type: 'queryChanged', params: ({ context }) => addressOf(context) },
          ],
        },
        BACK: {
          guard: 'assigning',
          target: 'productStep',
          actions: assign({ fieldErrors: {}, error: null }),
        },
        FINISH: [
          { guard: 'officesValid', target: 'saving', actions: assign({ intent: 'finish', error: null }) },
          { actions: assign({ fieldErrors: { offices: [text.officesRequired] } }) },
        ],
        APPLY_NEXT: [
          {
            guard: ({ context }) =>
              context.pp === null &&
              promotionOfficesStepSchema.safeParse({ offices: context.values.offices }).success,
            target: 'saving',
            actions: assign({ intent: 'next', error: null }),
          },
          { guard: 'assigning', actions: assign({ fieldErrors: { offices: [text.officesRequired] } }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          promotionId: context.promotionId,
          pp: context.pp,
          products: context.values.products,
          offices: context.values.offices,
        }),
        onDone: [
          {
            guard: 'savedForNext',
            target: 'productStep',
            actions: assign(({ event }) => ({
              assigned: event.output,
              values: { products: [], offices: [] },
              fieldErrors: {},
              notice: text.wizard.savedNext,
              productSearch: '',
            })),
          },
          { target: 'done', actions: assign({ assigned: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: 'refusedProducts',
            target: 'productStep',
            actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(event.error) }),
          },
          {
            target: 'officeStep',
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
    done: {
      type: 'final',
      entry: { type: 'finished', params: ({ context }) => ({ promotionId: context.promotionId }) },
    },
  },
});
