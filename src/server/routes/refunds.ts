/**
 * Public refund calls (SPEC §7 'Refund (public)', §4 refund wizard, §5 rules, §8 errors):
 * - GET  /refund_data/?voucher_id&document        the login; answers {refunds, access, may_claim}
 * - POST /refund_data/                            the submission (multipart `data` + `files`)
 * - GET  /refund_data/authorization-letter/       the model authorization letter (PDF)
 * - POST /refund_data/logout/                     'Salir': revokes the traveller's tokens (204)
 * The login never says which part was wrong; the other calls need its refund access token. A new
 * login, a stored submission and 'Salir' revoke the subject's earlier tokens (issue 28 §6).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { historyEntityOf } from '../../contracts/engine';
import { isLanguage, languageOfAcceptLanguage, languageOfCountry, translatorOf } from '../../contracts/i18n';
import { messages } from '../../contracts/messages';
import {
  bankNameFor,
  localTodayIso,
  multiCauseRows,
  REFUND_STATUS_REACH_DAYS,
  REFUND_STATUS_RECEIVED,
  REFUND_WINDOW_DAYS,
  type RefundLoginData,
  type RefundLoginResponse,
  type RefundSubmissionResponse,
  refundApiPaths,
  refundDraftSaveSchema,
  refundLoginQuerySchema,
  refundSubmissionSchemaFor,
  storedFileSchema,
} from '../../contracts/refund';
import { refundReviewContract } from '../../contracts/refund/review';
import { statusReachable } from '../../contracts/refund/status';
import { findCountryByIdent } from '../../contracts/static';
import { openRefundAccess, requireRefundAccess, revokeRefundAccess } from '../auth/refundAccess';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import {
  countries,
  coverages,
  passengers,
  productCoverages,
  refundClaimMissingItems,
  refundClaimServices,
  refundClaims,
  refundFiles,
  refundPayments,
  refunds,
  reservations,
  storedFiles,
  voucherPassengers,
  vouchers,
} from '../db/schema';
import { clientAddressKey, createAttemptCounters, retryAfterSeconds } from '../http/attempts';
import { FieldValidationError, HttpError, unauthorized } from '../http/errors';
import { assertJsonShape } from '../http/jsonBody';
import { refundLoginAddress, refundLoginPair } from '../http/limits';
import { rateLimited } from '../http/rateLimit';
import { parseWith } from '../http/validate';
import { auditedWrite } from '../resources/engine';
import { authorizationLetterPdf } from '../services/authorizationLetter';
import { runAfterResponse } from '../services/background';
import { reencodeVoucherFiles } from '../services/reencoding';
import { deleteDraftIn, discardDraft, readDraft, saveDraft } from '../services/refundDrafts';
import { mailSubmissionConfirmation, submittedRefundsOf } from '../services/refundLinks';

const text = messages.refund;
const CANCELLED_STATUS = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Every failed login takes at least this long, so timing does not tell what was wrong. */
const FAILED_LOGIN_FLOOR_MS = 250;

/** Documents are compared without dots, spaces or hyphens and case-insensitively. */
export function normalizeDocument(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface VoucherForRefund {
  voucherId: number;
  paxId: number;
  data: RefundLoginData;
  /** Coverage name -> id, for the voucher's product. */
  coverageIds: Map<string, number>;
  eligible: boolean;
}

/**
 * The voucher as the refund portal sees it, for a passenger of that voucher holding the document;
 * null when the pair does not match. `eligible` says whether a refund may be requested now
 * (not cancelled, today <= date_out + 30 days).
 */
async function loadVoucherForRefund(
  db: Database | Transaction,
  voucherId: number,
  document: string,
): Promise<VoucherForRefund | null> {
  const normalized = normalizeDocument(document);
  // A document with no letters or digits matches nobody (and a NUL placeholder would be refused).
  if (normalized === '') return null;
  const [row] = await db
    .select({
      voucherId: vouchers.id,
      status: vouchers.status,
      productId: vouchers.productId,
      dateIn: reservations.dateIn,
      dateOut: reservations.dateOut,
      paxId: passengers.id,
      docNumber: passengers.docNumber,
      name: passengers.name,
      surname: passengers.surname,
      email: passengers.email,
      phone: passengers.phone,
      countryIdent: countries.ident,
      urlRedirect: countries.urlRedirect,
    })
    .from(vouchers)
    .innerJoin(reservations, eq(reservations.id, vouchers.reservationId))
    .innerJoin(voucherPassengers, eq(voucherPassengers.voucherId, vouchers.id))
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .leftJoin(countries, eq(countries.id, passengers.countryId))
    .where(
      and(
        eq(vouchers.id, voucherId),
        sql`upper(regexp_replace(${passengers.docNumber}, '[^0-9A-Za-z]', '', 'g')) = ${normalized}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const eligible =
    row.status !== CANCELLED_STATUS && localTodayIso() <= addDays(row.dateOut, REFUND_WINDOW_DAYS);
  const coverageRows = row.productId
    ? await db
        .select({
          id: coverages.id,
          name: coverages.longNameEs,
          namePt: coverages.longNamePo,
          nameEn: coverages.longNameEn,
          requiredItems: coverages.requiredItems,
          isMultiCause: coverages.isMultiCause,
        })
        .from(productCoverages)
        .innerJoin(coverages, eq(coverages.id, productCoverages.coverageId))
        .where(eq(productCoverages.productId, row.productId))
        .orderBy(coverages.longNameEs)
    : [];
  const country = row.countryIdent === null ? undefined : findCountryByIdent(row.countryIdent);
  return {
    voucherId: row.voucherId,
    paxId: row.paxId,
    eligible,
    coverageIds: new Map(coverageRows.map((coverage) => [coverage.name, coverage.id])),
    data: {
      doc_number: row.docNumber,
      voucher: String(row.voucherId),
      country_residence: country?.iso3 ?? '',
      name: row.name,
      surname: row.surname,
      email: row.email,
      phone: row.phone,
      coverages: coverageRows.map((coverage) => coverage.name),
      coverage_names: Object.fromEntries(
        coverageRows.map((coverage) => [coverage.name, { pt: coverage.namePt, en: coverage.nameEn }]),
      ),
      required_items: Object.fromEntries(
        coverageRows.map((coverage) => [coverage.name, coverage.requiredItems]),
      ),
      multi_cause_coverages: coverageRows
        .filter((coverage) => coverage.isMultiCause)
        .map((coverage) => coverage.name),
      url_country_b2c: row.urlRedirect ?? '',
      date_in: row.dateIn,
      date_out: row.dateOut,
    },
  };
}

/** The `data` and `files` parts of the submission: multipart (SPEC §7), or a JSON body. */
async function readSubmissionParts(request: FastifyRequest): Promise<{ data: unknown; files: unknown }> {
  const raw: Record<string, string> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      if (typeof part.value === 'string') raw[part.fieldname] = part.value;
    }
  } else if (request.body && typeof request.body === 'object') {
    const body = request.body as Record<string, unknown>;
    return { data: body.data, files: body.files ?? [] };
  }
  const parse = (value: string | undefined) => {
    if (value === undefined) return undefined;
    assertJsonShape(value);
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new HttpError(400, text.submissionInvalid);
    }
  };
  return { data: parse(raw.data), files: parse(raw.files) ?? [] };
}

export function refundRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  // Failed logins in the database (issue 10; policies in http/limits.ts): per address and per
  // voucher+document pair, with growing delays. Never per voucher or per document alone: that
  // would let guessers lock the traveller with the right document out. Successes never count.
  // The route's rate limit is only a coarse flood guard (60 a minute per address, all instances).
  const attempts = createAttemptCounters(db);
  refundLogoutRoute(app, context);
  refundDraftRoutes(app, context);

  app.get(
    refundApiPaths.refundData,
    { config: rateLimited(60, '1 minute') },
    async (request, reply): Promise<RefundLoginResponse> => {
      const started = performance.now();
      const query = parseWith(refundLoginQuerySchema, request.query);
      const voucherKey = query.voucher_id.trim();
      const documentKey = normalizeDocument(query.document);
      const voucherId = /^\d{1,9}$/.test(voucherKey) ? Number(voucherKey) : -1;
      // The pair as the lookup sees it ('007' is voucher 7, '30.123.456' is document 30123456),
      // so spelling variants of one pair share its counter.
      const pair = `${voucherId >= 0 ? voucherId : voucherKey.slice(0, 40)}|${documentKey.slice(0, 60)}`;
      const limits = [
        { policy: refundLoginAddress, key: clientAddressKey(request.ip) },
        { policy: refundLoginPair, key: pair },
      ];
      const blocked = await attempts.blockedFor(limits);
      if (blocked > 0) {
        reply.header('retry-after', String(retryAfterSeconds(blocked)));
        throw new HttpError(429, text.tooManyAttempts);
      }
      const found = await loadVoucherForRefund(db, voucherId, query.document);
      // Issue 40 (traveller reach): past the 30-day window (or on a cancelled voucher) the login
      // still opens the status page while a refund of this voucher and document is not closed,
      // or closed less than REFUND_STATUS_REACH_DAYS ago; only new claims keep the 30-day rule.
      const submittedBefore =
        found && !found.eligible
          ? await submittedRefundsOf(db, context.config, found.voucherId, found.data.doc_number)
          : null;
      const reachable =
        found !== null &&
        (found.eligible || statusReachable(submittedBefore ?? [], new Date(), REFUND_STATUS_REACH_DAYS));
      if (!found || !reachable) {
        for (const limit of limits) await attempts.recordFailure(limit);
        await sleep(Math.max(0, FAILED_LOGIN_FLOOR_MS - (performance.now() - started)));
        throw new HttpError(400, text.loginFailed);
      }
      // A new login revokes the earlier tokens of this voucher and document (issue 28 §6).
      const access = await openRefundAccess(db, context.config.jwtSecret, {
        voucherId: found.voucherId,
        docNumber: found.data.doc_number,
      });
      // Issue 17: what this traveller already submitted, so the portal shows it before a new wizard.
      const submitted =
        submittedBefore ??
        (await submittedRefundsOf(db, context.config, found.voucherId, found.data.doc_number));
      return { refunds: found.data, access, submitted_refunds: submitted, may_claim: found.eligible };
    },
  );

  app.get(
    refundApiPaths.authorizationLetter,
    { config: rateLimited(60, '15 minutes') },
    async (request, reply) => {
      // Issue 42: in the page's language (`?lang=`, the link is a plain download), else the
      // browser's Accept-Language, else Spanish. Any other `lang` is not an error: Spanish.
      const query = (request.query ?? {}) as Record<string, unknown>;
      const language = isLanguage(query.lang)
        ? query.lang
        : (languageOfAcceptLanguage(request.headers['accept-language']) ?? 'es');
      const pdf = await authorizationLetterPdf({ brandName: context.config.brandName, language });
      const fileName = translatorOf(language).t('letter.fileName');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept-language')
        .send(pdf);
    },
  );

  app.post(
    refundApiPaths.refundData,
    {
      // A revoked token passes only to be answered the retry of a refund it stored (below).
      preHandler: requireRefundAccess(context, { acceptRevoked: true }),
      config: rateLimited(30, '15 minutes'),
    },
    async (request, reply): Promise<RefundSubmissionResponse> => {
      const access = request.refundAccess!;
      const { data, files } = await readSubmissionParts(request);
      if (access.revoked) {
        // Issue 17's 'Reintentar' after an answer that was lost: the submission stored (and the
        // token revoked) is answered again; nothing else is done with a revoked token.
        const key =
          typeof data === 'object' && data ? (data as { idempotency_key?: unknown }).idempotency_key : null;
        const existing =
          typeof key === 'string' && UUID.test(key) ? await findByIdempotencyKey(db, key) : null;
        if (!existing || existing.voucherId !== access.voucherId) throw unauthorized(text.sessionReplaced);
        return answerFor(existing, access.voucherId);
      }
      const found = await loadVoucherForRefund(db, access.voucherId, access.docNumber);
      if (!found?.eligible) throw new HttpError(403, text.accessExpired);

      // A retry of a submission already stored answers the first refund, before anything else.
      const key =
        typeof data === 'object' && data ? (data as { idempotency_key?: unknown }).idempotency_key : null;
      if (typeof key === 'string' && UUID.test(key)) {
        const existing = await findByIdempotencyKey(db, key);
        if (existing) return answerFor(existing, access.voucherId);
      }

      const submission = parseWith(refundSubmissionSchemaFor(found.data), data);
      const sent = parseWith(
        storedFileSchema.pick({ id: true }).array().max(1000),
        Array.isArray(files) ? files : [],
      );
      const mismatch: Record<string, string[]> = {};
      if (submission.refund.voucher.trim() !== found.data.voucher)
        mismatch['refund.voucher'] = [text.applicantMismatch];
      if (normalizeDocument(submission.refund.doc_number) !== normalizeDocument(found.data.doc_number)) {
        mismatch['refund.doc_number'] = [text.applicantMismatch];
      }
      if (Object.keys(mismatch).length) throw new FieldValidationError(mismatch);

      // Issue 39: the voucher's images still as sent (the re-encoding lane is seconds behind at
      // most) are re-encoded before they are attached, so a refund's files are the kept bytes and
      // sizes staff and the importer see. A stopped child leaves them to the lane.
      await reencodeVoucherFiles(context, found.voucherId).catch(() => {});

      // Audited in its own transaction as the traveller's voucher (public, never a staff id).
      const created = await auditedWrite(db, null, async (tx) => {
        const [refund] = await tx
          .insert(refunds)
          .values({
            voucherId: found.voucherId,
            paxId: found.paxId,
            docNumber: found.data.doc_number,
            name: submission.refund.name,
            surname: submission.refund.surname,
            email: submission.refund.email,
            phoneContact: submission.refund.phone_contact,
            status: REFUND_STATUS_RECEIVED,
            clientComment: submission.refund.client_comment || submission.refund_coverage.comment,
            idempotencyKey: submission.idempotency_key,
            countryResidence: found.data.country_residence,
            // Issue 42: the portal sends the traveller's language as Accept-Language.
            language:
              languageOfAcceptLanguage(request.headers['accept-language']) ??
              languageOfCountry(found.data.country_residence),
          })
          .onConflictDoNothing({ target: refunds.idempotencyKey })
          .returning({ id: refunds.id, status: refunds.status, voucherId: refunds.voucherId });
        if (!refund) return { result: null, audit: [] };
        // The submission ends the session: its tokens are revoked with the refund's own commit,
        // and the wizard's draft (issue 30 §1) goes with it.
        await revokeRefundAccess(tx, access);
        await deleteDraftIn(tx, access);

        const ownFiles = async (refs: readonly { id: string }[], field: string) => {
          const ids = [...new Set(refs.map((ref) => ref.id))];
          if (ids.length === 0) return [];
          // Attaching the files (same transaction as the submission) takes them out of the
          // orphan cleanup; the UPDATE holds their rows, so the cleanup cannot delete them now.
          const rows = await tx
            .update(storedFiles)
            .set({ attachedAt: sql`coalesce(${storedFiles.attachedAt}, now())` })
            .where(and(inArray(storedFiles.id, ids), eq(storedFiles.voucherId, found.voucherId)))
            .returning({
              id: storedFiles.id,
              name: storedFiles.originalName,
              reencoding: storedFiles.reencoding,
            });
          if (rows.length !== ids.length) throw new FieldValidationError({ [field]: [text.fileUnknown] });
          const refused = rows.filter((row) => row.reencoding === 'refused');
          if (refused.length > 0)
            throw new FieldValidationError({
              [field]: refused.map((row) => `${text.uploadNotDecodable} (${row.name})`),
            });
          return ids;
        };

        for (const [position, claim] of submission.refund_coverage.claims.entries()) {
          const [claimRow] = await tx
            .insert(refundClaims)
            .values({
              refundId: refund.id,
              position,
              coverageId: found.coverageIds.get(claim.coverage)!,
              coverageName: claim.coverage,
              sinisterCountry: claim.sinister_country,
              sinisterDate: claim.sinister_date,
              currencyCode: claim.currency,
              amount: claim.amount,
            })
            .returning({ id: refundClaims.id });
          if (claim.multi_cause) {
            const services = multiCauseRows(claim.multi_cause);
            if (services.length) {
              await tx.insert(refundClaimServices).values(
                services.map((service) => ({
                  claimId: claimRow.id,
                  service: service.service,
                  serviceName: service.serviceName,
                  amountPaid: service.amountPaid,
                  amountRecovered: service.amountRecovered,
                })),
              );
            }
          }
          const fileIds = await ownFiles(
            claim.coverage_files,
            `refund_coverage.claims.${position}.coverage_files`,
          );
          // Issue 30 §3: each receipt keeps the checklist item it was added under (the first
          // reference wins when a file is listed twice; the schema refuses duplicates anyway).
          const itemOf = new Map<string, string | null>();
          for (const file of claim.coverage_files) if (!itemOf.has(file.id)) itemOf.set(file.id, file.item);
          await tx.insert(refundFiles).values(
            fileIds.map((fileId) => ({
              refundId: refund.id,
              claimId: claimRow.id,
              fileId,
              kind: 'claim' as const,
              item: itemOf.get(fileId) ?? null,
            })),
          );
          if (claim.missing_items.length) {
            await tx.insert(refundClaimMissingItems).values(
              claim.missing_items.map((entry) => ({
                claimId: claimRow.id,
                item: entry.item,
                reason: entry.reason,
              })),
            );
          }
        }

        const payment = submission.refund_payment;
        await tx.insert(refundPayments).values({
          refundId: refund.id,
          paymentMethod: payment.payment_method,
          refundMethod: payment.refund_method,
          owner: payment.owner,
          bank: payment.bank,
          bankName: bankNameFor(found.data.country_residence, payment.bank),
          accountType: payment.account_type,
          accountNumber: payment.account_number,
          cbu: payment.cbu,
          alias: payment.alias,
          cuitCuil: payment.cuit_cuil,
          rut: payment.rut,
          cedula: payment.cedula,
          adress: payment.adress,
          phone: payment.phone,
          swift: payment.swift,
          docNumber: payment.doc_number,
          bankAdress: payment.bank_adress,
          cable: payment.cable,
          baWire: payment.ba_wire,
          iban: payment.iban,
          status: true,
        });
        for (const kind of ['authorization_letter', 'authorized_document'] as const) {
          const fileIds = await ownFiles(payment[kind], `refund_payment.${kind}`);
          if (fileIds.length) {
            await tx
              .insert(refundFiles)
              .values(fileIds.map((fileId) => ({ refundId: refund.id, claimId: null, fileId, kind })));
          }
        }
        // Files listed in the `files` part must be this voucher's too (they are the upload answers).
        await ownFiles(sent, 'files');
        return {
          result: refund,
          audit: {
            entity: historyEntityOf(refundReviewContract.path),
            recordId: refund.id,
            action: 'create',
            before: null,
            after: { status: refund.status, voucher: found.data.voucher },
            publicActor: `voucher:${found.voucherId}`,
          },
        };
      });

      const refund = created ?? (await findByIdempotencyKey(db, submission.idempotency_key));
      if (!refund) throw new HttpError(500, messages.common.genericError);
      // A new refund (not a retry of a stored one) is confirmed by mail after the answer (issue 17).
      if (created) {
        runAfterResponse(reply, 'refund confirmation mail', () =>
          mailSubmissionConfirmation(context, created.id),
        );
      }
      return answerFor(refund, access.voucherId);
    },
  );
}

/**
 * The wizard's server-side draft (issue 30 §1, docs/refund-drafts.md), scoped by the caller's
 * token (voucher + document): GET answers {draft|null}; PUT {version, data} answers {version} or
 * 409 when another tab or device saved first; DELETE discards it (204).
 */
function refundDraftRoutes(app: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireRefundAccess(context) };
  app.get(refundApiPaths.draft, { ...guard, config: rateLimited(120, '15 minutes') }, async (request) => ({
    draft: await readDraft(context.db, request.refundAccess!),
  }));
  app.put(refundApiPaths.draft, { ...guard, config: rateLimited(600, '15 minutes') }, async (request) => {
    const save = parseWith(refundDraftSaveSchema, request.body);
    return saveDraft(
      context.db,
      request.refundAccess!,
      save,
      languageOfAcceptLanguage(request.headers['accept-language']),
    );
  });
  app.delete(
    refundApiPaths.draft,
    { ...guard, config: rateLimited(60, '15 minutes') },
    async (request, reply) => {
      await discardDraft(context.db, request.refundAccess!);
      return reply.status(204).send();
    },
  );
}

/** 'Salir' on the refund portal: revokes every token of the traveller's voucher and document. */
function refundLogoutRoute(app: FastifyInstance, context: AppContext) {
  app.post(
    refundApiPaths.logout,
    { preHandler: requireRefundAccess(context), config: rateLimited(60, '15 minutes') },
    async (request, reply) => {
      await revokeRefundAccess(context.db, request.refundAccess!);
      return reply.status(204).send();
    },
  );
}

async function findByIdempotencyKey(db: Database, key: string) {
  const [row] = await db
    .select({ id: refunds.id, status: refunds.status, voucherId: refunds.voucherId })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

function answerFor(
  refund: { id: number; status: string; voucherId: number },
  voucherId: number,
): RefundSubmissionResponse {
  // A key reused by another voucher is not an answer to this traveller's submission.
  if (refund.voucherId !== voucherId) throw new HttpError(409, text.submissionInvalid);
  return { refund: { id: refund.id, status: refund.status }, refund_payment: { status: true }, create: true };
}
