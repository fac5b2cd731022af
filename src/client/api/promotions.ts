/**
 * Promociones over the API (issue 14; SPEC §7 'Promotions'): the promotion with its products and
 * offices, DELETE /promotion_product/{id}/, and the promotionWizard's actors (GET /promotion/{id}/,
 * GET /product_name_id/, GET /office/ with a search mode, page and the provider lock, and the one
 * save: POST /promotion/{id}/actions/add_product_offices/ or edit_product_offices/).
 */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type {
  LoadedPromotion,
  OfficePage,
  OfficeQuery,
  SaveRequest,
} from '../../../machines/promotionWizard';
import { paginatedSchema, SELECTOR_LIMIT } from '../../contracts/http';
import { type Promotion, promotionSchema } from '../../contracts/promotions';
import { errorFromAnswer } from './errors';
import { request } from './http';
import { productNames } from './products';

export function getPromotion(id: number): Promise<Promotion> {
  return request(promotionSchema, `/promotion/${id}/`);
}

/** DELETE /promotion_product/{id}/ (204). SPEC §8: an answer with detail or status >= 300 is an error. */
export async function removePromotionProduct(id: number): Promise<void> {
  // A status of 300 or more is thrown by `request`; a 2xx answer carrying `detail` is refused here.
  const answer = await request(z.unknown(), `/promotion_product/${id}/`, { method: 'DELETE' });
  if (answer && typeof answer === 'object' && 'detail' in answer) throw errorFromAnswer(200, answer);
}

const officeRowSchema = z.object({
  id: z.number().int(),
  long_name: z.string(),
  is_enabled: z.boolean(),
  country_name: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? ''),
});

function officeParams(query: OfficeQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { ordering: 'long_name' };
  if (query.text) params[query.mode] = query.text;
  if (query.products) params.products = query.products.join(',');
  return params;
}

export async function fetchOfficePage(query: OfficeQuery): Promise<OfficePage> {
  const page = await request(paginatedSchema(officeRowSchema), '/office/', {
    query: { ...officeParams(query), limit: query.limit, offset: query.offset },
  });
  return { count: page.count, results: page.results };
}

export async function fetchMatchingOfficeIds(query: OfficeQuery): Promise<number[]> {
  const page = await request(paginatedSchema(officeRowSchema), '/office/', {
    query: { ...officeParams(query), limit: SELECTOR_LIMIT, offset: 0 },
  });
  return page.results.map((office) => office.id);
}

export async function loadPromotionWizard(promotionId: number): Promise<LoadedPromotion> {
  const [promotion, productOptions] = await Promise.all([getPromotion(promotionId), productNames()]);
  return {
    promotion: { id: promotion.id, long_name: promotion.long_name, promotion_type: promotion.promotion_type },
    assigned: promotion.products ?? [],
    productOptions,
  };
}

export async function savePromotionProducts(input: SaveRequest) {
  const path =
    input.pp === null
      ? `/promotion/${input.promotionId}/actions/add_product_offices/`
      : `/promotion/${input.promotionId}/actions/edit_product_offices/`;
  const body =
    input.pp === null
      ? { products: input.products, offices: input.offices }
      : { promotion_product: input.pp, offices: input.offices };
  const answer = await request(promotionSchema, path, { method: 'POST', body });
  return answer.products ?? [];
}

/** The promotionDetail machine's actors (a promotion's Mostrar). */
export const promotionDetailActors = {
  loadPromotion: fromPromise(async ({ input }: { input: { promotionId: number } }) =>
    getPromotion(input.promotionId),
  ),
  removeProduct: fromPromise(async ({ input }: { input: { id: number } }) =>
    removePromotionProduct(input.id),
  ),
};

export const promotionWizardActors = {
  loadWizard: fromPromise(async ({ input }: { input: { promotionId: number } }) =>
    loadPromotionWizard(input.promotionId),
  ),
  fetchOffices: fromPromise(async ({ input }: { input: OfficeQuery }) => fetchOfficePage(input)),
  fetchMatchingIds: fromPromise(async ({ input }: { input: OfficeQuery }) => fetchMatchingOfficeIds(input)),
  save: fromPromise(async ({ input }: { input: SaveRequest }) => savePromotionProducts(input)),
};
