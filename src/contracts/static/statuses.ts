/**
 * Fixed status and document-type lists (SPEC §3 "Static lists"). Ids and names are exactly the
 * spec's; the names are the labels shown to staff.
 */
export interface StaticOption {
  readonly id: number;
  readonly name: string;
}

/** Invoicing status of a reservation row. */
export const invoicingStatuses = [
  { id: 1, name: 'NO FACTURADO' },
  { id: 2, name: 'FACTURADO' },
  { id: 3, name: 'EN REVISION' },
  { id: 4, name: 'CANCELADO' },
] as const satisfies readonly StaticOption[];

/** Billed-or-not filter. */
export const billedStatuses = [
  { id: 1, name: 'FACTURADO' },
  { id: 2, name: 'NO FACTURADO' },
] as const satisfies readonly StaticOption[];

/** Status shared by reservations and vouchers. */
export const reservationStatuses = [
  { id: 1, name: 'PEDIDO DE CANCELACION' },
  { id: 2, name: 'CANCELADO' },
  { id: 3, name: 'EMITIDO' },
  { id: 4, name: 'PENDIENTE' },
  { id: 5, name: 'PENDIENTE DE EMISION' },
  { id: 6, name: 'PENDIENTE DE PAGO' },
] as const satisfies readonly StaticOption[];

/** Vouchers use the reservation status list. */
export const voucherStatuses = reservationStatuses;

/**
 * Document types. The spec names only the codes; the ids 1..3 follow the spec's order and are
 * this project's choice.
 */
export const documentTypes = [
  { id: 1, name: 'PED' },
  { id: 2, name: 'FCC' },
  { id: 3, name: 'FCO' },
] as const satisfies readonly StaticOption[];

export type InvoicingStatusId = (typeof invoicingStatuses)[number]['id'];
export type InvoicingStatusName = (typeof invoicingStatuses)[number]['name'];
export type BilledStatusId = (typeof billedStatuses)[number]['id'];
export type BilledStatusName = (typeof billedStatuses)[number]['name'];
export type ReservationStatusId = (typeof reservationStatuses)[number]['id'];
export type ReservationStatusName = (typeof reservationStatuses)[number]['name'];
export type VoucherStatusId = ReservationStatusId;
export type VoucherStatusName = ReservationStatusName;
export type DocumentTypeId = (typeof documentTypes)[number]['id'];
export type DocumentTypeCode = (typeof documentTypes)[number]['name'];

/** The option with this id, or undefined. */
export function findById<T extends StaticOption>(list: readonly T[], id: number): T | undefined {
  return list.find((option) => option.id === id);
}

/** The option with this name (exact match), or undefined. */
export function findByName<T extends StaticOption>(list: readonly T[], name: string): T | undefined {
  return list.find((option) => option.name === name);
}

/** Whether `id` belongs to `list`, narrowing it to the list's id union. */
export function isIdOf<T extends StaticOption>(list: readonly T[], id: number): id is T['id'] {
  return list.some((option) => option.id === id);
}

export function invoicingStatusName(id: number): InvoicingStatusName | undefined {
  return findById(invoicingStatuses, id)?.name;
}

export function billedStatusName(id: number): BilledStatusName | undefined {
  return findById(billedStatuses, id)?.name;
}

export function reservationStatusName(id: number): ReservationStatusName | undefined {
  return findById(reservationStatuses, id)?.name;
}

export function voucherStatusName(id: number): VoucherStatusName | undefined {
  return reservationStatusName(id);
}

export function isDocumentTypeCode(value: string): value is DocumentTypeCode {
  return documentTypes.some((type) => type.name === value);
}
