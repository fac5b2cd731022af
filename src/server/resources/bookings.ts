/**
 * Reservas y Vouchers on the resource engine (issue 15; SPEC §2 'Reservas' and 'Vouchers', §3,
 * §6, §7 'Reservations, vouchers, passengers').
 *
 * GET /reservation/ and /voucher/ (lists with names, not ids), GET {id}/ (a reservation with its
 * vouchers and passengers), PUT {id}/ (each field only for the roles §6 names: authorizeWrite ->
 * assertEditableFields answers 403 naming the field). Scope: a user of an agency or provider role
 * sees only its office's records and those of the offices below it (outside: 404). Vouchers move
 * between statuses only as src/contracts/bookings.ts STATUS_TRANSITIONS says: one engine action per
 * target (`status_3` ...), refused with 409 otherwise, per row and in bulk; a reservation's
 * `cancel_all` cancels every voucher and the reservation in one transaction.
 */
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { mayEditField } from '../../contracts/access';
import {
  canTransition,
  type Reservation,
  reservationContract,
  STATUS,
  statusName,
  transitionRefusal,
  type Voucher,
  voucherContract,
} from '../../contracts/bookings';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import type { Pax } from '../../contracts/resources/passengers';
import type { ReservationStatusId } from '../../contracts/static/statuses';
import { PRICE_FIELDS, type PriceField, reconcilePrices } from '../../contracts/voucherPrices';
import { assertEditableFields, subjectOf } from '../auth/fieldRules';
import { officeInScope, ownedByOffice, rowScopeOf } from '../auth/officeScope';
import type { Principal } from '../auth/principal';
import type { Transaction } from '../db/client';
import {
  offices,
  passengers,
  products,
  reservations,
  suppliers,
  voucherPassengers,
  vouchers,
} from '../db/schema';
import { reservationDuration, sortKeyOrder } from '../db/schema/reference';
import { FieldValidationError, forbidden, HttpError } from '../http/errors';
import { contains } from '../http/filters';
import { writeAudit } from './audit';
import { containsVia, defineResource, groupRows, type Reader, type ResourceRow } from './engine';
import { paxColumns, serializePax } from './passengers';

const text = messages.bookings;

// ---------------------------------------------------------------------------------------------
// Scope: reservations and vouchers belong to their office (src/server/auth/officeScope.ts): an
// agency or provider user reads its office's records and those of the offices below it. The
// vouchers' office is the reservation's (migration 0021's triggers keep vouchers.office_id in
// step), so the scope filters and counts vouchers by one index. A list names the tree's ids as
// values; one record's read names the tree as one array value (`= any(array(...))`, the office
// index, never a guess of half the table).

const reservationOwnership = ownedByOffice(reservations.officeId);
const voucherOwnership = ownedByOffice(vouchers.officeId);

/** The reservations this principal reads, one record at a time (undefined: every one). */
export const reservationScope = (principal: Principal): SQL | undefined =>
  rowScopeOf(reservationOwnership, principal);

/** The vouchers this principal reads, one record at a time (undefined: every one). */
export const voucherScope = (principal: Principal): SQL | undefined =>
  rowScopeOf(voucherOwnership, principal);

// ---------------------------------------------------------------------------------------------
// Shared

/** Correlated subqueries name the outer column in full (drizzle renders a bare column unqualified). */
const usernameOf = (column: 'user_id' | 'user_reservation_id') =>
  sql<string | null>`(select u.username from users u where u.id = ${sql.raw(`"reservations"."${column}"`)})`;

const dayDiff = (from: string, to: string) =>
  Math.max(1, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);

/** A voucher's duration in days from its reservation's dates ('YYYY-MM-DD'; 0 without them). */
export const voucherDuration = (dateIn: string, dateOut: string) =>
  dateIn && dateOut ? dayDiff(dateIn, dateOut) : 0;

/** The passengers of some vouchers, by voucher id. */
export async function paxOfVouchers(reader: Reader, ids: readonly number[]) {
  if (!ids.length) return new Map<number, Pax[]>();
  const rows = await reader
    .select({ key: voucherPassengers.voucherId, value: passengers })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(inArray(voucherPassengers.voucherId, [...ids]))
    .orderBy(asc(passengers.id));
  return groupRows(rows.map((row) => ({ key: row.key, value: serializePax(row.value) })));
}

const exactInteger = (column: PgColumn) => (value: string) =>
  /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? eq(column, Number(value)) : sql`false`;

/** May this principal change voucher statuses (voucher/add and §6 'voucher status')? */
export function mayChangeVoucherStatus(principal: Principal): boolean {
  return can(principal, 'voucher', 'add') && mayEditField(subjectOf(principal), 'voucher', 'edit', 'status');
}

// ---------------------------------------------------------------------------------------------
// Reservations

const reservationExtra = {
  userDetail: usernameOf('user_id'),
  userReservationDetail: usernameOf('user_reservation_id'),
  officeName: sql<string | null>`(select o.long_name from offices o where o.id = "reservations"."office_id")`,
  openVouchers: sql<number>`(select count(*)::int from vouchers v where v.reservation_id = "reservations"."id" and v.status <> ${STATUS.CANCELADO})`,
};
type ReservationRow = ResourceRow<typeof reservations, typeof reservationExtra>;

function serializeReservation(row: ReservationRow): Reservation {
  return {
    id: row.id,
    user: row.userId,
    user_detail: row.userDetail,
    user_reservation: row.userReservationId,
    user_reservation_detail: row.userReservationDetail,
    office: row.officeId,
    office_name: row.officeName,
    payment_method: row.paymentMethod,
    date_emision: row.dateEmision.toISOString(),
    status: row.status,
    status_name: statusName(row.status),
    total_price: row.totalPrice,
    auto_cancel: row.autoCancel,
    contact_emergency_name: row.contactEmergencyName,
    contact_emergency_surname: row.contactEmergencySurname,
    contact_emergency_phone: row.contactEmergencyPhone,
    date_in: row.dateIn,
    date_out: row.dateOut,
  };
}

/** A reservation's vouchers (with product and passenger names) and its passengers. */
export async function reservationChildren(reader: Reader, reservationId: number) {
  const rows = await reader
    .select({ voucher: vouchers, productName: products.longName })
    .from(vouchers)
    .leftJoin(products, eq(products.id, vouchers.productId))
    .where(eq(vouchers.reservationId, reservationId))
    .orderBy(asc(vouchers.id));
  const pax = await paxOfVouchers(
    reader,
    rows.map((row) => row.voucher.id),
  );
  const passengersById = new Map<number, Pax>();
  for (const list of pax.values()) for (const passenger of list) passengersById.set(passenger.id, passenger);
  return {
    vouchers: rows.map((row) => ({
      id: row.voucher.id,
      status: row.voucher.status,
      status_name: statusName(row.voucher.status),
      product_long_name: row.productName,
      final_price: row.voucher.finalPrice,
      pax: (pax.get(row.voucher.id) ?? []).map((passenger) => `${passenger.name} ${passenger.surname}`),
    })),
    passengers: [...passengersById.values()],
  };
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Cancels every voucher of a reservation that is not cancelled, and the reservation; audited. */
export async function cancelReservationVouchers(
  tx: Transaction,
  principal: Principal,
  reservationId: number,
): Promise<number[]> {
  const open = await tx
    .select({ id: vouchers.id, status: vouchers.status })
    .from(vouchers)
    .where(and(eq(vouchers.reservationId, reservationId), ne(vouchers.status, STATUS.CANCELADO)))
    .orderBy(asc(vouchers.id))
    .for('update');
  for (const voucher of open) {
    const refusal = transitionRefusal(voucher.status, STATUS.CANCELADO);
    if (refusal) throw new HttpError(409, refusal);
    await tx
      .update(vouchers)
      .set({ status: STATUS.CANCELADO, updatedAt: new Date() })
      .where(eq(vouchers.id, voucher.id));
    await writeAudit(tx, principal, {
      entity: 'voucher',
      recordId: voucher.id,
      action: 'cancel_all',
      before: { status: voucher.status },
      after: { status: STATUS.CANCELADO },
    });
  }
  await tx
    .update(reservations)
    .set({ status: STATUS.CANCELADO, updatedAt: new Date() })
    .where(eq(reservations.id, reservationId));
  return open.map((voucher) => voucher.id);
}

export const reservationResource = defineResource({
  contract: reservationContract,
  table: reservations,
  operations: ['list', 'detail', 'update'],
  extra: reservationExtra,
  ownership: reservationOwnership,
  serialize: serializeReservation,
  async detail(reader, row) {
    return { ...serializeReservation(row), ...(await reservationChildren(reader, row.id)) };
  },
  values: (input) =>
    definedOnly({
      officeId: input.office,
      status: input.status,
      autoCancel: input.auto_cancel,
      contactEmergencyName: input.contact_emergency_name,
      contactEmergencySurname: input.contact_emergency_surname,
      contactEmergencyPhone: input.contact_emergency_phone,
      dateIn: input.date_in,
      dateOut: input.date_out,
    }),
  filters: {
    id: { kind: 'custom', build: exactInteger(reservations.id) },
    user__username: {
      kind: 'custom',
      build: (value) => sql`${reservations.userId} in (select u.id from users u where u.username = ${value})`,
    },
    user_reservation__username: {
      kind: 'custom',
      build: (value) =>
        sql`${reservations.userReservationId} in (select u.id from users u where u.username = ${value})`,
    },
    office__long_name: {
      kind: 'custom',
      build: (value) =>
        sql`${reservations.officeId} in (select o.id from offices o where o.long_name = ${value})`,
    },
    date_emision: {
      kind: 'custom',
      build: (value) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
          ? sql`${reservations.dateEmision} >= ${value}::date and ${reservations.dateEmision} < ${value}::date + 1`
          : sql`false`,
    },
    status: { kind: 'custom', build: exactInteger(reservations.status) },
  },
  ordering: {
    id: reservations.id,
    date_emision: reservations.dateEmision,
    status: reservations.status,
    total_price: reservations.totalPrice,
    date_in: reservations.dateIn,
    // Issue 40: (es_sort_key(payment_method), id) by migration 0037; the names by their sort key.
    payment_method: reservations.paymentMethod,
    // Issue 40: the names by their copied sort keys, each with a (key, id) index (migration 0038).
    user_detail: sortKeyOrder(reservations.userSortKey),
    user_reservation_detail: sortKeyOrder(reservations.userReservationSortKey),
    office: sortKeyOrder(reservations.officeSortKey),
  },
  async authorizeWrite({ principal, operation, input, current }) {
    if (operation === 'update' && input && current) {
      assertEditableFields(principal, 'reservation', 'edit', input, current as Record<string, unknown>);
      if (
        input.status !== undefined &&
        input.status !== current.status &&
        !canTransition(current.status, input.status)
      )
        throw new HttpError(
          409,
          text.reservationTransitionRefused(statusName(current.status), statusName(input.status)),
        );
      const dateIn = input.date_in ?? current.date_in;
      const dateOut = input.date_out ?? current.date_out;
      if (dateOut < dateIn) throw new FieldValidationError({ date_out: [messages.common.dateOutOfRange] });
    }
  },
  async beforeWrite(tx, input, _id, principal) {
    if (input.office !== undefined && input.office !== null) {
      // A user of an office (Proveedor, Administracion Proveedor) moves a reservation only within
      // its own office tree: the scope it may see (never into another office's records).
      const [office] = await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, input.office));
      if (!office || !(await officeInScope(tx, principal, office.id)))
        throw new FieldValidationError({ office: [messages.resources.invalidChoice] });
    }
    return undefined;
  },
  actions: {
    cancel_all: {
      input: z.strictObject({}),
      permission: (principal) => mayChangeVoucherStatus(principal),
      refuse: (row) =>
        row.openVouchers === 0 && row.status === STATUS.CANCELADO ? text.nothingToCancel : null,
      async run(tx, { id, principal }) {
        const cancelled = await cancelReservationVouchers(tx, principal, id);
        return { cancelled };
      },
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Vouchers

// The tables a voucher row names, as aliases joined to the page's rows (issue 15: one prepared
// statement for the page's 25 rows; joins cost a fraction of a correlated subquery per name).
const voucherReservation = alias(reservations, 'voucher_reservation');
const voucherOffice = alias(offices, 'voucher_office');
const voucherProduct = alias(products, 'voucher_product');
const voucherSupplier = alias(suppliers, 'voucher_supplier');
const voucherJoins = [
  { table: voucherReservation, on: eq(voucherReservation.id, vouchers.reservationId) },
  // vouchers.office_id is the reservation's office (migration 0021's triggers keep it in step).
  { table: voucherOffice, on: eq(voucherOffice.id, vouchers.officeId) },
  { table: voucherProduct, on: eq(voucherProduct.id, vouchers.productId) },
  { table: voucherSupplier, on: eq(voucherSupplier.id, voucherProduct.supplierId) },
];

/** The names and dates a voucher row shows of its reservation, office, product and supplier. */
export const voucherExtra = {
  reservationDateIn: voucherReservation.dateIn,
  reservationDateOut: voucherReservation.dateOut,
  paymentMethod: voucherReservation.paymentMethod,
  officeName: voucherOffice.longName,
  productName: voucherProduct.longName,
  supplierName: voucherSupplier.longName,
};
type VoucherRow = ResourceRow<typeof vouchers, typeof voucherExtra>;

export function serializeVoucher(row: VoucherRow): Voucher {
  const dateIn = row.reservationDateIn ?? '';
  const dateOut = row.reservationDateOut ?? '';
  return {
    id: row.id,
    reservation: row.reservationId,
    reservation_date_in: dateIn,
    reservation_date_out: dateOut,
    duration: voucherDuration(dateIn, dateOut),
    office: row.officeId,
    office_name: row.officeName,
    payment_method: row.paymentMethod ?? '',
    product: row.productId,
    product_long_name: row.productName,
    supplier_name: row.supplierName,
    status: row.status,
    status_name: statusName(row.status),
    status_administracion: row.statusAdministracion,
    observations: row.observations,
    pvp: row.pvp,
    final_price: row.finalPrice,
    commission: row.commission,
    net_price: row.netPrice,
    rate_long_name: row.rateLongName,
    promotion_long_name: row.promotionLongName,
    voucher_filter_proveedor: row.voucherFilterProveedor,
    // The copy migration 0025's triggers keep on the voucher.
    pax: row.paxList,
  };
}

/** The engine action moving a voucher to `to`, offered only where the transition table allows it. */
function statusAction(to: ReservationStatusId) {
  return {
    input: z.strictObject({}),
    permission: (principal: Principal) => mayChangeVoucherStatus(principal),
    refuse: (row: VoucherRow) => transitionRefusal(row.status, to),
    async run(tx: Transaction, { id }: { id: number }) {
      await tx.update(vouchers).set({ status: to, updatedAt: new Date() }).where(eq(vouchers.id, id));
    },
  };
}

export const voucherResource = defineResource({
  contract: voucherContract,
  table: vouchers,
  operations: ['list', 'detail', 'update'],
  extra: voucherExtra,
  joins: voucherJoins,
  ownership: voucherOwnership,
  serialize: serializeVoucher,
  values: (input) =>
    definedOnly({
      status: input.status,
      statusAdministracion: input.status_administracion,
      observations: input.observations,
      pvp: input.pvp,
      finalPrice: input.final_price,
      commission: input.commission,
      netPrice: input.net_price,
      voucherFilterProveedor: input.voucher_filter_proveedor,
    }),
  filters: {
    id: { kind: 'custom', build: exactInteger(vouchers.id) },
    product_long_name: {
      kind: 'custom',
      build: containsVia(vouchers.productId, products.id, products.longName),
    },
    status: { kind: 'custom', build: exactInteger(vouchers.status) },
    reservation: { kind: 'custom', build: exactInteger(vouchers.reservationId) },
    // Issue 14: the promotion's vouchers (vouchers_promotion_id_idx; the promotion's export).
    promotion: { kind: 'custom', build: exactInteger(vouchers.promotionId) },
    voucher_filter_proveedor: {
      kind: 'custom',
      build: (value) =>
        sql`${vouchers.productId} in (select p.id from products p join suppliers s on s.id = p.supplier_id where ${contains(suppliers.longName, value)})`,
    },
  },
  ordering: {
    id: vouchers.id,
    status: vouchers.status,
    final_price: vouchers.finalPrice,
    // Issue 40: (reservation_id, id) by migration 0037; the reservation's dates, its payment
    // method and the related names by their copies on the voucher, each with a (key, id) index
    // kept by migration 0038's triggers (docs/lists.md 'Sorting').
    reservation: vouchers.reservationId,
    reservation_date_in: vouchers.reservationDateIn,
    reservation_date_out: vouchers.reservationDateOut,
    duration: reservationDuration(vouchers.reservationDateIn, vouchers.reservationDateOut),
    payment_method: sortKeyOrder(vouchers.paymentMethodSortKey),
    office_name: sortKeyOrder(vouchers.officeSortKey),
    product_long_name: sortKeyOrder(vouchers.productSortKey),
    supplier_name: sortKeyOrder(vouchers.supplierSortKey),
  },
  async authorizeWrite({ principal, operation, input, current }) {
    if (operation === 'update' && input && current) {
      assertEditableFields(principal, 'voucher', 'edit', input, current as Record<string, unknown>);
      if (input.status !== undefined && input.status !== current.status) {
        const refusal = transitionRefusal(current.status, input.status);
        if (refusal) throw new HttpError(409, refusal);
      }
    }
  },
  // Issue 32: net price = final price − commission, whatever the client sent (contracts/voucherPrices).
  async beforeWrite(tx, input, id) {
    if (id === null) return undefined;
    const [stored] = await tx
      .select({
        final_price: vouchers.finalPrice,
        commission: vouchers.commission,
        net_price: vouchers.netPrice,
      })
      .from(vouchers)
      .where(eq(vouchers.id, id));
    if (!stored) return undefined;
    const current = {
      final_price: stored.final_price ?? '0',
      commission: stored.commission ?? '0',
      net_price: stored.net_price ?? '0',
    };
    const prices = { ...current };
    const changed = new Set<PriceField>();
    for (const field of PRICE_FIELDS) {
      const value = input[field];
      if (value === undefined || Number(value) === Number(current[field])) continue;
      prices[field] = value;
      changed.add(field);
    }
    if (changed.size === 0) return undefined;
    const outcome = reconcilePrices(prices, changed);
    if (!outcome.ok) throw new FieldValidationError({ [outcome.field]: [outcome.message] });
    return { commission: outcome.prices.commission, netPrice: outcome.prices.net_price };
  },
  async afterWrite(tx, id, input) {
    for (const passenger of input.pax ?? []) {
      const [link] = await tx
        .select({ paxId: voucherPassengers.paxId })
        .from(voucherPassengers)
        .where(and(eq(voucherPassengers.voucherId, id), eq(voucherPassengers.paxId, passenger.id)));
      if (!link) throw new FieldValidationError({ pax: [messages.resources.invalidChoice] });
      const changes = definedOnly(paxColumns(passenger));
      if (Object.keys(changes).length)
        await tx.update(passengers).set(changes).where(eq(passengers.id, passenger.id));
    }
  },
  actions: {
    status_1: statusAction(1),
    status_2: statusAction(2),
    status_3: statusAction(3),
    status_4: statusAction(4),
    status_5: statusAction(5),
    status_6: statusAction(6),
  },
});

/** Refuses unless the principal may change voucher statuses. */
export function assertMayChangeStatus(principal: Principal): void {
  if (!mayChangeVoucherStatus(principal)) throw forbidden(messages.common.forbidden);
}
