/**
 * The products area's machine wiring, in one place (issue 29): the product wizard (create, clone,
 * edit) and the product's show view, each machine with its actors (src/client/api/products.ts).
 * The views create their actors from these and only send events.
 */
import { fromPromise } from 'xstate';
import { type LoadedProduct, productDetailMachine } from '../../../../machines/productDetail';
import { productWizardMachine } from '../../../../machines/productWizard';
import type { ProductWizardMode } from '../../../contracts/productWizard';
import {
  getProduct,
  productImageDataUrl,
  productWizardActors,
  rateDetail,
  replaceOfficeRate,
} from '../../api/products';

/** The product wizard in `mode` (issue 13; SPEC §2 productos 'add'). */
export const productWizardLogic = (mode: ProductWizardMode) =>
  productWizardMachine.provide({ actors: productWizardActors(mode) });

/** Mostrar a product: its data and rates; an office's particular rate replaced by a new file. */
export const productDetailLogic = (productId: number) =>
  productDetailMachine.provide({
    actors: {
      loadProduct: fromPromise<LoadedProduct>(async () => {
        const [product, rates] = await Promise.all([getProduct(productId), rateDetail(productId)]);
        // Issue 32: the uploaded image is shown on the product's page (a data URL: nothing to release).
        const image = product.url_image ? await productImageDataUrl(product.url_image) : null;
        return { product, rates, image };
      }),
      replaceRate: fromPromise<void, { officeId: number; file: File }>(async ({ input }) => {
        await replaceOfficeRate(productId, input.officeId, input.file);
      }),
    },
  });
