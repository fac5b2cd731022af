/** Mostrar a product (SPEC §2 productos 'show', §7 GET /rateDetail/, POST /updateOfficeRate/): every state and transition. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  PRODUCT_REFUSAL,
  productDetailModel,
  RATE_FILE_ERROR,
  RATE_ROW_ERROR,
  replacedRates,
  sampleProduct,
  sampleRates,
} from '../../machines/models/products';
import type { LoadedProduct } from '../../machines/productDetail';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.products;
const errorOf = (event: unknown) => (event as { error: Error }).error;

testMachineModel('productDetail', productDetailModel, {
  loading: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.refused).toBe(false);
  },
  failed: (snapshot, event) => {
    const refused = errorOf(event).message === PRODUCT_REFUSAL;
    expect(snapshot.context.error).toBe(refused ? PRODUCT_REFUSAL : text.loadFailed);
    expect(snapshot.context.refused).toBe(refused);
    // 'Reintentar' only where retrying can help.
    expect(snapshot.can({ type: 'RETRY' })).toBe(!refused);
  },
  'shown.idle': (snapshot, event) => {
    expect(snapshot.context.product).toEqual(sampleProduct);
    expect(snapshot.context.officeId).toBeNull();
    switch (event.type) {
      case 'xstate.done.actor.loadProduct':
        expect(snapshot.context.rates).toEqual(sampleRates);
        expect(snapshot.context.notice).toBeNull();
        expect(snapshot.context.error).toBeNull();
        break;
      case 'xstate.done.actor.reloadProduct':
        expect(snapshot.context.rates).toEqual(replacedRates);
        expect(snapshot.context.notice).toBe(text.replaceOfficeRateDone);
        expect(snapshot.context.error).toBeNull();
        break;
      case 'xstate.error.actor.replaceRate': {
        const fileRefused = errorOf(event).message === RATE_FILE_ERROR;
        expect(snapshot.context.error).toBe(
          fileRefused ? `${RATE_FILE_ERROR} · ${RATE_ROW_ERROR}` : messages.common.genericRetry,
        );
        expect(snapshot.context.notice).toBeNull();
        break;
      }
      case 'xstate.error.actor.reloadProduct':
        expect(snapshot.context.error).toBe(text.loadFailed);
        expect(snapshot.context.notice).toBe(text.replaceOfficeRateDone);
        break;
      default:
        throw new Error(`shown.idle reached by ${event.type}`);
    }
  },
  'shown.replacing': (snapshot, event) => {
    expect(event).toMatchObject({ type: 'REPLACE_RATE', officeId: 9 });
    expect(snapshot.context.officeId).toBe(9);
    expect(snapshot.context.notice).toBeNull();
    expect(snapshot.context.error).toBeNull();
  },
  'shown.reloading': (snapshot) => {
    expect(snapshot.context.notice).toBe(text.replaceOfficeRateDone);
    expect(snapshot.context.officeId).toBe(9);
  },
});

describe('the product image (issue 32)', () => {
  it('keeps the loaded image for the page, and none when the product has none', async () => {
    for (const image of ['data:image/png;base64,iVBORw0KGgo=', null, undefined]) {
      const actor = createActor(
        productDetailModel.machine.provide({
          actors: {
            loadProduct: fromPromise<LoadedProduct>(async () => ({
              product: sampleProduct,
              rates: sampleRates,
              image,
            })),
          },
        }),
      ).start();
      await waitFor(actor, (snapshot) => snapshot.matches('shown'));
      expect(actor.getSnapshot().context.image).toBe(image ?? null);
    }
  });
});
