/**
 * The traveller's answers to a refund request through its signed link (issue 17 'Links'; SPEC §7
 * 'Refund (public)', §4 'Pending docs' and 'Payment update', §5, §8):
 *
 *   GET   /authentication_pending_doc/?refund_id&hash       what is asked, remaining_files
 *   POST  /upload_pending_doc/  (multipart: data, then files) the files, stored for the voucher
 *   PATCH /refund_data/         (refund.id, refund.hash, pending_documentation...) the answer
 *   GET   /refund_data/pending-update-fields/?refund_id&hash update_fields, observations, country
 *   PATCH /refund_data/update-fields/ (refund_id, voucher_hash, fields) the bank data answer
 *
 * No staff token: the link's hash (services/refundLinks.ts) is the only credential; a refused
 * link answers 403 with a short reason and nothing of the refund. Wrong MACs count per address
 * (http/limits.ts refundLinkAddress). An answer uses the link up, puts the refund back 'En
 * revisión' through the lifecycle table and writes the refund's history, in one transaction.
 *
 * Also the mail outbox trigger: after any successful staff write under /api/refund/, the requests
 * not yet mailed are mailed (mailPendingRequests).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { historyEntityOf } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import {
  bankNameFor,
  cleanPaymentFor,
  emptyRefundPayment,
  MAX_UPLOAD_FILE_BYTES,
  type PaymentTextField,
  type RefundPayment,
} from '../../contracts/refund';
import { REFUND_TRANSITIONS } from '../../contracts/refund/lifecycle';
import {
  type PaymentUpdateAccess,
  type PendingDocsAccess,
  paymentUpdateBodySchema,
  paymentUpdateProblems,
  pendingDocsPatchSchema,
  type RefundLinkPurpose,
  refundLinkApiPaths,
  refundLinkQuerySchema,
  type UploadPendingDocResponse,
  uploadPendingDocDataSchema,
} from '../../contracts/refund/links';
import { type FileReadingsResponse, fileReadingsQuerySchema } from '../../contracts/refund/reading';
import { refundReviewContract } from '../../contracts/refund/review';
import type { AppContext } from '../context';
import type { Transaction } from '../db/client';
import {
  refundClaims,
  refundFiles,
  refundPayments,
  refundRequests,
  refunds,
  storedFiles,
} from '../db/schema';
import { clientAddressKey, createAttemptCounters, retryAfterSeconds } from '../http/attempts';
import { FieldValidationError, HttpError } from '../http/errors';
import { assertJsonShape } from '../http/jsonBody';
import { refundLinkAddress } from '../http/limits';
import { rateLimited } from '../http/rateLimit';
import { parseWith } from '../http/validate';
import type { AuditEntry } from '../resources/audit';
import { auditedWrite } from '../resources/engine';
import { runAfterResponse } from '../services/background';
import { createFileStore, type ReceivedFile } from '../services/files';
import { receiptReaderOf, refuseWhenReadingQueueFull } from '../services/receiptReading';
import { inspectorOf } from '../services/receiptReading/heavyProcess';
import { ownReadings } from '../services/receiptReading/routes';
import { reencodeVoucherFiles, reencodingLaneOf, storedFileRow } from '../services/reencoding';
import {
  mailPendingRequests,
  type RefundRecord,
  type RequestRow,
  resolveLink,
} from '../services/refundLinks';
import { storageOf } from '../services/storage';

const text = messages.refundLinks;

/** The upload quota's refusal, with its code for the traveller's language (issue 42). */
function quotaExceeded(quotaBytes: number): HttpError {
  const megabytes = Math.round(quotaBytes / (1024 * 1024));
  return new HttpError(413, messages.refund.uploadQuotaExceeded(megabytes), {
    code: 'refund.uploadQuotaExceeded',
    values: { megabytes },
  });
}

/** payment text field -> refund_payments column property. */
const paymentColumns = {
  payment_method: 'paymentMethod',
  refund_method: 'refundMethod',
  owner: 'owner',
  bank: 'bank',
  account_type: 'accountType',
  account_number: 'accountNumber',
  cbu: 'cbu',
  alias: 'alias',
  cuit_cuil: 'cuitCuil',
  rut: 'rut',
  cedula: 'cedula',
  adress: 'adress',
  phone: 'phone',
  swift: 'swift',
  doc_number: 'docNumber',
  bank_adress: 'bankAdress',
  cable: 'cable',
  ba_wire: 'baWire',
  iban: 'iban',
} as const satisfies Record<PaymentTextField, keyof typeof refundPayments.$inferSelect>;

const pendingMails = new Set<Promise<unknown>>();

/** Resolves once every request mail started so far has been sent (tests, shutdown). */
export async function settleRefundMails(): Promise<void> {
  while (pendingMails.size > 0) await Promise.all([...pendingMails]);
}

/**
 * Back 'En revisión' (the lifecycle's `review`, from the status the request left it in): answers
 * its history entry, which the caller's `auditedWrite` writes in the same transaction, recorded
 * as the traveller's link (`public:refund-link:<refund id>`), never a staff id.
 */
async function backToReview(
  tx: Transaction,
  refund: RefundRecord,
  action: 'traveller_documents' | 'traveller_bank_data',
  after: Record<string, unknown>,
  changedSecrets: readonly string[] = [],
): Promise<AuditEntry> {
  const { from, to } = REFUND_TRANSITIONS.review;
  const moved = await tx
    .update(refunds)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, [...from])))
    .returning({ id: refunds.id });
  return {
    entity: historyEntityOf(refundReviewContract.path),
    recordId: refund.id,
    action,
    before: { status: refund.status },
    after: { status: moved.length ? to : refund.status, ...after },
    changedSecrets,
    publicActor: `refund-link:${refund.id}`,
  };
}

/** A traveller's upload through a link: one entry per stored file, recorded as the link. */
const uploadAudit = (file: ReceivedFile, refundId: number): AuditEntry => ({
  entity: 'stored_file',
  recordId: file.id,
  action: 'upload',
  before: null,
  after: { name: file.name, content_type: file.contentType, size: file.size, refund: refundId },
  publicActor: `refund-link:${refundId}`,
});

const completeRequest = (tx: Transaction, request: RequestRow, comment = '') =>
  tx
    .update(refundRequests)
    .set({ completedAt: new Date(), closedAt: new Date(), responseComment: comment })
    .where(eq(refundRequests.id, request.id));

export function refundLinkRoutes(app: FastifyInstance, context: AppContext) {
  const { db, config } = context;
  const attempts = createAttemptCounters(db);
  const store = createFileStore(storageOf(context), inspectorOf(context), { deferImageReencoding: true });

  // The mail outbox: staff writes under /api/refund/ may have created requests (committed by now).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (!request.url.startsWith('/api/refund/')) return;
    const run = mailPendingRequests(context)
      .catch((error: unknown) => request.log.error({ err: error }, 'refund request mail failed'))
      .finally(() => pendingMails.delete(run));
    pendingMails.add(run);
  });
  app.addHook('onClose', async () => settleRefundMails());

  /**
   * Resolves the link, counting a wrong MAC against the address; throttled addresses wait.
   * Outside any transaction (the counters use their own connection); an answer then resolves the
   * link again in its transaction, locking the request.
   */
  async function openLink(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: RefundLinkPurpose,
    refundId: unknown,
    hash: unknown,
  ) {
    const address = { policy: refundLinkAddress, key: clientAddressKey(request.ip) };
    const blocked = await attempts.blockedFor([address]);
    if (blocked > 0) {
      reply.header('retry-after', String(retryAfterSeconds(blocked)));
      throw new HttpError(429, text.linkThrottled);
    }
    const query = refundLinkQuerySchema.safeParse({ refund_id: String(refundId ?? ''), hash });
    try {
      if (!query.success) throw new HttpError(403, text.linkInvalid);
      return await resolveLink(db, config, purpose, query.data.refund_id, query.data.hash);
    } catch (error) {
      if (error instanceof HttpError && error.detail === text.linkInvalid)
        await attempts.recordFailure(address);
      throw error;
    }
  }

  app.get(
    refundLinkApiPaths.authenticatePendingDoc,
    { config: rateLimited(60, '1 minute') },
    async (request, reply): Promise<PendingDocsAccess> => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const { request: pending, refund } = await openLink(
        request,
        reply,
        'documents',
        query.refund_id,
        query.hash,
      );
      const max = pending.maxFiles ?? 1;
      return {
        refund_id: pending.refundId,
        documents: pending.items,
        max_files: max,
        remaining_files: max,
        observations: pending.observations,
        language: refund.language,
      };
    },
  );

  // Issue 31: what was read on the documents this link uploaded (the page shows it read-only).
  // Files of the refund's voucher only; '$' resolved by the refund's first claim's event country.
  app.get(
    refundLinkApiPaths.pendingDocReadings,
    { config: rateLimited(600, '15 minutes') },
    async (request, reply): Promise<FileReadingsResponse> => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const { refund } = await openLink(request, reply, 'documents', query.refund_id, query.hash);
      const { ids } = parseWith(fileReadingsQuerySchema, { ids: query.ids });
      const [claim] = await db
        .select({ country: refundClaims.sinisterCountry })
        .from(refundClaims)
        .where(eq(refundClaims.refundId, refund.id))
        .orderBy(refundClaims.position)
        .limit(1);
      const country = claim && /^[A-Z]{3}$/.test(claim.country) ? claim.country : null;
      return ownReadings(db, refund.voucherId, ids, country);
    },
  );

  app.post(
    refundLinkApiPaths.uploadPendingDoc,
    { config: rateLimited(60, '15 minutes') },
    async (request, reply): Promise<UploadPendingDocResponse> => {
      if (!request.isMultipart()) throw new HttpError(400, messages.refund.uploadNoFiles);
      // Issue 39: past the reading queue's bound a new upload is refused before it is read.
      await refuseWhenReadingQueueFull(context, reply);
      let link: { request: RequestRow; refund: RefundRecord } | null = null;
      const received: ReceivedFile[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'data' || link) continue;
            let data: unknown;
            const value = String(part.value);
            assertJsonShape(value);
            try {
              data = JSON.parse(value);
            } catch {
              throw new HttpError(403, text.linkInvalid);
            }
            const parsed = uploadPendingDocDataSchema.safeParse(data);
            const body = parsed.success ? parsed.data : { refund_id: 0, voucher_hash: '' };
            link = await openLink(request, reply, 'documents', body.refund_id, body.voucher_hash);
            continue;
          }
          // The link comes first (the `data` part); files before it are refused unread.
          if (!link) {
            part.file.resume();
            throw new HttpError(403, text.linkInvalid);
          }
          const max = link.request.maxFiles ?? 1;
          if (received.length >= max) {
            part.file.resume();
            throw new HttpError(413, text.filesTooMany(max), {
              code: 'links.filesTooMany',
              values: { max },
            });
          }
          const file = await store.receive(part.file, part.filename, MAX_UPLOAD_FILE_BYTES);
          received.push(file);
          if (file.tooLarge) throw new HttpError(413, messages.refund.uploadTooLarge);
          if (file.problem !== null) throw new HttpError(415, `${file.problem} (${file.name})`);
        }
        if (!link) throw new HttpError(403, text.linkInvalid);
        if (received.length === 0) throw new HttpError(400, messages.refund.uploadNoFiles);
        const quota = config.uploadQuotaBytes;
        const voucherId = link.refund.voucherId;
        const refundId = link.refund.id;
        await auditedWrite(db, null, async (tx) => {
          const [usage] = await tx
            .select({ bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
            .from(storedFiles)
            .where(and(eq(storedFiles.voucherId, voucherId), isNull(storedFiles.attachedAt)));
          const adding = received.reduce((sum, file) => sum + file.size, 0);
          if (Number(usage?.bytes ?? 0) + adding > quota) throw quotaExceeded(quota);
          await tx.insert(storedFiles).values(received.map((file) => storedFileRow(file, voucherId)));
          // Issue 39: the files' reading jobs are stored with them, before the answer.
          await receiptReaderOf(context).schedule(
            tx,
            voucherId,
            received.map((file) => file.id),
          );
          return { result: null, audit: received.map((file) => uploadAudit(file, refundId)) };
        });
      } catch (error) {
        await Promise.all(
          received.filter((file) => file.relativePath).map((file) => store.remove(file.relativePath)),
        );
        throw error;
      }
      reply.status(201);
      // Issue 31: the documents are read after the answer, never before it.
      runAfterResponse(reply, 'receipt reading', async () => {
        reencodingLaneOf(context).wake();
        receiptReaderOf(context).wake();
      });
      return {
        status: 'ok',
        files: received.map((file) => ({
          file_id: file.id,
          name: file.name,
          content_type: file.contentType!,
          size: file.size,
        })),
      };
    },
  );

  app.patch(
    refundLinkApiPaths.refundData,
    { config: rateLimited(30, '15 minutes') },
    async (request, reply) => {
      const body = parseWith(pendingDocsPatchSchema, request.body);
      const answer = body.refund.pending_documentation.client_pending_documents;
      const ids = [...new Set(answer.file_ids)];
      await openLink(request, reply, 'documents', body.refund.id, body.refund.hash);
      // Issue 39: the files attached are the re-encoded ones (refunds.ts does the same); the
      // link's own check below refuses files of another voucher.
      if (ids.length > 0) {
        const [linked] = await db
          .select({ voucherId: storedFiles.voucherId })
          .from(storedFiles)
          .where(inArray(storedFiles.id, ids))
          .limit(1);
        if (linked) await reencodeVoucherFiles(context, linked.voucherId).catch(() => {});
      }
      return auditedWrite(db, null, async (tx) => {
        const { request: pending, refund } = await resolveLink(
          tx,
          config,
          'documents',
          body.refund.id,
          body.refund.hash,
          {
            forUpdate: true,
          },
        );
        const max = pending.maxFiles ?? 1;
        if (ids.length > max) throw new FieldValidationError({ file_ids: [text.filesTooMany(max)] });
        // Only this voucher's files not yet part of a refund (the ones just uploaded with the link).
        const attached = await tx
          .update(storedFiles)
          .set({ attachedAt: new Date() })
          .where(
            and(
              inArray(storedFiles.id, ids),
              eq(storedFiles.voucherId, refund.voucherId),
              isNull(storedFiles.attachedAt),
            ),
          )
          .returning({ id: storedFiles.id, name: storedFiles.originalName });
        if (attached.length !== ids.length) throw new FieldValidationError({ file_ids: [text.fileUnknown] });
        await tx.insert(refundFiles).values(
          ids.map((fileId) => ({
            refundId: refund.id,
            claimId: null,
            fileId,
            kind: 'pending_doc' as const,
            requestId: pending.id,
          })),
        );
        await completeRequest(tx, pending, answer.comment);
        const audit = await backToReview(tx, refund, 'traveller_documents', {
          pending_doc_files: attached.map((file) => file.name).sort(),
          comment: answer.comment,
        });
        return { result: { status: 'ok' as const }, audit };
      });
    },
  );

  app.get(
    refundLinkApiPaths.pendingUpdateFields,
    { config: rateLimited(60, '1 minute') },
    async (request, reply): Promise<PaymentUpdateAccess> => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const { request: pending, refund } = await openLink(
        request,
        reply,
        'bank_data',
        query.refund_id,
        query.hash,
      );
      return {
        refund_id: refund.id,
        update_fields: pending.items as PaymentTextField[],
        observations: pending.observations,
        country_residence: refund.countryResidence,
        language: refund.language,
      };
    },
  );

  app.patch(
    refundLinkApiPaths.updateFields,
    { config: rateLimited(30, '15 minutes') },
    async (request, reply) => {
      const body = parseWith(paymentUpdateBodySchema, request.body);
      await openLink(request, reply, 'bank_data', body.refund_id, body.voucher_hash);
      return auditedWrite(db, null, async (tx) => {
        const { request: pending, refund } = await resolveLink(
          tx,
          config,
          'bank_data',
          body.refund_id,
          body.voucher_hash,
          {
            forUpdate: true,
          },
        );
        const fields = pending.items as PaymentTextField[];
        const [row] = await tx.select().from(refundPayments).where(eq(refundPayments.refundId, refund.id));
        const current: RefundPayment = emptyRefundPayment();
        if (row)
          for (const field of Object.keys(paymentColumns) as PaymentTextField[])
            current[field] = String(row[paymentColumns[field]] ?? '');
        const problems = paymentUpdateProblems(
          body.fields,
          fields,
          refund.countryResidence,
          current,
          body.cci_confirmed === true,
        );
        if (Object.keys(problems).length) {
          throw new FieldValidationError(
            Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
          );
        }
        const merged: RefundPayment = { ...current };
        for (const field of fields) merged[field] = body.fields[field] ?? '';
        const cleaned = cleanPaymentFor(merged, refund.countryResidence);
        const changes: Partial<typeof refundPayments.$inferInsert> = { updatedAt: new Date(), status: true };
        for (const field of fields)
          (changes as Record<string, unknown>)[paymentColumns[field]] = cleaned[field];
        if (fields.includes('bank')) changes.bankName = bankNameFor(refund.countryResidence, cleaned.bank);
        if (row) await tx.update(refundPayments).set(changes).where(eq(refundPayments.refundId, refund.id));
        else throw new HttpError(409, messages.refundReview.noBankData);
        await completeRequest(tx, pending);
        // The values are bank data: the history says which fields changed, never their values.
        const audit = await backToReview(tx, refund, 'traveller_bank_data', {}, fields);
        return { result: { status: 'ok' as const }, audit };
      });
    },
  );
}
