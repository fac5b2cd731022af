/**
 * Mostrar a product (SPEC §2 productos 'show'; §7 GET /product/{id}/, GET /rateDetail/{id}/,
 * POST /updateOfficeRate/): the product and its rates loaded together; a failure with
 * 'Reintentar' (none after a permission refusal, where retrying cannot help); an office's
 * particular rate replaced by a new file, then the rates read again with the notice that it was
 * done, or the server's reasons (row by row for a bad CSV) shown while the product stays on screen.
 * The view provides `loadProduct` and `replaceRate` (the product id is the view's).
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { ProductDetail, RateDetail } from '../src/contracts/productWizard';
import { FieldErrorsError, isRefusal, messageOf } from './support/errors';

export interface LoadedProduct {
  product: ProductDetail;
  rates: RateDetail;
  /** The product's uploaded image as a data URL, or null (none, or it could not be read). */
  image?: string | null;
}

export interface ProductDetailContext {
  product: ProductDetail | null;
  rates: RateDetail | null;
  /** The product's image (issue 32: shown on its page), or null. */
  image: string | null;
  error: string | null;
  /** The last failure was a permission refusal: no 'Reintentar'. */
  refused: boolean;
  notice: string | null;
  /** The office whose rate is being replaced. */
  officeId: number | null;
}

export type ProductDetailEvent =
  | { type: 'RETRY' }
  /** `file` is the chosen CSV (a browser File); the machine only hands it to `replaceRate`. */
  | { type: 'REPLACE_RATE'; officeId: number; file: File };

const text = messages.products;

/** The server's message and, for a refused CSV, its row errors. */
function replaceFailure(error: unknown): string {
  const rows = error instanceof FieldErrorsError ? (error.fields.rows ?? []) : [];
  return [messageOf(error, messages.common.genericRetry), ...rows].join(' · ');
}

export const productDetailMachine = setup({
  types: {
    context: {} as ProductDetailContext,
    events: {} as ProductDetailEvent,
  },
  actors: {
    loadProduct: fromPromise<LoadedProduct>(async () => {
      throw new Error('loadProduct not provided');
    }),
    replaceRate: fromPromise<void, { officeId: number; file: File }>(async () => {
      throw new Error('replaceRate not provided');
    }),
  },
}).createMachine({
  id: 'productDetail',
  context: {
    product: null,
    rates: null,
    image: null,
    error: null,
    refused: false,
    notice: null,
    officeId: null,
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null, refused: false }),
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        onDone: {
          target: 'shown',
          actions: assign({
            product: ({ event }) => event.output.product,
            rates: ({ event }) => event.output.rates,
            image: ({ event }) => event.output.image ?? null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, text.loadFailed),
            refused: ({ event }) => isRefusal(event.error),
          }),
        },
      },
    },
    failed: { on: { RETRY: { guard: ({ context }) => !context.refused, target: 'loading' } } },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            REPLACE_RATE: {
              target: 'replacing',
              actions: assign({ officeId: ({ event }) => event.officeId, notice: null, error: null }),
            },
          },
        },
        replacing: {
          invoke: {
            id: 'replaceRate',
            src: 'replaceRate',
            input: ({ event }) => {
              const chosen = event as Extract<ProductDetailEvent, { type: 'REPLACE_RATE' }>;
              return { officeId: chosen.officeId, file: chosen.file };
            },
            onDone: { target: 'reloading', actions: assign({ notice: text.replaceOfficeRateDone }) },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => replaceFailure(event.error), officeId: null }),
            },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadProduct',
            src: 'loadProduct',
            onDone: {
              target: 'idle',
              actions: assign({
                product: ({ event }) => event.output.product,
                rates: ({ event }) => event.output.rates,
                image: ({ event }) => event.output.image ?? null,
                officeId: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => messageOf(event.error, text.loadFailed),
                officeId: null,
              }),
            },
          },
        },
      },
    },
  },
});
