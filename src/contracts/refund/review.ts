/**
 * Staff reads of the refunds travellers submit (SPEC §2 Reintegros 'list only': id, name,
 * doc_number, voucher, status; §7 GET /refund/ with offset/limit or a query; §2 exact filters
 * id, doc_number, voucher, status), and the review (issue 17): filters by status, the date the
 * refund was submitted (created_from, created_to: DD/MM/AAAA or YYYY-MM-DD), the claims' country
 * (ISO-3) and coverage (contains); the detail carries what a reviewer needs (each claim with its
 * services and approved amount, the files, the bank data masked, the requests made); status
 * changes follow src/contracts/refund/lifecycle.ts (row actions and `PUT /refund/{id}/`).
 */
import { z } from 'zod';
import { allowedActionsSchema } from '../engine';
import { listQuerySchema } from '../http';
import { messages } from '../messages';
import { CONTAINS, defineContract, EXACT, MAX_DB_INTEGER } from '../resources/fields';
import { refundStatusChangeSchema } from './lifecycle';

export const refundListQuerySchema = listQuerySchema.extend({
  id: z.coerce.number().int().positive().max(MAX_DB_INTEGER).optional(),
  doc_number: z.string().trim().max(30).optional(),
  voucher: z.coerce.number().int().positive().max(MAX_DB_INTEGER).optional(),
  status: z.string().trim().max(30).optional(),
  created_from: z.string().trim().max(10).optional(),
  created_to: z.string().trim().max(10).optional(),
  country: z.string().trim().max(3).optional(),
  coverage: z.string().trim().max(200).optional(),
});

export const refundRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Issue 30 §4: the list's 'Nombre' shows the full name (name and surname). */
  surname: z.string(),
  doc_number: z.string(),
  voucher: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  allowed_actions: allowedActionsSchema.optional(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;

/** The bank data: each non-empty field in form order (`POST /refund/{id}/bank_data/` answers it unmasked). */
export const refundBankDataSchema = z.object({
  /** refund_payment.status (SPEC §4): the data is complete. */
  complete: z.boolean(),
  masked: z.boolean(),
  fields: z.array(z.object({ field: z.string(), value: z.string() })),
  /**
   * Issue 40: a Peruvian CCI whose check digits do not follow the published rule, confirmed by
   * the traveller: staff verify it before paying.
   */
  cci_unverified: z.boolean().default(false),
});
export type RefundBankData = z.infer<typeof refundBankDataSchema>;

export const refundDetailSchema = refundRowSchema.extend({
  email: z.string(),
  phone_contact: z.string(),
  country_residence: z.string(),
  /** Issue 42: the traveller's language (its mails are written in it). */
  language: z.enum(['es', 'pt', 'en']).default('es'),
  client_comment: z.string(),
  claims: z.array(
    z.object({
      id: z.number().int(),
      coverage: z.string(),
      sinister_country: z.string(),
      sinister_date: z.string(),
      currency: z.string(),
      amount: z.string(),
      /** The amount approved in the claim's currency; null until approved. */
      approved_amount: z.string().nullable(),
      services: z.array(
        z.object({
          service: z.string(),
          name: z.string(),
          amount_paid: z.string(),
          amount_recovered: z.string(),
        }),
      ),
      /** Issue 30 §3: the coverage's documents (its checklist) and those marked 'No lo tengo'. */
      /** Optional: details recorded before the checklist (and fixtures) have none. */
      checklist: z.array(z.string()).optional(),
      missing_items: z.array(z.object({ item: z.string(), reason: z.string() })).optional(),
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
      /** A claim receipt's checklist item; null: 'Otros documentos' (issue 30 §3). */
      item: z.string().nullable().optional(),
    }),
  ),
  rejection_reason: z.string(),
  /** The bank data, masked (all but the last characters of numbers and codes); null when none. */
  payment: refundBankDataSchema.nullable(),
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['documents', 'bank_data']),
      items: z.array(z.string()),
      max_files: z.number().int().nullable(),
      observations: z.string(),
      created_at: z.string(),
      open: z.boolean(),
    }),
  ),
});
export type RefundDetail = z.infer<typeof refundDetailSchema>;

/**
 * The Reintegros section's contract: travellers create refunds; staff read them and change their
 * status (`PUT /refund/{id}/` with `{status, ...payload}`, or the row actions of the same table).
 */
export const refundReviewContract = defineContract({
  path: '/refund/',
  resource: 'refund',
  entity: refundRowSchema,
  write: refundStatusChangeSchema,
  filters: {
    id: EXACT,
    doc_number: EXACT,
    voucher: EXACT,
    status: EXACT,
    created_from: EXACT,
    created_to: EXACT,
    country: EXACT,
    coverage: CONTAINS,
    /** Issue 31: 'Con alertas' (alerts=true). */
    alerts: EXACT,
  },
  // Issue 40: every column of Reintegros sorts.
  ordering: ['created_at', 'id', 'name', 'doc_number', 'voucher', 'status'] as const,
  defaultOrdering: '-created_at',
});

/**
 * `POST /refund_download_file/ {refund_files_ids}` (SPEC §7; issue 17): staff with refund/view
 * download files of refunds, one as itself, several as one zip.
 */
export const REFUND_DOWNLOAD_PATH = '/refund_download_file/';
export const MAX_DOWNLOAD_FILES = 200;
export const refundDownloadSchema = z.object({
  refund_files_ids: z
    .array(z.uuid(messages.refundLinks.fileUnknown))
    .min(1, messages.refundLinks.downloadNothing)
    .max(MAX_DOWNLOAD_FILES, messages.refundLinks.downloadTooMany(MAX_DOWNLOAD_FILES)),
});
export type RefundDownload = z.infer<typeof refundDownloadSchema>;
