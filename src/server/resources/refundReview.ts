/**
 * Staff review of submitted refunds on the resource engine (SPEC §7 GET /refund/, its detail and
 * PUT /refund/{id}/; issue 17 'Staff review (Reintegros)'), with refund/view to read:
 *
 * - the list, filtered by status, submission date range, the claims' country and coverage;
 * - the detail nested with its claims (services, approved amounts), files, masked bank data and
 *   the requests made to the traveller;
 * - the lifecycle of src/contracts/refund/lifecycle.ts, with refund/change: each transition is a
 *   row action (`POST /refund/{id}/actions/{transition}/`, in bulk `POST /refund/bulk/{transition}/`)
 *   offered in `allowed_actions` only from the statuses the table allows, and `PUT /refund/{id}/`
 *   with `{status, ...payload}` applies the same table through `applyTransition`. Each one runs in
 *   the engine's transaction and is audited with the fields it changed.
 *
 * The unmasked bank data is `POST /refund/{id}/bank_data/` (src/server/routes/refundReview.ts),
 * which records the reveal in the same history.
 */
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { formatMoney } from '../../contracts/format';
import { messages } from '../../contracts/messages';
import { amountErrorMessage, parseAmount } from '../../contracts/money';
import { cciUnverified, paymentTextFields } from '../../contracts/refund';
import {
  bankFieldsFor,
  isRefundStatus,
  mayTransition,
  REFUND_TRANSITIONS,
  type RefundTransition,
  type RefundTransitionInput,
  refundStatusLabel,
  refundTransitionInputs,
} from '../../contracts/refund/lifecycle';
import type { RefundBankData, RefundDetail, RefundRow } from '../../contracts/refund/review';
import { refundReviewContract } from '../../contracts/refund/review';
import { toIsoDate } from '../../contracts/resources/fields';
import { findCountryByIso3 } from '../../contracts/static';
import type { Principal } from '../auth/principal';
import type { Transaction } from '../db/client';
import {
  coverages,
  refundClaimMissingItems,
  refundClaimServices,
  refundClaims,
  refundFiles,
  refundPayments,
  refundRequests,
  refunds,
  storedFiles,
} from '../db/schema';
import { FieldValidationError, HttpError } from '../http/errors';
import { contains } from '../http/filters';
import { parseWith } from '../http/validate';
import { alertsFilter } from '../services/receiptReading/alerts';
import { recordDecision } from '../services/refundDecisions';
import { defineResource, type EntityOf, type Permission, type Reader, type ResourceAction } from './engine';

type RefundRecord = typeof refunds.$inferSelect;
const text = messages.refundReview;
const decisionsText = messages.refundDecisions;

const countryLabel = (iso3: string) => findCountryByIso3(iso3)?.name ?? iso3;

const rowOf = (refund: RefundRecord): RefundRow => ({
  id: refund.id,
  name: refund.name,
  surname: refund.surname,
  doc_number: refund.docNumber,
  voucher: refund.voucherId,
  status: refund.status,
  created_at: refund.createdAt.toISOString(),
});

/** Fields shown as they are; every other one is masked but for its last characters. */
const PLAIN_BANK_FIELDS = new Set(['payment_method', 'refund_method', 'owner', 'bank_name', 'account_type']);

/** '••••1234': only the last four characters of a long value, nothing of a short one. */
export function maskValue(value: string): string {
  return value.length > 6 ? `••••${value.slice(-4)}` : '••••';
}

/** The refund's bank data in form order, masked or not; null when the refund has none. */
export async function bankDataOf(
  reader: Reader,
  refundId: number,
  masked: boolean,
): Promise<RefundBankData | null> {
  const [payment] = await reader.select().from(refundPayments).where(eq(refundPayments.refundId, refundId));
  if (!payment) return null;
  const values: Record<string, string> = {
    payment_method: payment.paymentMethod,
    refund_method: payment.refundMethod,
    owner: payment.owner,
    bank: payment.bank,
    bank_name: payment.bankName,
    account_type: payment.accountType,
    account_number: payment.accountNumber,
    cbu: payment.cbu,
    alias: payment.alias,
    cuit_cuil: payment.cuitCuil,
    rut: payment.rut,
    cedula: payment.cedula,
    adress: payment.adress,
    phone: payment.phone,
    swift: payment.swift,
    doc_number: payment.docNumber,
    bank_adress: payment.bankAdress,
    cable: payment.cable,
    ba_wire: payment.baWire,
    iban: payment.iban,
  };
  // The bank's name stands for its code when there is one (ARG and CHL lists).
  const order = ['payment_method', 'refund_method', 'owner', 'bank_name', ...paymentTextFields.slice(3)];
  if (!payment.bankName) order[3] = 'bank';
  const fields = [...new Set(order)]
    .filter((field) => field !== 'bank' || !payment.bankName)
    .filter((field) => values[field])
    .map((field) => ({
      field,
      value: masked && !PLAIN_BANK_FIELDS.has(field) ? maskValue(values[field]) : values[field],
    }));
  const [refund] = await reader
    .select({ country: refunds.countryResidence })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  const cci_unverified = refund?.country.trim().toUpperCase() === 'PER' && cciUnverified(payment.bankAdress);
  return { complete: payment.status, masked, fields, cci_unverified };
}

/** Issue 30 §3: each claim's checklist (its coverage's documents) and its 'No lo tengo' items. */
async function claimChecklistOf(
  reader: Reader,
  claims: readonly { id: number; coverageId: number }[],
): Promise<
  (claim: { id: number; coverageId: number }) => {
    checklist: string[];
    missing_items: { item: string; reason: string }[];
  }
> {
  if (claims.length === 0) return () => ({ checklist: [], missing_items: [] });
  const missing = await reader
    .select()
    .from(refundClaimMissingItems)
    .where(
      inArray(
        refundClaimMissingItems.claimId,
        claims.map((claim) => claim.id),
      ),
    )
    .orderBy(asc(refundClaimMissingItems.id));
  const items = await reader
    .select({ id: coverages.id, requiredItems: coverages.requiredItems })
    .from(coverages)
    .where(inArray(coverages.id, [...new Set(claims.map((claim) => claim.coverageId))]));
  const byCoverage = new Map(items.map((row) => [row.id, row.requiredItems]));
  return (claim) => ({
    checklist: byCoverage.get(claim.coverageId) ?? [],
    missing_items: missing
      .filter((row) => row.claimId === claim.id)
      .map((row) => ({ item: row.item, reason: row.reason })),
  });
}

async function detailOf(reader: Reader, refund: RefundRecord): Promise<RefundDetail> {
  const claims = await reader
    .select()
    .from(refundClaims)
    .where(eq(refundClaims.refundId, refund.id))
    .orderBy(asc(refundClaims.position));
  const services = claims.length
    ? await reader
        .select()
        .from(refundClaimServices)
        .where(
          inArray(
            refundClaimServices.claimId,
            claims.map((claim) => claim.id),
          ),
        )
        .orderBy(asc(refundClaimServices.id))
    : [];
  const checklist = await claimChecklistOf(reader, claims);
  const files = await reader
    .select({ link: refundFiles, file: storedFiles })
    .from(refundFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, refundFiles.fileId))
    .where(eq(refundFiles.refundId, refund.id))
    .orderBy(asc(refundFiles.id));
  const requests = await reader
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.refundId, refund.id))
    .orderBy(asc(refundRequests.id));
  return {
    ...rowOf(refund),
    email: refund.email,
    phone_contact: refund.phoneContact,
    country_residence: refund.countryResidence,
    language: refund.language,
    client_comment: refund.clientComment,
    claims: claims.map((claim) => ({
      id: claim.id,
      coverage: claim.coverageName,
      sinister_country: claim.sinisterCountry,
      sinister_date: claim.sinisterDate,
      currency: claim.currencyCode,
      amount: claim.amount,
      approved_amount: claim.approvedAmount,
      services: services
        .filter((service) => service.claimId === claim.id)
        .map((service) => ({
          service: service.service,
          name: service.serviceName,
          amount_paid: service.amountPaid,
          amount_recovered: service.amountRecovered,
        })),
      ...checklist(claim),
    })),
    files: files.map(({ link, file }) => ({
      id: file.id,
      name: file.originalName,
      content_type: file.contentType,
      size: file.size,
      kind: link.kind,
      claim: link.claimId,
      item: link.item,
    })),
    rejection_reason: refund.rejectionReason,
    payment: await bankDataOf(reader, refund.id, true),
    requests: requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      items: request.items,
      max_files: request.maxFiles,
      observations: request.observations,
      created_at: request.createdAt.toISOString(),
      open: request.closedAt === null,
    })),
  };
}

/** Why a transition cannot leave this status (null: it can). */
function refusalOf(status: string, transition: RefundTransition): string | null {
  if (mayTransition(status, transition)) return null;
  return text.transitionNotAllowed(
    refundStatusLabel(status),
    refundStatusLabel(REFUND_TRANSITIONS[transition].to),
  );
}

const closeOpenRequests = (tx: Transaction, refundId: number, kind?: 'documents' | 'bank_data') =>
  tx
    .update(refundRequests)
    .set({ closedAt: new Date() })
    .where(
      and(
        eq(refundRequests.refundId, refundId),
        isNull(refundRequests.closedAt),
        kind ? eq(refundRequests.kind, kind) : undefined,
      ),
    );

/** Every claim of the refund gets an approved amount, at most what was claimed. */
async function approveClaims(tx: Transaction, refundId: number, input: RefundTransitionInput<'approve'>) {
  const claims = await tx.select().from(refundClaims).where(eq(refundClaims.refundId, refundId));
  const byId = new Map(input.amounts.map((entry) => [entry.claim, entry.amount]));
  if (input.amounts.some((entry) => !claims.some((claim) => claim.id === entry.claim)))
    throw new FieldValidationError({ amounts: [text.unknownClaim] });
  if (claims.some((claim) => !byId.has(claim.id)) || byId.size !== input.amounts.length)
    throw new FieldValidationError({ amounts: [text.amountsRequired] });
  for (const claim of claims) {
    const amount = byId.get(claim.id)!;
    // Issue 40: in the claim's currency's ISO 4217 minor units (a CLP claim has no decimals).
    const reading = parseAmount(amount, { currency: claim.currencyCode, maxIntegerDigits: 10 });
    if (!reading.ok)
      throw new FieldValidationError({ [`amounts.${claim.id}`]: [amountErrorMessage(reading)] });
    if (centsOf(amount) > centsOf(claim.amount))
      throw new FieldValidationError({
        amounts: [text.amountOverClaim(formatMoney(claim.amount, claim.currencyCode))],
      });
    await tx.update(refundClaims).set({ approvedAmount: amount }).where(eq(refundClaims.id, claim.id));
  }
}

/** '1234.5' -> 123450n (exact: amounts are NUMERIC(12,2) as text). */
const centsOf = (amount: string): bigint => {
  const [units, fraction = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/**
 * The one place a refund changes status: checks the table against the status as it is in the
 * database (a guarded UPDATE, so two reviewers cannot both move it), then writes what the
 * transition records. Runs inside the engine's transaction (row action, bulk savepoint or PUT).
 */
export async function applyTransition(
  tx: Transaction,
  refundId: number,
  transition: RefundTransition,
  payload: unknown,
  principal: Principal,
): Promise<void> {
  const { from, to } = REFUND_TRANSITIONS[transition];
  const extra: Partial<typeof refunds.$inferInsert> =
    transition === 'reject'
      ? { rejectionReason: (payload as RefundTransitionInput<'reject'>).reason }
      : transition === 'pay'
        ? { paymentReference: (payload as RefundTransitionInput<'pay'>).reference }
        : {};
  const moved = await tx
    .update(refunds)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, [...from])))
    .returning({ id: refunds.id, countryResidence: refunds.countryResidence });
  if (!moved.length) {
    const [current] = await tx
      .select({ status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    throw new HttpError(409, refusalOf(current?.status ?? '', transition) ?? messages.common.genericRetry);
  }
  switch (transition) {
    case 'approve':
      await approveClaims(tx, refundId, payload as RefundTransitionInput<'approve'>);
      await recordDecision(tx, refundId, 'approve');
      break;
    case 'request_documents': {
      const input = payload as RefundTransitionInput<'request_documents'>;
      await closeOpenRequests(tx, refundId, 'documents');
      await tx.insert(refundRequests).values({
        refundId,
        kind: 'documents',
        items: input.documents,
        maxFiles: input.max_files,
        observations: input.observations,
        requestedBy: principal.id,
      });
      break;
    }
    case 'request_bank_data': {
      const input = payload as RefundTransitionInput<'request_bank_data'>;
      // Issue 30 §4: only the fields of the refund's country of residence can be asked for.
      const country = moved[0].countryResidence;
      const offered = new Set<string>(bankFieldsFor(country));
      if (input.fields.some((field) => !offered.has(field)))
        throw new FieldValidationError({
          fields: [decisionsText.bankFieldNotForCountry(countryLabel(country))],
        });
      await closeOpenRequests(tx, refundId, 'bank_data');
      await tx.insert(refundRequests).values({
        refundId,
        kind: 'bank_data',
        items: input.fields,
        observations: input.observations,
        requestedBy: principal.id,
      });
      break;
    }
    case 'review':
      // Back in review: what was asked of the traveller is no longer pending.
      await closeOpenRequests(tx, refundId);
      break;
    case 'reject':
      await closeOpenRequests(tx, refundId);
      await recordDecision(tx, refundId, 'reject');
      break;
    case 'pay':
      await recordDecision(tx, refundId, 'pay');
      break;
  }
}

const CHANGE: Permission<unknown> = { resource: 'refund', action: 'change' };

function transitionAction<T extends RefundTransition>(
  transition: T,
): ResourceAction<RefundRecord, EntityOf<typeof refundReviewContract>, (typeof refundTransitionInputs)[T]> {
  return {
    input: refundTransitionInputs[transition],
    permission: CHANGE,
    refuse: (row) => refusalOf(row.status, transition),
    run: (tx, { id, input, principal }) => applyTransition(tx, id, transition, input, principal),
  };
}

/** A date filter bound: DD/MM/AAAA or YYYY-MM-DD; anything else a Spanish field error. */
function dateBound(param: 'created_from' | 'created_to', build: (iso: string) => SQL) {
  return (value: string): SQL => {
    const iso = toIsoDate(value.trim());
    if (!iso) throw new FieldValidationError({ [param]: [text.dateInvalid] });
    return build(iso);
  };
}

const claimsWhere = (condition: SQL) =>
  sql`exists (select 1 from ${refundClaims} where ${refundClaims.refundId} = ${refunds.id} and ${condition})`;

export const refundReviewResource = defineResource({
  contract: refundReviewContract,
  table: refunds,
  // A refund belongs to the office of its voucher.
  ownership: {
    rows: (inOffices) =>
      inArray(refunds.voucherId, sql`(select v.id from vouchers v where ${inOffices(sql`v.office_id`)})`),
  },
  operations: ['list', 'detail', 'update'],
  serialize: rowOf,
  detail: detailOf,
  permissions: { update: CHANGE },
  // PUT /refund/{id}/: the status moves in afterWrite through the same table as the actions.
  values: () => ({}),
  async authorizeWrite({ operation, input, current }) {
    if (operation !== 'update' || !input || !current) return;
    const refusal = refusalOf(current.status, input.transition);
    if (refusal) throw new HttpError(409, refusal);
    // Only now the payload (issue 30 §4: the state's refusal comes before the body's problems).
    parseWith(refundTransitionInputs[input.transition], input.payload);
  },
  async afterWrite(tx, id, input, principal) {
    const payload = parseWith(refundTransitionInputs[input.transition], input.payload);
    await applyTransition(tx, id, input.transition, payload, principal);
  },
  actions: {
    review: transitionAction('review'),
    request_documents: transitionAction('request_documents'),
    request_bank_data: transitionAction('request_bank_data'),
    approve: transitionAction('approve'),
    pay: transitionAction('pay'),
    reject: transitionAction('reject'),
  },
  filters: {
    id: { kind: 'exact', on: refunds.id, type: 'integer' },
    doc_number: { kind: 'exact', on: refunds.docNumber, type: 'text' },
    voucher: { kind: 'exact', on: refunds.voucherId, type: 'integer' },
    status: {
      kind: 'custom',
      build: (value) => {
        const status = value.trim().toUpperCase();
        if (!isRefundStatus(status)) throw new FieldValidationError({ status: [text.statusInvalid] });
        return eq(refunds.status, status);
      },
    },
    // Calendar days of the submission in the database session's time zone.
    created_from: {
      kind: 'custom',
      build: dateBound('created_from', (iso) => sql`${refunds.createdAt} >= ${iso}::date`),
    },
    created_to: {
      kind: 'custom',
      build: dateBound('created_to', (iso) => sql`${refunds.createdAt} < (${iso}::date + 1)`),
    },
    country: {
      kind: 'custom',
      build: (value) => claimsWhere(sql`${refundClaims.sinisterCountry} = ${value.trim().toUpperCase()}`),
    },
    coverage: { kind: 'custom', build: (value) => claimsWhere(contains(refundClaims.coverageName, value)) },
    // Issue 31: 'Con alertas' (services/receiptReading/alerts.ts).
    alerts: { kind: 'custom', build: alertsFilter(refunds.id) },
  },
  // Issue 40: every column sorts; the name shown is 'name surname' (indexes by migration 0037).
  ordering: {
    created_at: refunds.createdAt,
    id: refunds.id,
    name: refunds.name,
    doc_number: refunds.docNumber,
    voucher: refunds.voucherId,
    status: refunds.status,
  },
});
