/**
 * Staff reads of the refunds travellers submit (SPEC §2 Reintegros 'list only': id, name,
 * doc_number, voucher, status; §7 GET /refund/ with offset/limit or a query; §2 exact filters
 * id, doc_number, voucher, status). The detail carries what a reviewer needs.
 */
import { z } from 'zod';
import { listQuerySchema } from './http';
import { defineContract, EXACT, MAX_DB_INTEGER } from './resources/fields';

export const refundListQuerySchema = listQuerySchema.extend({
  id: z.coerce.number().int().positive().max(MAX_DB_INTEGER).optional(),
  doc_number: z.string().trim().max(30).optional(),
  voucher: z.coerce.number().int().positive().max(MAX_DB_INTEGER).optional(),
  status: z.string().trim().max(30).optional(),
});

export const refundRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  doc_number: z.string(),
  voucher: z.number().int(),
  status: z.string(),
  created_at: z.string(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;

export const refundDetailSchema = refundRowSchema.extend({
  surname: z.string(),
  email: z.string(),
  phone_contact: z.string(),
  country_residence: z.string(),
  client_comment: z.string(),
  claims: z.array(
    z.object({
      id: z.number().int(),
      coverage: z.string(),
      sinister_country: z.string(),
      sinister_date: z.string(),
      currency: z.string(),
      amount: z.string(),
      services: z.array(
        z.object({
          service: z.string(),
          name: z.string(),
          amount_paid: z.string(),
          amount_recovered: z.string(),
        }),
      ),
    }),
  ),
  files: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      content_type: z.string(),
      size: z.number().int(),
      kind: z.string(),
      claim: z.number().int().nullable(),
    }),
  ),
});
export type RefundDetail = z.infer<typeof refundDetailSchema>;

/** The Reintegros section's list contract (read only: refunds are created by travellers). */
export const refundReviewContract = defineContract({
  path: '/refund/',
  resource: 'refund',
  entity: refundRowSchema,
  write: z.never(),
  filters: { id: EXACT, doc_number: EXACT, voucher: EXACT, status: EXACT },
  ordering: ['created_at'] as const,
  defaultOrdering: '-created_at',
});
