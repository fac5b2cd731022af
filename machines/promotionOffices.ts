/**
 * The offices of one product of a promotion (issue 14; SPEC §2 'Promotions wizard': 'The offices
 * view takes idPromotionProductOffices and a view parameter (show or edit) and lists assigned
 * offices. Office table page sizes 2, 4 or 8 (default 2)'): the promotion is loaded (GET
 * /promotion/{id}/, its detail nests each product's offices), the product named by
 * idPromotionProductOffices is found (or the page says it is no longer in the promotion), and its
 * offices are paged 2, 4 or 8 at a time. `view=edit` is the wizard's single step (the view sends
 * the user there); this machine is `view=show`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { Promotion, PromotionProductEntry } from '../src/contracts/promotions';
import { DEFAULT_OFFICE_PAGE_SIZE, OFFICE_PAGE_SIZES } from './promotionWizard';
import { messageOf } from './support/errors';

export interface PromotionOfficesInput {
  promotionId: number;
  /** idPromotionProductOffices: the promotion_product whose offices are listed. */
  pp: number;
}

export interface PromotionOfficesContext extends PromotionOfficesInput {
  promotion: Promotion | null;
  entry: PromotionProductEntry | null;
  offset: number;
  limit: number;
  error: string | null;
}

export type PromotionOfficesEvent =
  | { type: 'RETRY' }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'PAGE'; offset: number };

/** The offices of the current page. */
export const officesPage = (context: PromotionOfficesContext) =>
  (context.entry?.offices ?? []).slice(context.offset, context.offset + context.limit);

const entryOf = (promotion: Promotion, pp: number) =>
  (promotion.products ?? []).find((entry) => entry.id === pp) ?? null;

export const promotionOfficesMachine = setup({
  types: {
    context: {} as PromotionOfficesContext,
    input: {} as PromotionOfficesInput,
    events: {} as PromotionOfficesEvent,
  },
  actors: {
    loadPromotion: fromPromise<Promotion, { promotionId: number }>(async () => {
      throw new Error('loadPromotion not provided');
    }),
  },
  guards: {
    holdsProduct: ({ context, event }) =>
      entryOf((event as unknown as { output: Promotion }).output, context.pp) !== null,
    isPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE' && (OFFICE_PAGE_SIZES as readonly number[]).includes(event.limit),
    isPage: ({ context, event }) =>
      event.type === 'PAGE' &&
      event.offset >= 0 &&
      event.offset % context.limit === 0 &&
      event.offset < (context.entry?.offices.length ?? 0),
  },
}).createMachine({
  id: 'promotionOffices',
  context: ({ input }) => ({
    promotionId: input?.promotionId ?? 0,
    pp: input?.pp ?? 0,
    promotion: null,
    entry: null,
    offset: 0,
    limit: DEFAULT_OFFICE_PAGE_SIZE,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadPromotion',
        src: 'loadPromotion',
        input: ({ context }) => ({ promotionId: context.promotionId }),
        onDone: [
          {
            guard: 'holdsProduct',
            target: 'ready',
            actions: assign(({ context, event }) => ({
              promotion: event.output,
              entry: entryOf(event.output, context.pp),
            })),
          },
          { target: 'missing', actions: assign({ promotion: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, messages.promotions.detail.loadFailed),
          }),
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    /** The product is no longer in the promotion (removed meanwhile, or a wrong address). */
    missing: {},
    ready: {
      on: {
        PAGE_SIZE: { guard: 'isPageSize', actions: assign({ limit: ({ event }) => event.limit, offset: 0 }) },
        PAGE: { guard: 'isPage', actions: assign({ offset: ({ event }) => event.offset }) },
      },
    },
  },
});
