/**
 * A promotion's Mostrar (issue 14; SPEC §2 promociones/show/{id}, §7 DELETE /promotion_product/{id}/,
 * §8): every state and transition of the model, each snapshot asserted from the event that led
 * there; then the machine run with actors (the removed product is gone after the reload).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  heldEntry,
  LOAD_REFUSED,
  otherEntry,
  PROMOTION_ID,
  promotionDetailModel,
  REMOVE_REFUSED,
  reducedPromotion,
  shownPromotion,
} from '../../machines/models/promotions';
import { promotionDetailMachine } from '../../machines/promotionDetail';
import { UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.promotions.detail;

testMachineModel('promotionDetail', promotionDetailModel, {
  loading: (snapshot, event) => {
    expect([event.type, snapshot.context.promotion, snapshot.context.error]).toEqual([
      event.type === 'RETRY' ? 'RETRY' : 'xstate.init',
      null,
      null,
    ]);
  },
  loadFailed: (snapshot) => {
    expect([snapshot.context.promotion, snapshot.context.error]).toEqual([null, LOAD_REFUSED]);
  },
  'ready.idle': (snapshot, event) => {
    const { context } = snapshot;
    expect(context.removing).toBeNull();
    switch (event.type) {
      case 'xstate.done.actor.loadPromotion':
        expect([context.promotion, context.notice]).toEqual([shownPromotion, null]);
        break;
      case 'CANCEL':
        expect([context.removeError, context.notice]).toEqual([null, null]);
        break;
      case 'xstate.done.actor.reloadPromotion':
        expect([context.promotion, context.notice, context.error]).toEqual([
          reducedPromotion,
          text.removed,
          null,
        ]);
        break;
      case 'xstate.error.actor.reloadPromotion':
        // The promotion shown stays; the page says it could not be reloaded.
        expect([context.promotion, context.notice, context.error]).toEqual([
          shownPromotion,
          text.removed,
          text.loadFailed,
        ]);
        break;
      default:
        // ASK_REMOVE of a product the promotion does not hold: nothing happens.
        expect([event.type, context.removing]).toEqual(['ASK_REMOVE', null]);
    }
  },
  'ready.confirming': (snapshot, event) => {
    const { context } = snapshot;
    expect(context.removing).toEqual(heldEntry);
    if (event.type === 'ASK_REMOVE') expect([context.removeError, context.notice]).toEqual([null, null]);
    else {
      expect(event.type).toBe('xstate.error.actor.removeProduct');
      expect(context.removeError).toBe(REMOVE_REFUSED);
    }
  },
  'ready.removing': (snapshot, event) => {
    expect([event.type, snapshot.context.removing, snapshot.context.removeError]).toEqual([
      'CONFIRM',
      heldEntry,
      null,
    ]);
  },
  'ready.reloading': (snapshot, event) => {
    expect(event.type).toBe('xstate.done.actor.removeProduct');
    expect([snapshot.context.removing, snapshot.context.notice]).toEqual([null, text.removed]);
  },
});

describe('promotionDetail with actors', () => {
  it('loads, removes a product after confirming and shows the promotion without it', async () => {
    const removed: number[] = [];
    let loads = 0;
    const actor = createActor(
      promotionDetailMachine.provide({
        actors: {
          loadPromotion: fromPromise(async ({ input }) => {
            expect(input.promotionId).toBe(PROMOTION_ID);
            loads += 1;
            return loads === 1 ? shownPromotion : reducedPromotion;
          }),
          removeProduct: fromPromise(async ({ input }) => {
            removed.push(input.id);
            if (removed.length === 1) throw new UserFacingError(REMOVE_REFUSED);
          }),
        },
      }),
      { input: { promotionId: PROMOTION_ID } },
    ).start();
    await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    actor.send({ type: 'ASK_REMOVE', id: heldEntry.id });
    actor.send({ type: 'CONFIRM' });
    const refused = await waitFor(actor, (state) => state.matches({ ready: 'confirming' }));
    expect(refused.context.removeError).toBe(REMOVE_REFUSED);
    actor.send({ type: 'CONFIRM' });
    const done = await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(removed).toEqual([heldEntry.id, heldEntry.id]);
    expect(done.context.promotion?.products).toEqual([otherEntry]);
    expect(done.context.notice).toBe(text.removed);
    actor.stop();
  });
});
