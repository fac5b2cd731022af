/**
 * Facturación on the resource engine (issue 16; SPEC §2 'Facturación', §3 'Invoicing row', §6, §7
 * POST /facturacion/). One row per reservation: the reservation's own columns, its office's name
 * and currency, the sums of its vouchers, and its invoicing state from `reservation_invoicing`
 * (no row there: NO FACTURADO, not billed). The reservations and vouchers tables are read only.
 *
 *   GET  /facturacion/?<filters>              the list (reservation/view)
 *   GET  /facturacion/summary/?<filters>      totals of the whole filtered list, per currency
 *   GET  /facturacion/{id}/                   one row
 *   POST /facturacion/{id}/actions/{invoice|review|cancel|reopen}/  and  /facturacion/bulk/{action}/
 *
 * Actions follow INVOICING_TRANSITIONS (src/contracts/invoicing.ts), refused with 409 and a Spanish
 * reason otherwise; only Administracion, Administracion Central and Super Administrador (or a
 * superuser) act. A reservation whose vouchers are all CANCELADO (or that has none) is never invoiced.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mayViewField } from '../../contracts/access';
import {
  emptyActionInputSchema,
  INVOICING_ACTOR_GROUPS,
  INVOICING_TARGET,
  type InvoicingAction,
  type InvoicingRow,
  type InvoicingTotals,
  invoiceInputSchema,
  invoicingContract,
  invoicingRefusal,
} from '../../contracts/invoicing';
import { messages } from '../../contracts/messages';
import { toIsoDate } from '../../contracts/resources/fields';
import { ownedByOffice } from '../auth/officeScope';
import type { Principal } from '../auth/principal';
import type { Transaction } from '../db/client';
import { reservationInvoicing, reservations } from '../db/schema';
import { sortKeyOrder } from '../db/schema/reference';
import { FieldValidationError } from '../http/errors';
import { defineResource, type EntityOf, type Reader, type ResourceAction, type ResourceRow } from './engine';

const text = messages.invoicing;

/** Voucher status CANCELADO (SPEC §3 static list). */
const CANCELLED_VOUCHER = 2;

/*
 * The row's computed columns as correlated subqueries. Written with explicit aliases: in a
 * one-table select Drizzle leaves columns unqualified, and `id` would be ambiguous.
 */
const R = sql.raw('"reservations"');
const invoicingOf = (column: string) =>
  sql.raw(
    `(select ri.${column} from reservation_invoicing ri where ri.reservation_id = "reservations"."id")`,
  );

const invoicingStatusSql = sql<number>`coalesce(${invoicingOf('status')}, 1)`;
const billedSql = sql<number>`coalesce(${invoicingOf('billed')}, 2)`;
const dateFactSql = sql<string | null>`${invoicingOf('date_fact')}`;

/** The currency of the reservation's office: its country's currency (offices carry none of their own). */
const officeCurrency = sql<string | null>`(select cur.short_name from offices o
    join countries co on co.id = o.country_id
    join currencies cur on cur.id = co.currency_id
    where o.id = ${R}."office_id")`;

const voucherSum = (column: 'final_price' | 'commission' | 'net_price') =>
  sql<string | null>`(select sum(v.${sql.raw(column)}) from vouchers v where v.reservation_id = ${R}."id")`;

const extra = {
  officeName: sql<string | null>`(select o.long_name from offices o where o.id = ${R}."office_id")`,
  invoicingStatus: invoicingStatusSql,
  billed: billedSql,
  documentType: sql<string | null>`${invoicingOf('document_type')}`,
  documentNumber: sql<string | null>`${invoicingOf('document_number')}`,
  dateFact: dateFactSql,
  finalPrice: voucherSum('final_price'),
  commission: voucherSum('commission'),
  netPrice: voucherSum('net_price'),
  currency: officeCurrency,
  voucherCount: sql<number>`(select count(*)::int from vouchers v where v.reservation_id = ${R}."id")`,
  liveVoucherCount: sql<number>`(select count(*)::int from vouchers v where v.reservation_id = ${R}."id" and v.status <> ${CANCELLED_VOUCHER})`,
};

type InvoicingRecord = ResourceRow<typeof reservations, typeof extra, Record<never, never>>;

const isoDay = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function serialize(row: InvoicingRecord): InvoicingRow {
  return {
    id: row.id,
    reservation_id: row.id,
    office: row.officeId,
    office_name: row.officeName ?? '',
    status: row.status,
    invoicing_status: Number(row.invoicingStatus),
    billed: Number(row.billed),
    document_type: row.documentType ?? null,
    document_number: row.documentNumber ?? '',
    date_created: row.createdAt.toISOString(),
    date_in: row.dateIn,
    date_fact: isoDay(row.dateFact),
    final_price: row.finalPrice ?? '0.00',
    commission: row.commission ?? '0.00',
    net_price: row.netPrice ?? '0.00',
    currency: row.currency ?? '',
  };
}

/** Is this principal one of the roles that act on Facturación? */
export function mayActOnInvoicing(principal: Principal): boolean {
  return (
    principal.isSuperuser ||
    principal.groupIds.some((groupId) => (INVOICING_ACTOR_GROUPS as readonly number[]).includes(groupId))
  );
}

const subjectOf = (principal: Principal) => ({
  id: principal.id,
  isSuperuser: principal.isSuperuser,
  groups: principal.groupIds,
  permissions: principal.permissions,
});

/** SPEC §6 field rules where they apply: commission and net_price as the voucher list shows them. */
function redact(principal: Principal, row: InvoicingRow): InvoicingRow {
  const subject = subjectOf(principal);
  return {
    ...row,
    commission: mayViewField(subject, 'voucher', 'list', 'commission') ? row.commission : null,
    net_price: mayViewField(subject, 'voucher', 'list', 'net_price') ? row.net_price : null,
  };
}

/** Why the action cannot run on this row now, or null. */
function refusalOf(row: InvoicingRecord, action: InvoicingAction): string | null {
  const transition = invoicingRefusal(Number(row.invoicingStatus), action);
  if (transition) return transition;
  if (action === 'invoice') {
    if (Number(row.voucherCount) === 0) return text.refusals.noVouchers;
    if (Number(row.liveVoucherCount) === 0) return text.refusals.allVouchersCancelled;
  }
  return null;
}

async function moveTo(
  tx: Transaction,
  reservationId: number,
  action: InvoicingAction,
  invoice: z.output<typeof invoiceInputSchema> | null,
) {
  const status = INVOICING_TARGET[action];
  const values =
    action === 'invoice' && invoice
      ? {
          status,
          billed: 1,
          documentType: invoice.document_type,
          documentNumber: invoice.document_number,
          dateFact: invoice.date_fact,
        }
      : action === 'reopen' || action === 'cancel'
        ? { status, billed: 2, documentType: null, documentNumber: '', dateFact: null }
        : // EN REVISION keeps the invoice's data for the reviewer; it is no longer billed.
          { status, billed: 2 };
  await tx
    .insert(reservationInvoicing)
    .values({ reservationId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: reservationInvoicing.reservationId,
      set: { ...values, updatedAt: new Date() },
    });
}

type Entity = EntityOf<typeof invoicingContract>;
const permission = (principal: Principal) => mayActOnInvoicing(principal);

function transition<S extends z.ZodType>(
  action: InvoicingAction,
  input: S,
): ResourceAction<InvoicingRecord, Entity, S> {
  return {
    input,
    permission,
    refuse: (row) => refusalOf(row, action),
    run: async (tx, { id, input: payload }) => {
      await moveTo(tx, id, action, action === 'invoice' ? invoiceInputSchema.parse(payload) : null);
    },
  };
}

/** An inclusive date bound: DD/MM/AAAA or YYYY-MM-DD, anything else a Spanish field error. */
function dateBound(param: string, build: (iso: string) => SQL) {
  return {
    kind: 'custom' as const,
    build: (value: string): SQL => {
      const iso = toIsoDate(value.trim());
      if (!iso) throw new FieldValidationError({ [param]: [text.errors.dateInvalid] });
      return build(iso);
    },
  };
}

function oneOf(param: string, allowed: readonly number[], message: string, build: (value: number) => SQL) {
  return {
    kind: 'custom' as const,
    build: (value: string): SQL => {
      const number = /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : 0;
      if (!allowed.includes(number)) throw new FieldValidationError({ [param]: [message] });
      return build(number);
    },
  };
}

const dateFactExists = (condition: SQL) =>
  sql`exists (select 1 from reservation_invoicing ri where ri.reservation_id = ${R}."id" and ${condition})`;

/**
 * Totals of the filtered list: per office first (one pass over the matching reservations, their
 * vouchers summed through the vouchers' reservation index), then per currency.
 */
export async function invoicingTotals(
  reader: Reader,
  where: SQL | undefined,
  principal: Principal,
): Promise<InvoicingTotals> {
  const result = (await reader.execute(sql`
    select coalesce(cur.short_name, '') as currency, sum(t.n)::int as count,
      coalesce(sum(t.final_price), 0)::numeric(16, 2)::text as final_price,
      coalesce(sum(t.commission), 0)::numeric(16, 2)::text as commission,
      coalesce(sum(t.net_price), 0)::numeric(16, 2)::text as net_price
    from (
      select ${R}."office_id" as office_id, count(*) as n, sum(s.final_price) as final_price,
        sum(s.commission) as commission, sum(s.net_price) as net_price
      from ${reservations}
      left join lateral (
        select sum(v.final_price) as final_price, sum(v.commission) as commission, sum(v.net_price) as net_price
        from vouchers v where v.reservation_id = ${R}."id"
      ) s on true
      ${where ? sql`where ${where}` : sql``}
      group by ${R}."office_id"
    ) t
    left join offices o on o.id = t.office_id
    left join countries co on co.id = o.country_id
    left join currencies cur on cur.id = co.currency_id
    group by 1 order by 1`)) as unknown as {
    rows: { currency: string; count: number; final_price: string; commission: string; net_price: string }[];
  };
  const subject = subjectOf(principal);
  const showCommission = mayViewField(subject, 'voucher', 'list', 'commission');
  const showNet = mayViewField(subject, 'voucher', 'list', 'net_price');
  const totals = result.rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    final_price: row.final_price,
    commission: showCommission ? row.commission : null,
    net_price: showNet ? row.net_price : null,
  }));
  return { count: totals.reduce((sum, row) => sum + row.count, 0), totals };
}

export const invoicingResource = defineResource({
  contract: invoicingContract,
  table: reservations,
  // A row is a reservation: its office's (and the offices above it) users read it.
  ownership: ownedByOffice(reservations.officeId),
  operations: ['list', 'detail'],
  extra,
  serialize,
  redact,
  summary: invoicingTotals,
  actions: {
    invoice: transition('invoice', invoiceInputSchema),
    review: transition('review', emptyActionInputSchema),
    cancel: transition('cancel', emptyActionInputSchema),
    reopen: transition('reopen', emptyActionInputSchema),
  },
  filters: {
    reservation_id: { kind: 'exact', on: reservations.id, type: 'integer' },
    office: { kind: 'exact', on: reservations.officeId, type: 'integer' },
    invoicing_status: oneOf('invoicing_status', [1, 2, 3, 4], text.errors.invoicingStatusInvalid, (value) =>
      value === 1
        ? sql`not exists (select 1 from reservation_invoicing ri where ri.reservation_id = ${R}."id" and ri.status <> 1)`
        : dateFactExists(sql`ri.status = ${value}`),
    ),
    billed: oneOf('billed', [1, 2], text.errors.billedInvalid, (value) =>
      value === 1
        ? dateFactExists(sql`ri.billed = 1`)
        : sql`not exists (select 1 from reservation_invoicing ri where ri.reservation_id = ${R}."id" and ri.billed = 1)`,
    ),
    date_created_from: dateBound('date_created_from', (iso) => sql`${R}."created_at" >= ${iso}::date`),
    date_created_to: dateBound('date_created_to', (iso) => sql`${R}."created_at" < (${iso}::date + 1)`),
    date_in_from: dateBound('date_in_from', (iso) => sql`${R}."date_in" >= ${iso}::date`),
    date_in_to: dateBound('date_in_to', (iso) => sql`${R}."date_in" <= ${iso}::date`),
    date_fact_from: dateBound('date_fact_from', (iso) => dateFactExists(sql`ri.date_fact >= ${iso}::date`)),
    date_fact_to: dateBound('date_fact_to', (iso) => dateFactExists(sql`ri.date_fact <= ${iso}::date`)),
  },
  ordering: {
    reservation_id: reservations.id,
    date_created: reservations.createdAt,
    date_in: reservations.dateIn,
    // Issue 40: the office's name, the invoicing status and date and the vouchers' sums as shown,
    // by their copies on the reservation, each with a (copy, id) index (migration 0038).
    date_fact: reservations.invoicingDateFact,
    status: reservations.status,
    office: sortKeyOrder(reservations.officeSortKey),
    invoicing_status: reservations.invoicingStatus,
    final_price: reservations.vouchersFinalPrice,
    commission: reservations.vouchersCommission,
    net_price: reservations.vouchersNetPrice,
  },
});
