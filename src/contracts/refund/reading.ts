/**
 * What the server read on a stored receipt (issue 31, docs/receipt-reading.md): per page the
 * total, date, currency and merchant tax id with a confidence each (0..1), and, for staff, the
 * flags computed against the refund's claims. Amounts are decimal strings ('12345.50').
 */
import { z } from 'zod';

export const READING_STATUSES = ['pending', 'read', 'unreadable', 'failed'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

export const TAX_ID_KINDS = ['CUIT', 'RUT', 'RFC', 'NIF', 'CNPJ'] as const;
export type TaxIdKind = (typeof TAX_ID_KINDS)[number];

const confidence = z.number().min(0).max(1);

export const readFieldsSchema = z.object({
  total: z.string().nullable(),
  totalConfidence: confidence,
  date: z.iso.date().nullable(),
  dateConfidence: confidence,
  currency: z.string().length(3).nullable(),
  currencyConfidence: confidence,
  taxId: z.string().nullable(),
  taxIdKind: z.enum(TAX_ID_KINDS).nullable(),
  taxIdConfidence: confidence,
});
export type ReadFields = z.infer<typeof readFieldsSchema>;

export const pageReadingSchema = readFieldsSchema.extend({
  page: z.number().int().nonnegative(),
  status: z.enum(READING_STATUSES),
});
export type PageReading = z.infer<typeof pageReadingSchema>;

/** The traveller's view of one of their uploads: what to suggest, nothing about other refunds. */
export const fileReadingSchema = z.object({
  fileId: z.uuid(),
  status: z.enum(READING_STATUSES),
  pages: z.array(pageReadingSchema),
});
export type FileReading = z.infer<typeof fileReadingSchema>;

export const fileReadingsResponseSchema = z.object({ readings: z.array(fileReadingSchema) });
export type FileReadingsResponse = z.infer<typeof fileReadingsResponseSchema>;

/** The traveller's query: the ids of their own uploads (at most 20). */
export const fileReadingsQuerySchema = z.object({
  ids: z
    .string()
    .transform((value) => value.split(',').filter((id) => id !== ''))
    .pipe(z.array(z.uuid()).min(1).max(20)),
  /** ISO-3 event country, a hint for '$'. */
  country: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

export const receiptReadingPaths = {
  /** Traveller (refund access): GET ?ids=uuid,uuid[&country=ARG] of their own uploads. */
  own: '/refund_data/readings/',
  /** Staff (refund view): GET the refund's readings and flags. */
  refund: '/refund/:id/readings/',
} as const;

export const READING_FLAG_KINDS = [
  'claimed_above_total',
  'date_outside_validity',
  'currency_mismatch',
  'unreadable',
  'reused',
] as const;
export type ReadingFlagKind = (typeof READING_FLAG_KINDS)[number];

/** Where a reused receipt was used before. */
export const reuseReferenceSchema = z.object({
  refundId: z.number().int(),
  claimId: z.number().int().nullable(),
  fileId: z.uuid(),
  /** 'image': near-identical perceptual hash; 'figures': same tax id, date and total. */
  match: z.enum(['image', 'figures']),
});
export type ReuseReference = z.infer<typeof reuseReferenceSchema>;

export const readingFlagSchema = z.object({
  kind: z.enum(READING_FLAG_KINDS),
  claimId: z.number().int().nullable(),
  fileId: z.uuid().nullable(),
  reference: reuseReferenceSchema.nullable(),
});
export type ReadingFlag = z.infer<typeof readingFlagSchema>;

/** Staff: per claim, the claimed amount beside what its receipts say, and the flags. */
export const claimReadingSchema = z.object({
  claimId: z.number().int(),
  claimedAmount: z.string(),
  claimedCurrency: z.string(),
  /**
   * Issue 40: the read totals of its receipts, one per currency (never added across currencies),
   * the claim's currency first; `currency` null for pages whose currency was not read. Empty
   * when no total was read.
   */
  readTotals: z.array(z.object({ currency: z.string().nullable(), amount: z.string() })),
  files: z.array(fileReadingSchema),
});

export const refundReadingsResponseSchema = z.object({
  claims: z.array(claimReadingSchema),
  flags: z.array(readingFlagSchema),
});
export type RefundReadingsResponse = z.infer<typeof refundReadingsResponseSchema>;
