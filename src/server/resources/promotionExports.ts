/**
 * The promotion exports (issue 14; SPEC §7 'Promotions' CHECK_EXPORT_VOUCHERS / UPDATE_EXPORT_VOUCHERS,
 * CHECK_EXPORT_OFFICES / UPDATE_EXPORT_OFFICES; §4 'Export notifications'; §8 texts): from a
 * promotion's Mostrar, the vouchers sold under it and the offices assigned to it, on the export
 * engine (./exports.ts). Each is the voucher or office list export read with the list's
 * `promotion` filter (vouchers.promotion_id; promotion_product_office), so its rows, scope and
 * columns are the module's own:
 *
 *   GET /promotion_voucher_report/?promotion={id}  -> {hash}   (promotion/view and voucher/view)
 *   GET /promotion_office_report/?promotion={id}   -> {hash}   (promotion/view and office/view)
 *   GET / PUT /report/{hash}/                       -> poll / mark consumed (UPDATE_EXPORT_*)
 *
 * A missing or malformed promotion answers 400 {promotion: [...]}, an unknown one 404.
 */
import { eq } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import type { AppContext } from '../context';
import { promotions } from '../db/schema';
import { FieldValidationError, notFound } from '../http/errors';
import { type AnyExport, defineExport } from './exports';
import { officeExport } from './officeExport';
import { promotionIdOf } from './promotionRules';
import { voucherExport } from './voucherExport';

const text = messages.promotions;

/** The request names an existing promotion (`?promotion={id}`). */
async function assertPromotion(context: AppContext, query: Record<string, string>): Promise<void> {
  const id = promotionIdOf(query.promotion);
  if (id === null) throw new FieldValidationError({ promotion: [text.exportPromotionRequired] });
  const [found] = await context.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(eq(promotions.id, id));
  if (!found) throw notFound(text.exportPromotionNotFound);
}

const promotionView = { resource: 'promotion', action: 'view' } as const;

export const promotionVoucherExport = defineExport({
  ...voucherExport,
  kind: 'promotion_vouchers',
  permission: promotionView,
  assertRequest: assertPromotion,
}) as unknown as AnyExport;

export const promotionOfficeExport = defineExport({
  ...officeExport,
  kind: 'promotion_offices',
  permission: promotionView,
  assertRequest: assertPromotion,
}) as unknown as AnyExport;
