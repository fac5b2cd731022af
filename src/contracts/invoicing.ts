/**
 * Facturación (issue 16; SPEC §2 'Facturación' columns status check, reservation_id, office,
 * status, date_created, date_in, date_fact, final_price, commission, net_price; §3 'Invoicing row'
 * and the static lists invoicing status, billed or not, document types; §7 POST /facturacion/,
 * GET /payment_detail/). Read by the server (validation) and the client.
 *
 * One row per reservation. Amounts are the sums of the reservation's vouchers, in the currency of
 * the reservation's office (its country's currency). The transitions between invoicing statuses
 * are not in the spec: INVOICING_TRANSITIONS below is this project's table, enforced by the server.
 */
import { z } from 'zod';
import { allowedActionsSchema } from './engine';
import { paginatedSchema } from './http';
import { messages } from './messages';
import { defineContract, EXACT, MAX_DB_INTEGER, optionalText, requiredDate } from './resources/fields';
import { documentTypes, type InvoicingStatusId, invoicingStatusName } from './static/statuses';

const text = messages.invoicing;

/** Who acts on Facturación (SPEC §6 roles; issue 16): Administracion, Administracion Central, Super Administrador. */
export const INVOICING_ACTOR_GROUPS = [17, 18, 21] as const;

export const INVOICING_PATH = '/facturacion/';

export const invoicingRowSchema = z.object({
  id: z.number().int(),
  reservation_id: z.number().int(),
  office: z.number().int().nullable(),
  office_name: z.string(),
  status: z.number().int(),
  invoicing_status: z.number().int(),
  billed: z.number().int(),
  document_type: z.string().nullable(),
  document_number: z.string(),
  date_created: z.string(),
  date_in: z.string(),
  date_fact: z.string().nullable(),
  final_price: z.string().nullable(),
  commission: z.string().nullable(),
  net_price: z.string().nullable(),
  currency: z.string(),
  allowed_actions: allowedActionsSchema.optional(),
});
export type InvoicingRow = z.infer<typeof invoicingRowSchema>;

/** The date-range filters (DD/MM/AAAA or YYYY-MM-DD), inclusive. */
export const INVOICING_DATE_FILTERS = [
  'date_created_from',
  'date_created_to',
  'date_in_from',
  'date_in_to',
  'date_fact_from',
  'date_fact_to',
] as const;

export const invoicingContract = defineContract({
  path: INVOICING_PATH,
  resource: 'reservation',
  entity: invoicingRowSchema,
  // Facturación has no create or edit form: its writes are the actions below.
  write: z.object({}),
  filters: {
    reservation_id: EXACT,
    office: EXACT,
    invoicing_status: EXACT,
    billed: EXACT,
    date_created_from: EXACT,
    date_created_to: EXACT,
    date_in_from: EXACT,
    date_in_to: EXACT,
    date_fact_from: EXACT,
    date_fact_to: EXACT,
  },
  // Issue 40: every column sorts (the office by its name, the amounts by the vouchers' sums).
  ordering: [
    'reservation_id',
    'date_created',
    'date_in',
    'date_fact',
    'status',
    'office',
    'invoicing_status',
    'final_price',
    'commission',
    'net_price',
  ],
  defaultOrdering: '-reservation_id',
});

// ---------------------------------------------------------------------------------------------
// Transitions

export const INVOICING_ACTIONS = ['invoice', 'review', 'cancel', 'reopen'] as const;
export type InvoicingAction = (typeof INVOICING_ACTIONS)[number];

/** Where each action leads. */
export const INVOICING_TARGET: Record<InvoicingAction, InvoicingStatusId> = {
  invoice: 2,
  review: 3,
  cancel: 4,
  reopen: 1,
};

/**
 * The transition table: from each invoicing status, the actions allowed. NO FACTURADO may be
 * invoiced, reviewed or cancelled; EN REVISION may be invoiced, cancelled or reopened; FACTURADO
 * may go back to review (a wrong invoice) or be cancelled; CANCELADO may only be reopened.
 */
export const INVOICING_TRANSITIONS: Record<InvoicingStatusId, readonly InvoicingAction[]> = {
  1: ['invoice', 'review', 'cancel'],
  2: ['review', 'cancel'],
  3: ['invoice', 'cancel', 'reopen'],
  4: ['reopen'],
};

/** Why `action` cannot leave `status`, or null when the table allows it. */
export function invoicingRefusal(status: number, action: InvoicingAction): string | null {
  const allowed = INVOICING_TRANSITIONS[status as InvoicingStatusId] ?? [];
  if (allowed.includes(action)) return null;
  return text.refusals.transition(
    invoicingStatusName(status) ?? String(status),
    invoicingStatusName(INVOICING_TARGET[action]) ?? '',
  );
}

const DOCUMENT_CODES = documentTypes.map((type) => type.name) as ['PED', 'FCC', 'FCO'];

/** Marking FACTURADO: the invoice's document type, number and date. */
export const invoiceInputSchema = z.object({
  document_type: z.enum(DOCUMENT_CODES, { error: text.errors.documentTypeRequired }),
  document_number: optionalText(30).refine((value) => value !== '', text.errors.documentNumberRequired),
  date_fact: requiredDate(text.errors.dateFactRequired),
});
export type InvoiceInput = z.output<typeof invoiceInputSchema>;
export const emptyActionInputSchema = z.object({});

// ---------------------------------------------------------------------------------------------
// Totals

export const invoicingTotalsSchema = z.object({
  count: z.number().int(),
  totals: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      final_price: z.string(),
      commission: z.string().nullable(),
      net_price: z.string().nullable(),
    }),
  ),
});
export type InvoicingTotals = z.infer<typeof invoicingTotalsSchema>;

// ---------------------------------------------------------------------------------------------
// Payment detail (GET /payment_detail/?reservation_id=)

export const PAYMENT_METHODS = ['card', 'transfer', 'credit', 'gds', 'wallet', 'web_payment'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const paymentSchema = z.object({
  id: z.number().int(),
  reservation_id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.string(),
  currency: z.string(),
  instalments: z.number().int(),
  paid_at: z.string(),
  reference: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentDetailSchema = paginatedSchema(paymentSchema);

export const paymentDetailQuerySchema = z.object({
  reservation_id: z.coerce
    .number({ error: text.errors.reservationRequired })
    .int(text.errors.reservationRequired)
    .min(1, text.errors.reservationRequired)
    .max(MAX_DB_INTEGER, text.errors.reservationRequired),
});
