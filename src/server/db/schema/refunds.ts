/**
 * Refunds requested in the public portal (SPEC §3 Refund, refund claim, multi-cause services,
 * refund payment; §7 'Refund (public)'). Everything staff need to review a refund later is kept:
 * the applicant's contact data, each claim with its exact amount and currency, the penalty-letter
 * amounts, the payment data and the uploaded files. Amounts are NUMERIC, never floats.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../../contracts/i18n';
import { users } from './auth';
import { vouchers } from './bookings';
import { coverages, passengers } from './masterData';
import { spanishSortKey, trigramIndex } from './reference';

/**
 * An uploaded file (claim receipt, authorization letter, ID document), checked by content when
 * received and stored under DATA_DIR/files/<path>. Scoped to the voucher whose refund access
 * token uploaded it: a submission may only reference files of its own voucher.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    /** Detected from the content (magic bytes): image/jpeg, image/png or application/pdf. */
    contentType: varchar('content_type', { length: 50 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    /** Relative to the files directory. */
    path: varchar('path', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a submitted refund references the file; unattached files expire after a day. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    /**
     * Issue 39: an image stored as sent is 'pending' until the heavy-work pool decodes and
     * re-encodes it ('done'); 'refused' when that failed (its bytes are gone).
     */
    reencoding: varchar('reencoding', { length: 10, enum: ['pending', 'done', 'refused'] })
      .notNull()
      .default('done'),
    /** When a worker took the pending re-encoding (another takes it again after a while). */
    reencodingClaimedAt: timestamp('reencoding_claimed_at', { withTimezone: true }),
  },
  (table) => [
    index('stored_files_voucher_idx').on(table.voucherId),
    index('stored_files_orphan_idx').on(table.createdAt).where(sql`attached_at is null`),
    index('stored_files_reencoding_pending_idx').on(table.createdAt).where(sql`reencoding = 'pending'`),
    check('stored_files_reencoding_check', sql`${table.reencoding} in ('pending', 'done', 'refused')`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    /** The passenger whose document opened the refund session. */
    paxId: integer('pax_id').references(() => passengers.id, { onDelete: 'set null' }),
    docNumber: varchar('doc_number', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    surname: varchar('surname', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phoneContact: varchar('phone_contact', { length: 30 }).notNull(),
    /** The review lifecycle's status (src/contracts/refund/lifecycle.ts, issue 17). */
    status: varchar('status', { length: 30 }).notNull().default('RECIBIDO'),
    /** Why the refund was rejected ('' unless RECHAZADO). */
    rejectionReason: varchar('rejection_reason', { length: 500 }).notNull().default(''),
    /** The reference staff gave when marking it paid (issue 30 §2; '' when none). */
    paymentReference: varchar('payment_reference', { length: 100 }).notNull().default(''),
    clientComment: varchar('client_comment', { length: 255 }).notNull().default(''),
    /** Client-generated key of the submission: a retry or double click finds the first refund. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** ISO-3 country of residence whose payment rules were applied. */
    countryResidence: varchar('country_residence', { length: 3 }).notNull(),
    /** Issue 42: the traveller's language (es, pt, en): the status page and the mails use it. */
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('es'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_idempotency_key_key').on(table.idempotencyKey),
    index('refunds_status_idx').on(table.status),
    index('refunds_doc_number_idx').on(table.docNumber),
    // Issue 40: Reintegros sorts by every column (migration 0037).
    index('refunds_voucher_id_idx').on(table.voucherId, table.id),
    index('refunds_created_at_id_idx').on(table.createdAt, table.id),
    index('refunds_name_es_idx').on(spanishSortKey(table.name), table.id),
    index('refunds_doc_number_es_idx').on(spanishSortKey(table.docNumber), table.id),
    index('refunds_status_es_idx').on(spanishSortKey(table.status), table.id),
    check('refunds_language_check', sql`${table.language} in ('es', 'pt', 'en')`),
    check(
      'refunds_status_check',
      sql`${table.status} in ('RECIBIDO', 'EN_REVISION', 'DOCUMENTACION_SOLICITADA', 'DATOS_BANCARIOS_SOLICITADOS', 'APROBADO', 'PAGADO', 'RECHAZADO')`,
    ),
  ],
);

/** One loaded claim (refund_coverage item). */
export const refundClaims = pgTable(
  'refund_claims',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    /** Order in which the traveller loaded the claims. */
    position: smallint('position').notNull(),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id, { onDelete: 'restrict' }),
    /** The coverage name as the traveller saw it. */
    coverageName: varchar('coverage_name', { length: 255 }).notNull(),
    /** ISO-3 country where the event happened. */
    sinisterCountry: varchar('sinister_country', { length: 3 }).notNull(),
    sinisterDate: date('sinister_date').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** The amount approved by staff, in the claim's currency (null until approved). */
    approvedAmount: numeric('approved_amount', { precision: 12, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refund_claims_refund_idx').on(table.refundId),
    index('refund_claims_country_idx').on(table.sinisterCountry, table.refundId),
    trigramIndex('refund_claims_coverage_name_trgm', table.coverageName),
    check('refund_claims_amount_positive', sql`${table.amount} > 0`),
    check(
      'refund_claims_approved_amount_check',
      sql`${table.approvedAmount} is null or ${table.approvedAmount} >= 0`,
    ),
  ],
);

/**
 * Penalty-letter rows of a multi-cause cancellation claim: one per selected service
 * ('alojamientos', 'transporte.vuelos', ..., 'excursiones', 'otro' with its name).
 */
export const refundClaimServices = pgTable(
  'refund_claim_services',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => refundClaims.id, { onDelete: 'cascade' }),
    service: varchar('service', { length: 30 }).notNull(),
    /** The free name of 'otro' (nombreServicio); empty for the fixed services. */
    serviceName: varchar('service_name', { length: 150 }).notNull().default(''),
    amountPaid: numeric('amount_paid', { precision: 12, scale: 2 }).notNull(),
    amountRecovered: numeric('amount_recovered', { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [uniqueIndex('refund_claim_services_claim_service_key').on(table.claimId, table.service)],
);

/** The payment step's data (refund_payment), one row per refund. */
export const refundPayments = pgTable('refund_payments', {
  refundId: integer('refund_id')
    .primaryKey()
    .references(() => refunds.id, { onDelete: 'cascade' }),
  paymentMethod: varchar('payment_method', { length: 30 }).notNull(),
  refundMethod: varchar('refund_method', { length: 30 }).notNull(),
  owner: varchar('owner', { length: 150 }).notNull(),
  /** The bank code for ARG and CHL, free text elsewhere. */
  bank: varchar('bank', { length: 150 }).notNull(),
  /** The bank's display name (the list name for ARG and CHL codes). */
  bankName: varchar('bank_name', { length: 255 }).notNull().default(''),
  accountType: varchar('account_type', { length: 50 }).notNull(),
  accountNumber: varchar('account_number', { length: 40 }).notNull(),
  cbu: varchar('cbu', { length: 30 }).notNull().default(''),
  alias: varchar('alias', { length: 30 }).notNull().default(''),
  cuitCuil: varchar('cuit_cuil', { length: 20 }).notNull().default(''),
  rut: varchar('rut', { length: 20 }).notNull().default(''),
  cedula: varchar('cedula', { length: 20 }).notNull().default(''),
  adress: varchar('adress', { length: 255 }).notNull().default(''),
  phone: varchar('phone', { length: 30 }).notNull().default(''),
  swift: varchar('swift', { length: 20 }).notNull().default(''),
  docNumber: varchar('doc_number', { length: 30 }).notNull().default(''),
  /** The bank's address; for PER the CCI. */
  bankAdress: varchar('bank_adress', { length: 255 }).notNull().default(''),
  cable: varchar('cable', { length: 30 }).notNull().default(''),
  baWire: varchar('ba_wire', { length: 20 }).notNull().default(''),
  iban: varchar('iban', { length: 50 }).notNull().default(''),
  /** refund_payment.status of SPEC §4: the payment data is complete. */
  status: boolean('status').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refundFileKinds = [
  'claim',
  'authorization_letter',
  'authorized_document',
  'pending_doc',
] as const;
export type RefundFileKind = (typeof refundFileKinds)[number];

/** Links a refund (and, for receipts, its claim) to the stored files. */
export const refundFiles = pgTable(
  'refund_files',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    claimId: integer('claim_id').references(() => refundClaims.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 30 }).$type<RefundFileKind>().notNull(),
    /** The request a 'pending_doc' file answers (issue 17 links). */
    requestId: integer('request_id').references((): AnyPgColumn => refundRequests.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim receipt's checklist item (issue 30 §3); null: 'Otros documentos' (migration 0031). */
    item: varchar('item', { length: 255 }),
  },
  (table) => [
    index('refund_files_refund_idx').on(table.refundId),
    index('refund_files_file_idx').on(table.fileId),
    check(
      'refund_files_kind_check',
      sql`${table.kind} in ('claim', 'authorization_letter', 'authorized_document', 'pending_doc') and ((${table.kind} = 'claim') = (${table.claimId} is not null))`,
    ),
  ],
);

export const refundRequestKinds = ['documents', 'bank_data'] as const;
export type RefundRequestKind = (typeof refundRequestKinds)[number];

/**
 * What staff asked the traveller for (issue 17 'Solicitar documentación', 'Solicitar datos
 * bancarios'): the missing documents and how many files may be sent, or the bank fields to
 * complete, with observations. A newer request of the same kind, or the refund back in review,
 * closes it. The traveller answers through a signed, mailed link (services/refundLinks.ts).
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<RefundRequestKind>().notNull(),
    /** Document names, or bank field keys. */
    items: jsonb('items').$type<string[]>().notNull().default([]),
    maxFiles: smallint('max_files'),
    observations: varchar('observations', { length: 500 }).notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the signed link stops working (set when the link is made and mailed). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the link was mailed; null: still to be mailed (the mail outbox of the request). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** When the traveller answered through the link (the link is then used up). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The traveller's 'Comentarios' with the documents. */
    responseComment: varchar('response_comment', { length: 255 }).notNull().default(''),
  },
  (table) => [
    index('refund_requests_refund_idx').on(table.refundId, table.id),
    index('refund_requests_unmailed_idx').on(table.id).where(sql`mailed_at is null and closed_at is null`),
    check('refund_requests_kind_check', sql`${table.kind} in ('documents', 'bank_data')`),
  ],
);

export const refundDecisions = ['approve', 'pay', 'reject'] as const;
export type RefundDecision = (typeof refundDecisions)[number];

/**
 * The decision mails' outbox (issue 30 §2): written in the staff transition's transaction with
 * `mailed_at` null, mailed after commit by services/refundDecisions.ts (a failed send frees it).
 */
export const refundDecisionMails = pgTable(
  'refund_decision_mails',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id').notNull(),
    decision: varchar('decision', { length: 20 }).$type<RefundDecision>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'refund_decision_mails_refund_id_fkey',
      columns: [table.refundId],
      foreignColumns: [refunds.id],
    }).onDelete('cascade'),
    index('refund_decision_mails_refund_idx').on(table.refundId),
    index('refund_decision_mails_unmailed_idx').on(table.id).where(sql`mailed_at is null`),
    check('refund_decision_mails_decision_check', sql`${table.decision} in ('approve', 'pay', 'reject')`),
  ],
);

/**
 * The coverage documents a traveller marked 'No lo tengo' on a claim, with the reason (issue 30
 * §3, migration 0031); staff see them in the review's receipts grouped by item.
 */
export const refundClaimMissingItems = pgTable(
  'refund_claim_missing_items',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id').notNull(),
    item: varchar('item', { length: 255 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
  },
  (table) => [
    foreignKey({
      name: 'refund_claim_missing_items_claim_id_fkey',
      columns: [table.claimId],
      foreignColumns: [refundClaims.id],
    }).onDelete('cascade'),
    uniqueIndex('refund_claim_missing_items_claim_item_key').on(table.claimId, table.item),
    check('refund_claim_missing_items_reason_check', sql`length(btrim(${table.reason})) > 0`),
  ],
);

/**
 * The refund wizard's draft (issue 30 §1): one per login subject (voucher + document), the
 * wizard's data as the contract `refundDraftDataSchema` shapes it, with a version for optimistic
 * concurrency. Deleted with the submission, or after 30 days untouched (maintenance).
 */
export const refundDrafts = pgTable(
  'refund_drafts',
  {
    voucherId: integer('voucher_id').notNull(),
    docNumber: varchar('doc_number', { length: 30 }).notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    version: integer('version').notNull().default(1),
    /** Issue 42: the language the traveller had when saving (null: saved before it was kept). */
    language: varchar('language', { length: 2 }).$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'refund_drafts_voucher_id_fkey',
      columns: [table.voucherId],
      foreignColumns: [vouchers.id],
    }).onDelete('cascade'),
    primaryKey({ name: 'refund_drafts_pkey', columns: [table.voucherId, table.docNumber] }),
    index('refund_drafts_updated_at_idx').on(table.updatedAt),
    check(
      'refund_drafts_language_check',
      sql`${table.language} is null or ${table.language} in ('es', 'pt', 'en')`,
    ),
  ],
);

/** The uploaded files a draft references: kept from the orphan collector while the draft lives. */
export const refundDraftFiles = pgTable(
  'refund_draft_files',
  {
    voucherId: integer('voucher_id').notNull(),
    docNumber: varchar('doc_number', { length: 30 }).notNull(),
    fileId: uuid('file_id').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'refund_draft_files_file_id_fkey',
      columns: [table.fileId],
      foreignColumns: [storedFiles.id],
    }).onDelete('cascade'),
    primaryKey({
      name: 'refund_draft_files_pkey',
      columns: [table.voucherId, table.docNumber, table.fileId],
    }),
    foreignKey({
      name: 'refund_draft_files_draft_fk',
      columns: [table.voucherId, table.docNumber],
      foreignColumns: [refundDrafts.voucherId, refundDrafts.docNumber],
    }).onDelete('cascade'),
    index('refund_draft_files_file_idx').on(table.fileId),
  ],
);

/**
 * Issue 31: what was read on each page of a stored receipt (OCR text, extracted figures with their
 * confidences, perceptual hash). Written by services/receiptReading after the upload answered.
 */
export const receiptReadings = pgTable(
  'receipt_readings',
  {
    fileId: uuid('file_id').notNull(),
    page: smallint('page').notNull(),
    status: varchar('status', { length: 20 }).$type<'read' | 'unreadable' | 'failed'>().notNull(),
    text: text('text').notNull().default(''),
    ocrConfidence: real('ocr_confidence').notNull().default(0),
    total: numeric('total', { precision: 14, scale: 2 }),
    totalConfidence: real('total_confidence').notNull().default(0),
    date: date('date'),
    dateConfidence: real('date_confidence').notNull().default(0),
    currency: varchar('currency', { length: 3 }),
    currencyConfidence: real('currency_confidence').notNull().default(0),
    taxId: varchar('tax_id', { length: 30 }),
    taxIdKind: varchar('tax_id_kind', { length: 10 }),
    taxIdConfidence: real('tax_id_confidence').notNull().default(0),
    /** 256-bit dHash, 64 hex digits (services/receiptReading/hash.ts). */
    dhash: char('dhash', { length: 64 }),
    milliseconds: integer('milliseconds').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'receipt_readings_file_id_fkey',
      columns: [table.fileId],
      foreignColumns: [storedFiles.id],
    }).onDelete('cascade'),
    primaryKey({ name: 'receipt_readings_pkey', columns: [table.fileId, table.page] }),
    index('receipt_readings_figures_idx')
      .on(table.taxId, table.date, table.total)
      .where(sql`tax_id is not null`),
    check('receipt_readings_status_check', sql`${table.status} in ('read', 'unreadable', 'failed')`),
  ],
);

/**
 * Issue 39: the durable queue of receipt readings (services/receiptReading/queue.ts). One row per
 * stored file to read, written in the upload's transaction; workers of any instance with
 * RECEIPT_READING=true claim rows with `FOR UPDATE SKIP LOCKED`, fair per voucher, beat
 * `heartbeat_at` while the file is read, and end it 'done' (its pages are in receipt_readings) or
 * 'failed' (interrupted too many times). A stale 'running' row (its instance died) is claimed again.
 */
export const readingJobs = pgTable(
  'reading_jobs',
  {
    fileId: uuid('file_id').primaryKey(),
    voucherId: integer('voucher_id').notNull(),
    /** pending, running, done or failed. */
    status: varchar('status', { length: 10 })
      .$type<'pending' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 64 }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last claimed (the fair order counts a voucher's jobs taken since its backlog began). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'reading_jobs_file_id_fkey',
      columns: [table.fileId],
      foreignColumns: [storedFiles.id],
    }).onDelete('cascade'),
    check('reading_jobs_status_check', sql`${table.status} in ('pending', 'running', 'done', 'failed')`),
    index('reading_jobs_queue_idx')
      .on(table.voucherId, table.createdAt)
      .where(sql`status in ('pending', 'running')`),
    index('reading_jobs_voucher_idx').on(table.voucherId, table.startedAt),
  ],
);
