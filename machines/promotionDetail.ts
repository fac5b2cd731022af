/**
 * A promotion's Mostrar (issue 14; SPEC §2 show at promociones/show/{id}; §7 GET /promotion/{id}/,
 * DELETE /promotion_product/{id}/; §8 'Promotion product delete errors when detail is present or
 * status is 300 or above'): the promotion is loaded (or its error, with Reintentar); 'Quitar' asks
 * first, then deletes the
 * promotion_product; a refusal stays in the dialog (the server's message) and may be confirmed
 * again; a removal says so and reloads the promotion (a failed reload keeps what was shown and
 * says why).
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { Promotion, PromotionProductEntry } from '../src/contracts/promotions';
import { messageOf } from './support/errors';

const text = messages.promotions.detail;

export interface PromotionDetailContext {
  promotionId: number;
  promotion: Promotion | null;
  /** Why the promotion could not be (re)loaded. */
  error: string | null;
  /** The product asked to be removed (the dialog). */
  removing: PromotionProductEntry | null;
  removeError: string | null;
  /** 'Producto quitado de la promoción.' after a removal. */
  notice: string | null;
}

export type PromotionDetailEvent =
  | { type: 'RETRY' }
  | { type: 'ASK_REMOVE'; id: number }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' };

export const promotionDetailMachine = setup({
  types: {
    context: {} as PromotionDetailContext,
    input: {} as { promotionId: number },
    events: {} as PromotionDetailEvent,
  },
  actors: {
    loadPromotion: fromPromise<Promotion, { promotionId: number }>(async () => {
      throw new Error('loadPromotion not provided');
    }),
    removeProduct: fromPromise<void, { id: number }>(async () => {
      throw new Error('removeProduct not provided');
    }),
  },
  guards: {
    isHeldProduct: ({ context, event }) =>
      event.type === 'ASK_REMOVE' &&
      (context.promotion?.products ?? []).some((entry) => entry.id === event.id),
  },
}).createMachine({
  id: 'promotionDetail',
  context: ({ input }) => ({
    promotionId: input?.promotionId ?? 0,
    promotion: null,
    error: null,
    removing: null,
    removeError: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadPromotion',
        src: 'loadPromotion',
        input: ({ context }) => ({ promotionId: context.promotionId }),
        onDone: { target: 'ready', actions: assign({ promotion: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, text.loadFailed) }),
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ASK_REMOVE: {
              guard: 'isHeldProduct',
              target: 'confirming',
              actions: assign({
                removing: ({ context, event }) =>
                  context.promotion?.products?.find((entry) => entry.id === event.id) ?? null,
                removeError: null,
                notice: null,
              }),
            },
          },
        },
        confirming: {
          on: {
            CANCEL: { target: 'idle', actions: assign({ removing: null, removeError: null }) },
            CONFIRM: 'removing',
          },
        },
        removing: {
          entry: assign({ removeError: null }),
          invoke: {
            id: 'removeProduct',
            src: 'removeProduct',
            input: ({ context }) => ({ id: context.removing?.id ?? 0 }),
            onDone: {
              target: 'reloading',
              actions: assign({ removing: null, notice: text.removed }),
            },
            onError: {
              target: 'confirming',
              actions: assign({ removeError: ({ event }) => messageOf(event.error, text.removeFailed) }),
            },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadPromotion',
            src: 'loadPromotion',
            input: ({ context }) => ({ promotionId: context.promotionId }),
            onDone: {
              target: 'idle',
              actions: assign({ promotion: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageOf(event.error, text.loadFailed) }),
            },
          },
        },
      },
    },
  },
});
