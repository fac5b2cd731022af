/**
 * Sperta products (spec section 3 'Sperta product'; section 7: responses tagged with a view of
 * show, list, create, edit or remove). A list answers `view: 'list'` beside its results; a
 * detail `show`; a POST `create`; a PUT `edit`; a DELETE answers 204 with the header
 * `x-view: remove`.
 */
import { z } from 'zod';
import { paginatedSchema } from '../http';
import { messages } from '../messages';
import {
  CONTAINS,
  decimalSchema,
  defineContract,
  EXACT,
  requiredDecimal,
  requiredReference,
  requiredText,
} from './fields';

const text = messages.resources;

export const SPERTA_VIEWS = ['show', 'list', 'create', 'edit', 'remove'] as const;
export type SpertaView = (typeof SPERTA_VIEWS)[number];

export const productSpertaSchema = z.object({
  id: z.number().int(),
  sperta_code: z.string(),
  product: z.number().int(),
  product_name: z.string(),
  country: z.number().int().nullable(),
  country_name: z.string().nullable(),
  sperta_gravado: decimalSchema,
  sperta_no_gravado: decimalSchema,
});
export type ProductSperta = z.infer<typeof productSpertaSchema>;

/** A detail, create or edit answer. */
export const productSpertaResponseSchema = productSpertaSchema.extend({ view: z.enum(SPERTA_VIEWS) });
export const productSpertaListResponseSchema = paginatedSchema(productSpertaSchema).extend({
  view: z.literal('list'),
});

export const productSpertaWriteSchema = z.strictObject({
  sperta_code: requiredText(text.idRequired, 50),
  product: requiredReference(text.productRequired),
  country: requiredReference(text.countryRequired),
  sperta_gravado: requiredDecimal(text.amountRequired, { integers: 12, decimals: 2 }),
  sperta_no_gravado: requiredDecimal(text.amountRequired, { integers: 12, decimals: 2 }),
});
export type ProductSpertaWrite = z.input<typeof productSpertaWriteSchema>;

export const productSpertaContract = defineContract({
  path: '/product_sperta/',
  resource: 'product_sperta',
  entity: productSpertaSchema,
  write: productSpertaWriteSchema,
  filters: {
    id: EXACT,
    sperta_code: CONTAINS,
    /** Contains on the product's long_name. */
    product_name: CONTAINS,
    /** Contains on the country's long_name. */
    country_name: CONTAINS,
    product: EXACT,
    country: EXACT,
  },
  ordering: ['id', 'sperta_code', 'sperta_gravado', 'sperta_no_gravado', 'product', 'country'],
  defaultOrdering: 'id',
});
