/**
 * Promociones (issue 14; SPEC §2 'Promociones' list columns and filters, §3 'Promotion', §5 'Date'
 * and 'Promotion wizard', §7 'Promotions'), read by the server and the client.
 *
 * - /promotion/: the promotion (CRUD). Its detail nests `products`, each with its `offices`.
 *   Actions (one transaction each, audited on the promotion):
 *   `add_product_offices` {products, offices} (§7 ADD_PRODUCT_OFFICES: a promotion_product per
 *   product and a promotion_product_office per product and office) and
 *   `edit_product_offices` {promotion_product, offices} (§7 EDIT_PRODUCT_OFFICES).
 * - /promotion_product/ {promotion, product}: list (?promotion=), create, DELETE (§7).
 * - /promotion_product_office/ {promotion_product, office}: list (?promotion_product=), create,
 *   PUT, DELETE (§7).
 * Rules, on the server and in the wizard: a sale promotion ('venta') holds one product; a provider
 * promotion ('proveedor') several, and its offices are only those assigned (product_offices) to
 * every product chosen in the same assignment ('locks the office selection').
 */
import { z } from 'zod';
import { messages } from './messages';
import {
  CONTAINS,
  defineContract,
  EXACT,
  MAX_DB_INTEGER,
  optionalText,
  requiredDate,
  requiredReference,
  requiredText,
} from './resources/fields';

const text = messages.promotions;

export const PROMOTION_TYPES = ['venta', 'proveedor'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** At most this many products or offices in one assignment (SPEC §9 selector limit). */
export const MAX_ASSIGNED = 10_000;

export const promotionOfficeSchema = z.object({
  /** The promotion_product_office's id. */
  id: z.number().int(),
  office: z.number().int(),
  office_name: z.string(),
});

export const promotionProductEntrySchema = z.object({
  /** The promotion_product's id. */
  id: z.number().int(),
  product: z.number().int(),
  product_name: z.string(),
  offices: z.array(promotionOfficeSchema),
});
export type PromotionProductEntry = z.infer<typeof promotionProductEntrySchema>;

export const promotionSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  description: z.string(),
  /** YYYY-MM-DD */
  reservation_date_from: z.string(),
  reservation_date_to: z.string(),
  travel_date_from: z.string(),
  travel_date_to: z.string(),
  total_days: z.number().int(),
  promotion_type: z.enum(PROMOTION_TYPES),
  products_count: z.number().int(),
  /** The detail only: the promotion's products, each with its offices. */
  products: z.array(promotionProductEntrySchema).optional(),
  allowed_actions: z.array(z.string()).optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

const isIso = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const totalDays = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? text.totalDaysRequired
        : text.totalDaysInvalid,
  })
  .int(text.totalDaysInvalid)
  .min(1, text.totalDaysInvalid)
  .max(365, text.totalDaysInvalid);

/**
 * The form and write body. Dates DD/MM/AAAA or YYYY-MM-DD (SPEC §5 'Date' messages), answered as
 * YYYY-MM-DD; each 'hasta' not before its 'desde'; the travel window not ending before the
 * reservation window starts.
 */
export const promotionWriteSchema = z
  .strictObject({
    short_name: requiredText(text.shortNameRequired, 50),
    long_name: requiredText(text.longNameRequired, 255),
    description: optionalText(2000),
    reservation_date_from: requiredDate(text.dateRequired),
    reservation_date_to: requiredDate(text.dateRequired),
    travel_date_from: requiredDate(text.dateRequired),
    travel_date_to: requiredDate(text.dateRequired),
    total_days: totalDays,
    promotion_type: z.enum(PROMOTION_TYPES, { error: text.typeRequired }),
  })
  .superRefine((form, context) => {
    // Compared only when both dates were read (a refused date already has its own message).
    const before = (later: string, earlier: string) => isIso(later) && isIso(earlier) && later < earlier;
    if (before(form.reservation_date_to, form.reservation_date_from))
      context.addIssue({ code: 'custom', path: ['reservation_date_to'], message: text.dateToBeforeFrom });
    if (before(form.travel_date_to, form.travel_date_from))
      context.addIssue({ code: 'custom', path: ['travel_date_to'], message: text.dateToBeforeFrom });
    else if (before(form.travel_date_to, form.reservation_date_from))
      context.addIssue({ code: 'custom', path: ['travel_date_to'], message: text.travelBeforeReservation });
  });
export type PromotionWrite = z.input<typeof promotionWriteSchema>;

export const promotionContract = defineContract({
  path: '/promotion/',
  resource: 'promotion',
  entity: promotionSchema,
  write: promotionWriteSchema,
  filters: { id: EXACT, long_name: CONTAINS, description: CONTAINS, promotion_type: CONTAINS },
  ordering: [
    'id',
    'long_name',
    'reservation_date_from',
    'reservation_date_to',
    'travel_date_from',
    'travel_date_to',
    'total_days',
    'promotion_type',
    'description',
  ] as const,
  defaultOrdering: '-id',
});

/** A list of ids, at least one (`required` when empty or absent), duplicates dropped. */
const idList = (required: string) =>
  z
    .array(requiredReference(required), { error: required })
    .min(1, required)
    .max(MAX_ASSIGNED, text.tooManyItems)
    .transform((ids) => [...new Set(ids)]);

/** Step 1 of the wizard: the products chosen (SPEC §5: 'Debe ingresar un producto'). */
export const promotionProductsStepSchema = z.strictObject({ products: idList(text.productRequired) });
/** Step 2: the offices chosen ('Debe ingresar al menos una oficina'). */
export const promotionOfficesStepSchema = z.strictObject({ offices: idList(text.officesRequired) });

/** The sale rule (SPEC §5): a 'venta' promotion holds one product, counting those it has. */
export function saleRuleRefusal(type: PromotionType, assigned: number, adding: number): string | null {
  return type === 'venta' && assigned + adding > 1 ? text.saleOneProduct : null;
}

/** POST /promotion/{id}/actions/add_product_offices/ (§7 ADD_PRODUCT_OFFICES). */
export const addProductOfficesSchema = z.strictObject({
  products: idList(text.productRequired),
  offices: idList(text.officesRequired),
});
export type AddProductOffices = z.input<typeof addProductOfficesSchema>;

/** POST /promotion/{id}/actions/edit_product_offices/ (§7 EDIT_PRODUCT_OFFICES). */
export const editProductOfficesSchema = z.strictObject({
  promotion_product: requiredReference(text.promotionProductNotFound),
  offices: idList(text.officesRequired),
});
export type EditProductOffices = z.input<typeof editProductOfficesSchema>;

/** /promotion_product/ (§7: POST {promotion, product} per product; DELETE {id}). */
export const promotionProductSchema = z.object({
  id: z.number().int(),
  promotion: z.number().int(),
  product: z.number().int(),
  product_name: z.string(),
});
export const promotionProductWriteSchema = z.strictObject({
  promotion: requiredReference(messages.common.notFound),
  product: requiredReference(text.productRequired),
});
export const promotionProductContract = defineContract({
  path: '/promotion_product/',
  resource: 'promotion',
  entity: promotionProductSchema,
  write: promotionProductWriteSchema,
  filters: { promotion: EXACT },
  ordering: ['id'] as const,
  defaultOrdering: 'id',
});

/** /promotion_product_office/ (§7: GET, POST, PUT {id}, DELETE). */
export const promotionProductOfficeSchema = z.object({
  id: z.number().int(),
  promotion_product: z.number().int(),
  office: z.number().int(),
  office_name: z.string(),
});
export const promotionProductOfficeWriteSchema = z.strictObject({
  promotion_product: requiredReference(text.promotionProductNotFound),
  office: requiredReference(text.officesRequired),
});
export const promotionProductOfficeContract = defineContract({
  path: '/promotion_product_office/',
  resource: 'promotion',
  entity: promotionProductOfficeSchema,
  write: promotionProductOfficeWriteSchema,
  filters: { promotion_product: EXACT },
  ordering: ['id', 'office_name'] as const,
  defaultOrdering: 'office_name',
});

/** The wizard's address (SPEC §2 'Promotions wizard': query pp, p, o, step). */
export interface PromotionWizardQuery {
  /** pp: the promotion_product whose offices are edited (the single-step edit). */
  pp: number | null;
  /** p: the products chosen (comma separated ids). */
  p: number[];
  /** o: the offices chosen (comma separated ids). */
  o: number[];
  /** step: 1 or 2. */
  step: 1 | 2;
}

const idsOf = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= MAX_DB_INTEGER);

export function parseWizardQuery(params: URLSearchParams): PromotionWizardQuery {
  const pp = idsOf(params.get('pp'))[0] ?? null;
  return {
    pp,
    p: [...new Set(idsOf(params.get('p')))],
    o: [...new Set(idsOf(params.get('o')))],
    step: params.get('step') === '2' ? 2 : 1,
  };
}

export function wizardQueryString(query: PromotionWizardQuery): string {
  const params = new URLSearchParams();
  if (query.pp !== null) params.set('pp', String(query.pp));
  if (query.p.length) params.set('p', query.p.join(','));
  if (query.o.length) params.set('o', query.o.join(','));
  params.set('step', String(query.step));
  return params.toString();
}
