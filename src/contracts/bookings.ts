/**
 * Reservas y Vouchers (issue 15; SPEC §2 'Reservas' and 'Vouchers' columns and filters, §3
 * 'Reservation', 'Voucher' and the static statuses, §4 'Vouchers', §6, §7 'Reservations,
 * vouchers, passengers'). Read by the server (validation, transitions) and the client (lists,
 * forms, which targets to offer).
 */
import { z } from 'zod';
import { amountField } from './amountInput';
import { messages } from './messages';
import { CONTAINS, defineContract, EXACT, optionalText } from './resources/fields';
import { paxSchema } from './resources/passengers';
import { type ReservationStatusId, reservationStatuses, reservationStatusName } from './static/statuses';

const text = messages.bookings;

// ---------------------------------------------------------------------------------------------
// Status transitions (SPEC §4: 'allowed values not shown'; §3 static statuses). One table for
// vouchers and reservations: CANCELADO is final; PEDIDO DE CANCELACION leads to CANCELADO or back
// to EMITIDO; an EMITIDO voucher may be asked to be cancelled or cancelled; the pending states
// move forward to EMITIDO (or are cancelled).

export const STATUS = {
  PEDIDO_DE_CANCELACION: 1,
  CANCELADO: 2,
  EMITIDO: 3,
  PENDIENTE: 4,
  PENDIENTE_DE_EMISION: 5,
  PENDIENTE_DE_PAGO: 6,
} as const satisfies Record<string, ReservationStatusId>;

export const STATUS_TRANSITIONS: Readonly<Record<ReservationStatusId, readonly ReservationStatusId[]>> = {
  1: [2, 3],
  2: [],
  3: [1, 2],
  4: [5, 6, 3, 2],
  5: [6, 3, 2],
  6: [5, 3, 2],
};

export const STATUS_IDS = reservationStatuses.map((status) => status.id) as ReservationStatusId[];

export function isStatusId(value: unknown): value is ReservationStatusId {
  return typeof value === 'number' && (STATUS_IDS as number[]).includes(value);
}

/** May a voucher (or reservation) in status `from` move to `to`? Staying put is not a move. */
export function canTransition(from: number, to: number): boolean {
  return isStatusId(from) && isStatusId(to) && STATUS_TRANSITIONS[from].includes(to);
}

/** The statuses a record in `from` may move to, in the table's order. */
export function allowedTargets(from: number): readonly ReservationStatusId[] {
  return isStatusId(from) ? STATUS_TRANSITIONS[from] : [];
}

export const statusName = (id: number): string => reservationStatusName(id) ?? String(id);

const refusals = new Map<number, string>();
/**
 * Why a record in `from` may not move to `to`, or null when it may. The message is kept per pair of
 * statuses: a voucher list asks for every row and status (its allowed actions).
 */
export function transitionRefusal(from: number, to: number): string | null {
  if (canTransition(from, to)) return null;
  if (!isStatusId(from) || !isStatusId(to)) return text.transitionRefused(statusName(from), statusName(to));
  const pair = from * 100 + to;
  let refusal = refusals.get(pair);
  if (refusal === undefined) {
    refusal = text.transitionRefused(statusName(from), statusName(to));
    refusals.set(pair, refusal);
  }
  return refusal;
}

/** The engine action that moves a voucher to a status: `status_3` (Emitir) ... */
export const statusActionName = (to: ReservationStatusId) => `status_${to}` as const;
export type StatusActionName = ReturnType<typeof statusActionName>;
export const STATUS_ACTIONS = STATUS_IDS.map((id) => ({ to: id, action: statusActionName(id) }));

// ---------------------------------------------------------------------------------------------
// Shared field builders

const statusField = z
  .number({ error: text.statusInvalid })
  .int(text.statusInvalid)
  .refine(isStatusId, text.statusInvalid);

/** An optional amount typed either way ('1.234,56', '1,234.56') or a number; answered as '1234.56' (issue 40). */
function optionalAmount() {
  return amountField({ maxIntegerDigits: 9 }).optional();
}

const isoDate = z
  .string({ error: messages.common.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$|^\d{2}\/\d{2}\/\d{4}$/, messages.common.dateInvalid)
  .transform((value, context) => {
    const local = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    const iso = local ? `${local[3]}-${local[2]}-${local[1]}` : value;
    const date = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
      context.issues.push({ code: 'custom', message: messages.common.dateInvalid, input: value });
      return z.NEVER;
    }
    return iso;
  });

const reference = z
  .number({ error: messages.resources.invalidChoice })
  .int(messages.resources.invalidChoice)
  .positive(messages.resources.invalidChoice)
  .max(2_147_483_647, messages.resources.invalidChoice);

// ---------------------------------------------------------------------------------------------
// Passengers of a voucher

/** A passenger edited inside a voucher: its id and the fields that change (SPEC §6 'passenger fields'). */
export const voucherPaxWriteSchema = z.strictObject({
  id: reference,
  name: z.string().trim().min(1, messages.resources.nameRequired).max(150).optional(),
  surname: z.string().trim().min(1, messages.resources.paxSurnameRequired).max(150).optional(),
  phone: z.string().trim().max(30).regex(/^\d*$/, messages.common.mustBeNumeric).optional(),
  doc_type: z.string().trim().min(1, messages.resources.docTypeRequired).max(20).optional(),
  doc_number: z
    .string()
    .trim()
    .min(1, messages.resources.documentRequired)
    .max(30)
    .regex(/^\d+$/, messages.common.mustBeNumeric)
    .optional(),
  birth_date: isoDate.nullable().optional(),
  country: reference.nullable().optional(),
  email: z.string().trim().max(254).email(messages.common.emailInvalid).optional(),
  nationality: reference.nullable().optional(),
});

// ---------------------------------------------------------------------------------------------
// Reservation

export const reservationVoucherSummarySchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  status_name: z.string(),
  product_long_name: z.string().nullable(),
  final_price: z.string(),
  pax: z.array(z.string()),
});

export const reservationSchema = z.object({
  id: z.number().int(),
  user: z.number().int().nullable(),
  user_detail: z.string().nullable(),
  user_reservation: z.number().int().nullable(),
  user_reservation_detail: z.string().nullable(),
  office: z.number().int().nullable(),
  office_name: z.string().nullable(),
  payment_method: z.string(),
  date_emision: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  total_price: z.string(),
  auto_cancel: z.boolean(),
  contact_emergency_name: z.string(),
  contact_emergency_surname: z.string(),
  contact_emergency_phone: z.string(),
  date_in: z.string(),
  date_out: z.string(),
  /** Detail only: its vouchers and passengers (SPEC issue 15 'A reservation shows its vouchers and passengers'). */
  vouchers: z.array(reservationVoucherSummarySchema).optional(),
  passengers: z.array(paxSchema).optional(),
  allowed_actions: z.array(z.string()).optional(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** PUT /reservation/{id}/: only the fields §6 lets some role edit; each one optional. */
export const reservationWriteSchema = z.strictObject({
  office: reference.nullable().optional(),
  status: statusField.optional(),
  auto_cancel: z.boolean({ error: messages.resources.mustBeBoolean }).optional(),
  contact_emergency_name: optionalText(150).optional(),
  contact_emergency_surname: optionalText(150).optional(),
  contact_emergency_phone: z
    .string({ error: messages.resources.mustBeText })
    .trim()
    .max(30)
    .regex(/^[\d +()-]*$/, messages.common.mustBeNumeric)
    .optional(),
  date_in: isoDate.optional(),
  date_out: isoDate.optional(),
});
export type ReservationWrite = z.output<typeof reservationWriteSchema>;
/** The fields a reservation update may carry: the edit form sends only these. */
export const RESERVATION_WRITE_FIELDS = Object.keys(
  reservationWriteSchema.shape,
) as (keyof ReservationWrite)[];

/** SPEC §2: exact filters, each with minimum length 1. */
const minOne = z.string().trim().min(1, text.minLength).max(150);

export const reservationFilterSchema = z.strictObject({
  user__username: minOne.optional(),
  user_reservation__username: minOne.optional(),
  office__long_name: minOne.optional(),
  date_emision: isoDate.optional(),
  status: z.union([statusField, z.string().regex(/^\d$/).transform(Number).pipe(statusField)]).optional(),
  id: z
    .union([
      reference,
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .pipe(reference),
    ])
    .optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(10000).optional(),
});
export type ReservationFilter = z.output<typeof reservationFilterSchema>;

export const reservationContract = defineContract({
  path: '/reservation/',
  resource: 'reservation',
  entity: reservationSchema,
  write: reservationWriteSchema,
  filters: {
    id: EXACT,
    user__username: EXACT,
    user_reservation__username: EXACT,
    office__long_name: EXACT,
    date_emision: EXACT,
    status: EXACT,
  },
  // Issue 40: every column of the list sorts (user and office by their names).
  ordering: [
    'id',
    'date_emision',
    'status',
    'total_price',
    'date_in',
    'user_detail',
    'user_reservation_detail',
    'office',
    'payment_method',
  ],
  defaultOrdering: '-id',
});

// ---------------------------------------------------------------------------------------------
// Voucher

export const voucherSchema = z.object({
  id: z.number().int(),
  reservation: z.number().int(),
  /** Drawn from the reservation (SPEC §2 'vouchers': departure, return, duration, office, payment method). */
  reservation_date_in: z.string(),
  reservation_date_out: z.string(),
  duration: z.number().int(),
  office: z.number().int().nullable(),
  office_name: z.string().nullable(),
  payment_method: z.string(),
  product: z.number().int().nullable(),
  product_long_name: z.string().nullable(),
  supplier_name: z.string().nullable(),
  status: z.number().int(),
  status_name: z.string(),
  status_administracion: z.number().int().nullable(),
  observations: z.string(),
  pvp: z.string(),
  final_price: z.string(),
  commission: z.string(),
  net_price: z.string(),
  rate_long_name: z.string(),
  promotion_long_name: z.string(),
  voucher_filter_proveedor: z.string(),
  /** The voucher's passengers (the list shows how many and their names). */
  pax: z.array(paxSchema),
  allowed_actions: z.array(z.string()).optional(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** PUT /voucher/{id}/: every field optional; the server refuses what the role may not edit (§6). */
export const voucherWriteSchema = z.strictObject({
  status: statusField.optional(),
  status_administracion: statusField.nullable().optional(),
  observations: optionalText(2000).optional(),
  pvp: optionalAmount(),
  final_price: optionalAmount(),
  commission: optionalAmount(),
  net_price: optionalAmount(),
  voucher_filter_proveedor: optionalText(150).optional(),
  pax: z.array(voucherPaxWriteSchema).max(50).optional(),
});
export type VoucherWrite = z.output<typeof voucherWriteSchema>;
/** The fields a voucher update may carry: the edit form sends only these (src/client/resources/descriptors/vouchers.ts). */
export const VOUCHER_WRITE_FIELDS = Object.keys(voucherWriteSchema.shape) as (keyof VoucherWrite)[];

export const voucherContract = defineContract({
  path: '/voucher/',
  resource: 'voucher',
  entity: voucherSchema,
  write: voucherWriteSchema,
  filters: {
    id: EXACT,
    product_long_name: CONTAINS,
    status: EXACT,
    reservation: EXACT,
    /** SPEC §6: Agencia's provider filter (the supplier's name, contains). */
    voucher_filter_proveedor: CONTAINS,
    /** Issue 14: the vouchers sold under this promotion (its id; the promotion's voucher export). */
    promotion: EXACT,
  },
  // Issue 40: every column showing one value sorts (the travellers are several: not sorted).
  ordering: [
    'id',
    'status',
    'final_price',
    'reservation',
    'reservation_date_in',
    'reservation_date_out',
    'duration',
    'office_name',
    'payment_method',
    'supplier_name',
    'product_long_name',
  ],
  defaultOrdering: '-id',
});

// ---------------------------------------------------------------------------------------------
// The RPC-style calls of §7

/** POST /status_reservation: reservation_id (null) and voucher_id (one id or the selected ids). */
export const statusReservationSchema = z.strictObject({
  reservation_id: reference.nullable().optional(),
  voucher_id: z
    .union([reference, z.array(reference).min(1).max(500)])
    .nullable()
    .optional(),
  status: statusField,
});

/** §4: voucher, print, send and multivoucher responses are OK or Error; status changes carry a message. */
export const okOrErrorSchema = z.object({
  status: z.enum(['OK', 'Error']),
  message: z.string().optional(),
  detail: z.string().optional(),
});
export type OkOrError = z.infer<typeof okOrErrorSchema>;

export const cancelAllSchema = z.strictObject({ id_reservation: reference });
export const pdfVoucherSchema = z.strictObject({ voucher_id: reference });
export const pdfMultiVoucherSchema = z.strictObject({ id_reservation: reference });
export const sendEmailSchema = z.strictObject({
  voucher_id: reference.optional(),
  id_reservation: reference.optional(),
  email: z.string().trim().max(254).email(text.emailInvalid).optional(),
});

export const bookingPaths = {
  getReservation: '/get_reservation/',
  statusReservation: '/status_reservation',
  cancelAll: '/cancelAllVouchers/',
  pdfVoucher: '/pdfVoucher/',
  pdfMultiVoucher: '/pdfMultiVoucher/',
  sendTerms: '/sendEmailCCGG/',
  sendMulti: '/sendMultiVoucher/',
  acceptConditions: (data: string) => `/sendAcceptConditions/${encodeURIComponent(data)}`,
  reservationCsv: '/csv_reservation_filter/',
} as const;
