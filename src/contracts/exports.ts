/**
 * Export jobs as the API answers them (issue 12; SPEC §3 'Export job: hash, status (Pending, OK or
 * error), url', §4 'Export notifications', §7 /office_report/ and GET/PUT /report/{hash}/).
 */
import { z } from 'zod';

/** The kinds of export the server offers, each with its start path and file name. */
export const EXPORT_KINDS = {
  offices: { path: '/office_report/', fileName: 'filter_offices.xlsx' },
  vouchers: { path: '/csv_voucher_filter/', fileName: 'filter_voucher.xlsx' },
  invoicing: { path: '/invoicing_report/', fileName: 'filter_invoicing.xlsx' },
  /**
   * Issue 14, SPEC §7 'Promotions' CHECK_EXPORT_VOUCHERS / CHECK_EXPORT_OFFICES (paths not shown):
   * a promotion's vouchers and offices, `?promotion={id}`; the files are §4's two names.
   */
  promotion_vouchers: { path: '/promotion_voucher_report/', fileName: 'filter_voucher.xlsx' },
  promotion_offices: { path: '/promotion_office_report/', fileName: 'filter_offices.xlsx' },
} as const;
export type ExportKind = keyof typeof EXPORT_KINDS;
export const exportKindSchema = z.enum(Object.keys(EXPORT_KINDS) as [ExportKind, ...ExportKind[]]);

/** SPEC §9: export limit 1000000 without a query, 100000 with one. */
export const EXPORT_LIMITS = { unfiltered: 1_000_000, filtered: 100_000 } as const;

/** GET /office_report/ answers the job's hash. */
export const exportStartedSchema = z.object({ hash: z.string() });
export type ExportStarted = z.infer<typeof exportStartedSchema>;

export const exportStatusSchema = z.enum(['Pending', 'OK', 'error']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** GET /report/{hash}/ (and each entry of GET /report/, the user's unconsumed exports). */
export const exportReportSchema = z.object({
  hash: z.string(),
  kind: exportKindSchema,
  status: exportStatusSchema,
  /** The download address when OK (under the API base), else null. */
  url: z.string().nullable(),
  file_name: z.string(),
  /** Progress: rows written of rows to write (null until counted). */
  rows_written: z.number().int(),
  rows_total: z.number().int().nullable(),
  consumed: z.boolean(),
  /** The SPEC §8 message when status is error. */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type ExportReport = z.infer<typeof exportReportSchema>;

export const exportReportListSchema = z.object({ results: z.array(exportReportSchema) });

/** The API paths (under the API base). */
export const exportPaths = {
  report: (hash: string) => `/report/${encodeURIComponent(hash)}/`,
  reports: '/report/',
  file: (hash: string) => `/report/${encodeURIComponent(hash)}/file/`,
} as const;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
