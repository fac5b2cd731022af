/**
 * Reservas y Vouchers (issue 15; SPEC §7 'Reservations, vouchers, passengers', §4 'Vouchers'):
 *
 *   /reservation/, /voucher/ (engine: list, detail, PUT, actions status_N and cancel_all, bulk)
 *   POST /get_reservation/ {filters}            -> the reservation list; {status: 'Error', detail} on bad filters
 *   POST /status_reservation {reservation_id, voucher_id, status} -> {status: 'OK', message, results}
 *   POST /cancelAllVouchers/ {id_reservation}   -> {status: 'OK', message} (one transaction)
 *   POST /pdfVoucher/ {voucher_id}              -> application/pdf
 *   POST /pdfMultiVoucher/ {id_reservation}     -> application/pdf (every voucher of the reservation)
 *   POST /sendEmailCCGG/ {voucher_id, email?}   -> {status: 'OK' | 'Error', message}
 *   POST /sendMultiVoucher/ {id_reservation, email?} -> {status, message} (the PDF attached)
 *     (both: the passengers or the office by default, another email only with voucher/add, a
 *     limit per user, every send in the vouchers' history; issue 28 §3)
 *   GET  /sendAcceptConditions/{data}           -> 303 to the page /terms/{data}, changing nothing
 *   GET  /terms/{data}/, POST /terms/{data}/accept/ -> the terms page's calls (./terms.ts)
 *   GET  /csv_reservation_filter/?<filters>&offset&limit -> text/csv, UTF-8 with BOM, ';' (../services/csvWriter.ts)
 *
 * The status calls and the reservation list call the modules' services in process (same scope,
 * permissions, transitions and audit as their routes); the CSV reads the list reader by keyset.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  bookingPaths,
  cancelAllSchema,
  pdfMultiVoucherSchema,
  pdfVoucherSchema,
  reservationFilterSchema,
  sendEmailSchema,
  statusActionName,
  statusReservationSchema,
} from '../../contracts/bookings';
import { historyEntityOf } from '../../contracts/engine';
import { formatUtcDate } from '../../contracts/format';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { termsPaths } from '../../contracts/terms';
import { authenticate, principalOf, requirePermission } from '../auth/guard';
import type { Principal } from '../auth/principal';
import type { AppContext } from '../context';
import { offices, passengers, reservations, voucherPassengers, vouchers } from '../db/schema';
import { retryAfterSeconds } from '../http/attempts';
import { FieldValidationError, HttpError, notFound } from '../http/errors';
import { voucherMailsPerUser } from '../http/limits';
import { rateLimited } from '../http/rateLimit';
import { createRateLimitCounters, rateLimitKey } from '../http/rateLimitStore';
import { parseWith } from '../http/validate';
import { reservationResource, reservationScope, voucherResource, voucherScope } from '../resources/bookings';
import { auditedWrite, listAnswer, registerResource, serviceOf } from '../resources/engine';
import { encodeCursor } from '../resources/listQuery';
import { type CsvColumn, csvStream } from '../services/csvWriter';
import type { OutgoingMail } from '../services/mail';
import { HeavyWorkBusy, renderPdfInPool } from '../services/receiptReading/heavyProcess';
import { termsLinkData, termsLinkExpiry } from '../services/termsLinks';
import { loadPrintData } from '../services/voucherPdf';
import { termsRoutes } from './terms';

const text = messages.bookings;
const voucherHistoryEntity = historyEntityOf(voucherResource.contract.path);

interface Recipient {
  email: string;
  name: string;
}

/** The first message of a validation failure, for {status: 'Error', detail}. */
function detailOf(error: unknown): string | null {
  if (error instanceof FieldValidationError)
    return Object.values(error.fields).flat()[0] ?? text.filterInvalid;
  if (error instanceof HttpError) return error.detail;
  return null;
}

function parseOrError<T>(reply: FastifyReply, parse: () => T): T | null {
  try {
    return parse();
  } catch (error) {
    const detail = detailOf(error);
    if (detail === null) throw error;
    const fields = error instanceof FieldValidationError ? error.fields : {};
    void reply
      .status(error instanceof HttpError ? error.statusCode : 400)
      .send({ status: 'Error', detail, errors: fields });
    return null;
  }
}

export function bookingRoutes(app: FastifyInstance, context: AppContext) {
  const { db, config } = context;
  registerResource(app, context, reservationResource);
  registerResource(app, context, voucherResource);
  termsRoutes(app, context);

  const reservationService = serviceOf(context, reservationResource);
  const voucherService = serviceOf(context, voucherResource);

  /**
   * Runs a service call and answers its refusal as `{status: 'Error', detail}` with the refusal's
   * status (the compatibility calls' shape); null when it answered the refusal.
   */
  async function orError<T>(reply: FastifyReply, work: () => Promise<T>): Promise<{ value: T } | null> {
    try {
      return { value: await work() };
    } catch (error) {
      const detail = detailOf(error);
      if (detail === null || !(error instanceof HttpError || error instanceof FieldValidationError))
        throw error;
      void reply.status(error.statusCode).send({ status: 'Error', detail });
      return null;
    }
  }

  const secret = () => config.jwtSecret;

  /** The voucher ids of these, inside the principal's scope (others are 404). */
  async function scopedVoucher(principal: Principal, voucherId: number) {
    const scope = voucherScope(principal);
    const [row] = await db
      .select({ id: vouchers.id, reservationId: vouchers.reservationId })
      .from(vouchers)
      .where(scope ? and(eq(vouchers.id, voucherId), scope) : eq(vouchers.id, voucherId));
    if (!row) throw notFound(messages.common.notFound);
    return row;
  }

  async function scopedReservationVoucherIds(principal: Principal, reservationId: number): Promise<number[]> {
    const scope = reservationScope(principal);
    const [reservation] = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(scope ? and(eq(reservations.id, reservationId), scope) : eq(reservations.id, reservationId));
    if (!reservation) throw notFound(messages.common.notFound);
    const rows = await db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.reservationId, reservationId))
      .orderBy(asc(vouchers.id));
    return rows.map((row) => row.id);
  }

  const brand = () => ({ brandName: config.brandName, assistancePhone: config.assistancePhone });

  app.post(bookingPaths.getReservation, { preHandler: authenticate(context) }, async (request, reply) => {
    const filters = parseOrError(reply, () => parseWith(reservationFilterSchema, request.body ?? {}));
    if (!filters) return reply;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters))
      if (value !== undefined) params.set(key, key === 'date_emision' ? String(value) : String(value));
    // The list's own answer, its links to the list's address (as GET {path}?<filters> answers).
    const page = await reservationService.list(principalOf(request), Object.fromEntries(params));
    return listAnswer(`${app.prefix}${reservationResource.contract.path}?${params}`, page);
  });

  app.post(bookingPaths.statusReservation, { preHandler: authenticate(context) }, async (request, reply) => {
    const principal = principalOf(request);
    const body = parseOrError(reply, () => parseWith(statusReservationSchema, request.body ?? {}));
    if (!body) return reply;
    let ids: number[];
    if (body.voucher_id !== null && body.voucher_id !== undefined)
      ids = Array.isArray(body.voucher_id) ? body.voucher_id : [body.voucher_id];
    else if (body.reservation_id) ids = await scopedReservationVoucherIds(principal, body.reservation_id);
    else return reply.status(400).send({ status: 'Error', detail: text.voucherIdsRequired });
    if (!ids.length) return reply.status(409).send({ status: 'Error', detail: text.statusNotChanged });
    const outcome = await orError(reply, () =>
      voucherService.runBulkAction(principal, statusActionName(body.status), { ids }),
    );
    if (!outcome) return reply;
    const parsed = outcome.value;
    const done = parsed.results.filter((result) => result.ok).length;
    if (done === 0) {
      const first = parsed.results.find((result) => !result.ok);
      return reply.status(409).send({
        status: 'Error',
        detail: first && !first.ok ? first.detail : text.statusNotChanged,
        results: parsed.results,
      });
    }
    return { status: 'OK', message: text.statusChanged(done), results: parsed.results };
  });

  app.post(bookingPaths.cancelAll, { preHandler: authenticate(context) }, async (request, reply) => {
    const body = parseOrError(reply, () => parseWith(cancelAllSchema, request.body ?? {}));
    if (!body) return reply;
    const principal = principalOf(request);
    const outcome = await orError(reply, () =>
      reservationService.runAction(principal, 'cancel_all', body.id_reservation, {}),
    );
    if (!outcome) return reply;
    return { status: 'OK', message: text.cancelAllDone, reservation: outcome.value };
  });

  const viewVoucher = requirePermission(context, 'voucher', 'view');

  /**
   * The PDF drawn in the heavy-work pool (issue 39: off the request's event loop, at nice 10),
   * sent; past the pool's PDF bound, 503 with Retry-After.
   */
  const sendPdf = async (
    reply: FastifyReply,
    data: Parameters<typeof renderPdfInPool>[2],
    title: string,
    name: string,
  ) => {
    let bytes: Uint8Array;
    try {
      bytes = await renderPdfInPool(context, brand(), data, title);
    } catch (error) {
      if (!(error instanceof HeavyWorkBusy)) throw error;
      return reply
        .status(503)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ status: 'Error', detail: text.pdfBusy });
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes));
  };

  app.post(bookingPaths.pdfVoucher, { preHandler: viewVoucher }, async (request, reply) => {
    const body = parseOrError(reply, () => parseWith(pdfVoucherSchema, request.body ?? {}));
    if (!body) return reply;
    const voucher = await scopedVoucher(principalOf(request), body.voucher_id);
    const data = await loadPrintData(db, [voucher.id]);
    return sendPdf(reply, data, `Voucher ${voucher.id}`, `voucher_${voucher.id}.pdf`);
  });

  app.post(bookingPaths.pdfMultiVoucher, { preHandler: viewVoucher }, async (request, reply) => {
    const body = parseOrError(reply, () => parseWith(pdfMultiVoucherSchema, request.body ?? {}));
    if (!body) return reply;
    const ids = await scopedReservationVoucherIds(principalOf(request), body.id_reservation);
    const data = await loadPrintData(db, ids);
    return sendPdf(
      reply,
      data,
      `Multivoucher reserva ${body.id_reservation}`,
      `multivoucher_${body.id_reservation}.pdf`,
    );
  });

  /**
   * Who a send may reach (issue 28 §3): by default the voucher's passengers with an email (each
   * gets their own mail), else the office's own email. A given address goes through when it is
   * one of those; any other address only for holders of voucher/add (who may edit the voucher
   * and its travellers' contact data anyway), else 403. The rule lives here only.
   */
  async function recipientsOf(
    principal: Principal,
    voucherIds: readonly number[],
    email: string | undefined,
  ): Promise<{ recipients: Recipient[] } | { status: 400 | 403; detail: string }> {
    const known = await knownRecipients(voucherIds);
    if (email) {
      const wanted = email.toLowerCase();
      const found = [...known.passengers, ...known.office].find(
        (item) => item.email.toLowerCase() === wanted,
      );
      if (found) return { recipients: [found] };
      if (!can(principal, 'voucher', 'add')) return { status: 403, detail: text.recipientForbidden };
      return { recipients: [{ email, name: '' }] };
    }
    const recipients = known.passengers.length ? known.passengers : known.office;
    if (!recipients.length) return { status: 400, detail: text.noRecipient };
    return { recipients };
  }

  async function knownRecipients(voucherIds: readonly number[]) {
    if (!voucherIds.length) return { passengers: [], office: [] };
    const rows = await db
      .select({ email: passengers.email, name: passengers.name })
      .from(voucherPassengers)
      .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
      .where(and(inArray(voucherPassengers.voucherId, [...voucherIds]), sql`${passengers.email} <> ''`))
      .orderBy(asc(voucherPassengers.voucherId), asc(passengers.id));
    const seen = new Set<string>();
    const passengerRecipients: Recipient[] = [];
    for (const row of rows) {
      const key = row.email.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      passengerRecipients.push({ email: row.email.trim(), name: row.name });
    }
    const [office] = await db
      .select({ email: offices.email })
      .from(vouchers)
      .innerJoin(offices, eq(offices.id, vouchers.officeId))
      .where(and(inArray(vouchers.id, [...voucherIds]), sql`${offices.email} <> ''`))
      .limit(1);
    return {
      passengers: passengerRecipients,
      office: office ? [{ email: office.email.trim(), name: '' }] : [],
    };
  }

  const mailCounters = createRateLimitCounters(db);

  /** Counts one send of `principal`; answers the wait (ms) when over the per-user limit, else 0. */
  async function mailLimitWait(principal: Principal): Promise<number> {
    const hit = await mailCounters.hit(
      rateLimitKey('voucher-mails', `user:${principal.id}`),
      voucherMailsPerUser.windowMs,
    );
    return hit.current > voucherMailsPerUser.max ? Math.max(1, hit.ttl) : 0;
  }

  /**
   * Resolves the recipients, applies the per-user limit, sends one mail per recipient and writes
   * the sends (their recipients) in the history of each voucher, in one transaction.
   */
  async function sendDocuments(
    request: FastifyRequest,
    reply: FastifyReply,
    send: {
      voucherIds: readonly number[];
      email: string | undefined;
      action: 'send_terms' | 'send_multivoucher';
      extra?: Record<string, unknown>;
      mailFor(recipient: Recipient): Promise<OutgoingMail> | OutgoingMail;
    },
  ) {
    const principal = principalOf(request);
    const resolved = await recipientsOf(principal, send.voucherIds, send.email);
    if ('status' in resolved)
      return reply.status(resolved.status).send({ status: 'Error', detail: resolved.detail });
    const wait = await mailLimitWait(principal);
    if (wait > 0) {
      const seconds = retryAfterSeconds(wait);
      return reply
        .status(429)
        .header('retry-after', String(seconds))
        .send({ status: 'Error', detail: text.mailLimited(Math.ceil(seconds / 60)) });
    }
    const sent: string[] = [];
    let failed = false;
    for (const recipient of resolved.recipients) {
      try {
        await context.mailer.send(await send.mailFor(recipient));
        sent.push(recipient.email);
      } catch (error) {
        request.log.error({ err: error, action: send.action }, 'voucher mail failed');
        failed = true;
        break;
      }
    }
    if (sent.length)
      await auditedWrite(db, principal, async () => ({
        result: null,
        audit: send.voucherIds.map((voucherId) => ({
          entity: voucherHistoryEntity,
          recordId: voucherId,
          action: send.action,
          before: null,
          after: { recipients: sent, ...send.extra },
        })),
      }));
    if (failed) return reply.status(502).send({ status: 'Error', detail: text.mailFailed });
    return { status: 'OK', message: text.mailSent };
  }

  app.post(bookingPaths.sendTerms, { preHandler: viewVoucher }, async (request, reply) => {
    const body = parseOrError(reply, () => parseWith(sendEmailSchema, request.body ?? {}));
    if (!body) return reply;
    if (!body.voucher_id) return reply.status(400).send({ status: 'Error', detail: text.voucherRequired });
    const voucher = await scopedVoucher(principalOf(request), body.voucher_id);
    const [data] = await loadPrintData(db, [voucher.id]);
    // Issue 39: the link lapses TERMS_LINK_DAYS from now (its expiry is signed); the mail says when.
    const expiresAt = termsLinkExpiry(config.termsLinkDays);
    const link = `${config.publicUrl}${termsPaths.page(termsLinkData(secret(), voucher.id, expiresAt))}`;
    const expires = formatUtcDate(expiresAt);
    return sendDocuments(request, reply, {
      voucherIds: [voucher.id],
      email: body.email,
      action: 'send_terms',
      mailFor: (recipient) => ({
        to: recipient.email,
        subject: text.mail.termsSubject(config.brandName),
        text: text.mail.termsBody(recipient.name, voucher.id, data?.productName ?? '', link, expires),
      }),
    });
  });

  app.post(bookingPaths.sendMulti, { preHandler: viewVoucher }, async (request, reply) => {
    const body = parseOrError(reply, () => parseWith(sendEmailSchema, request.body ?? {}));
    if (!body) return reply;
    const reservationId = body.id_reservation;
    if (!reservationId) return reply.status(400).send({ status: 'Error', detail: text.reservationRequired });
    const ids = await scopedReservationVoucherIds(principalOf(request), reservationId);
    let pdf: Buffer | null = null;
    return sendDocuments(request, reply, {
      voucherIds: ids,
      email: body.email,
      action: 'send_multivoucher',
      extra: { reservation: reservationId },
      mailFor: async (recipient) => {
        // In the heavy-work pool; a mail (limited per user) waits for a place instead of a 503.
        pdf ??= Buffer.from(
          await renderPdfInPool(
            context,
            brand(),
            await loadPrintData(db, ids),
            `Multivoucher reserva ${reservationId}`,
            true,
          ),
        );
        return {
          to: recipient.email,
          subject: text.mail.multiSubject(config.brandName, reservationId),
          text: text.mail.multiBody(recipient.name, reservationId),
          attachments: [
            { filename: `multivoucher_${reservationId}.pdf`, content: pdf, contentType: 'application/pdf' },
          ],
        };
      },
    });
  });

  // The link of terms mails sent before the page existed: it opens the page and changes nothing
  // (issue 28 §4: a mail scanner that prefetches it accepts nothing).
  app.get('/sendAcceptConditions/:data', { config: rateLimited(60, '1 minute') }, async (request, reply) => {
    const data = String((request.params as { data?: string }).data ?? '');
    return reply.redirect(termsPaths.page(data), 303);
  });

  // GET /csv_reservation_filter/: the list's rows with its filters (same permission, scope and
  // serializer), in id order from `offset`, read by keyset through the list reader a batch at a
  // time and streamed: the file is never whole in memory, and a deep offset is walked once.
  app.get(
    bookingPaths.reservationCsv,
    { preHandler: requirePermission(context, 'reservation', 'view') },
    async (request, reply) => {
      const principal = principalOf(request);
      const query = request.query as Record<string, string | undefined>;
      const limit = Math.min(Math.max(Number(query.limit ?? 100000) || 100000, 1), 1_000_000);
      const offset = Math.max(Math.trunc(Number(query.offset ?? 0) || 0), 0);
      const filters: Record<string, string> = {};
      for (const key of Object.keys(reservationResource.filters))
        if (typeof query[key] === 'string' && query[key] !== '') filters[key] = String(query[key]);
      const { reader } = reservationService;
      reader.assertMayList(principal);
      // Bad filters answer the list's field errors before the file starts.
      const { where, order } = await reader.whereOf({ ...filters, ordering: 'id' }, principal);
      async function* rows() {
        let cursor = offset > 0 ? await cursorAtOffset(where, offset) : '';
        if (cursor === null) return;
        let sent = 0;
        while (sent < limit) {
          const { entities, next } = await reader.batch(
            db,
            where,
            order,
            cursor,
            Math.min(CSV_BATCH, limit - sent),
          );
          yield* entities as Record<string, unknown>[];
          sent += entities.length;
          if (!next || entities.length === 0) return;
          cursor = next;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="filter_reservation.csv"')
        .send(csvStream(CSV_COLUMNS, rows()));
    },
  );

  /** The keyset cursor after the first `offset` matching reservations in id order (null: none left). */
  async function cursorAtOffset(where: SQL | undefined, offset: number): Promise<string | null> {
    const [row] = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(where)
      .orderBy(asc(reservations.id))
      .offset(offset - 1)
      .limit(1);
    return row ? encodeCursor({ keys: [row.id], direction: 'n' }) : null;
  }
}

/** Rows per batch of the reservations CSV. */
const CSV_BATCH = 1000;
/** The columns of the reservations CSV: the list's fields, under the list's headers. */
const fieldText = text.fields;
const CSV_COLUMNS: CsvColumn<Record<string, unknown>>[] = [
  { key: 'id', header: fieldText.id },
  { key: 'user_detail', header: fieldText.user_detail },
  { key: 'user_reservation_detail', header: fieldText.user_reservation_detail },
  { key: 'office_name', header: fieldText.office },
  { key: 'payment_method', header: fieldText.payment_method },
  { key: 'date_emision', header: fieldText.date_emision },
  { key: 'status_name', header: fieldText.status },
  { key: 'total_price', header: fieldText.total_price },
  { key: 'date_in', header: fieldText.date_in },
  { key: 'date_out', header: fieldText.date_out },
];
