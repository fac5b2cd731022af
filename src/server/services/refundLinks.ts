/**
 * Signed links to a refund request (issue 17 'Links'): `/upload_data?refund_id=..&hash=..` for
 * documents, `/update_payment_data?refund_id=..&hash=..` for bank data.
 *
 * The hash is `<request id>.<expiry, unix seconds>.<HMAC-SHA256>` where the MAC covers the refund,
 * the purpose, the request and the expiry under REFUND_LINK_SECRET: changing any of them (another
 * refund id, the other page, another request, a later expiry) breaks the MAC. The MAC is compared
 * in constant time. A valid MAC whose signed expiry has passed is expired (no row is read); else
 * it is checked against the request row: still open (a newer
 * request of the same kind or the refund back in review closes it), not answered (a link serves
 * one submission), not expired. Only then is anything of the refund read.
 *
 * Mail outbox: a request is created (inside the staff transition's transaction) with `mailed_at`
 * null; `mailPendingRequests` claims such rows, gives each its expiry, signs the link and mails
 * it; a failed send frees the row for the next round. So the mail goes only for committed requests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import { type PaymentTextField, paymentFieldLabel, type SubmittedRefund } from '../../contracts/refund';
import { refundStatusLabel } from '../../contracts/refund/lifecycle';
import { type RefundLinkPurpose, refundLinkPages } from '../../contracts/refund/links';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import { refundClaims, refundRequests, refunds } from '../db/schema';
import { HttpError } from '../http/errors';
import { claimsInLanguage, statusPageUrl, timelinesOf } from './refundDecisions';
import { confirmationMail, requestMail } from './travellerMails';

const text = messages.refundLinks;

/** An expired link's refusal, with its code for the traveller's language (issue 42). */
const linkExpired = (email: string) =>
  new HttpError(403, text.linkExpired(email), { code: 'links.linkExpired', values: { email } });
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LinkClaims {
  refundId: number;
  purpose: RefundLinkPurpose;
  requestId: number;
  /** Unix seconds. */
  expires: number;
}

function macOf(secret: string, claims: LinkClaims): Buffer {
  return createHmac('sha256', secret)
    .update(`refund-link/v1|${claims.refundId}|${claims.purpose}|${claims.requestId}|${claims.expires}`)
    .digest();
}

export function signLinkHash(secret: string, claims: LinkClaims): string {
  return `${claims.requestId}.${claims.expires}.${macOf(secret, claims).toString('base64url')}`;
}

/**
 * The request id and expiry a hash carries when its MAC is right for this refund and purpose,
 * else null. Timing does not depend on how much of the MAC matches.
 */
export function verifyLinkHash(
  secret: string,
  refundId: number,
  purpose: RefundLinkPurpose,
  hash: string,
): { requestId: number; expires: number } | null {
  const match = /^(\d{1,9})\.(\d{1,11})\.([A-Za-z0-9_-]{43})$/.exec(hash);
  if (!match) return null;
  const claims: LinkClaims = { refundId, purpose, requestId: Number(match[1]), expires: Number(match[2]) };
  // The MAC's text is compared, not its decoded bytes: base64url's last character carries unused
  // bits, and a hash differing only in them is a different (tampered) link.
  const expected = Buffer.from(macOf(secret, claims).toString('base64url'));
  const given = Buffer.from(match[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { requestId: claims.requestId, expires: claims.expires };
}

export function linkUrl(
  publicUrl: string,
  purpose: RefundLinkPurpose,
  refundId: number,
  hash: string,
): string {
  const url = new URL(refundLinkPages[purpose], publicUrl);
  url.searchParams.set('refund_id', String(refundId));
  url.searchParams.set('hash', hash);
  return url.toString();
}

export type RequestRow = typeof refundRequests.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;

/**
 * The open request a link stands for, with its refund, or a 403 whose detail the page shows
 * under 'No se puede procesar el acceso a la solicitud'. `forUpdate` locks the request (the
 * answer's transaction), so one link cannot be answered twice at once.
 */
export async function resolveLink(
  db: Database | Transaction,
  config: AppContext['config'],
  purpose: RefundLinkPurpose,
  refundId: number,
  hash: string,
  options: { forUpdate?: boolean; now?: Date } = {},
): Promise<{ request: RequestRow; refund: RefundRecord }> {
  const verified = verifyLinkHash(config.refundLinkSecret, refundId, purpose, hash);
  if (!verified) throw new HttpError(403, text.linkInvalid);
  const now = options.now ?? new Date();
  // The signed expiry is the server's word: past it the link is expired, whatever the row says
  // (and nothing is read for it).
  if (verified.expires * 1000 <= now.getTime()) throw linkExpired(config.refundSupportEmail);
  const query = db
    .select()
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.id, verified.requestId),
        eq(refundRequests.refundId, refundId),
        eq(refundRequests.kind, purpose),
      ),
    );
  const [request] = options.forUpdate ? await query.for('update') : await query;
  // A right MAC for a request that does not exist (e.g. a database restored from a backup).
  if (!request?.expiresAt) throw new HttpError(403, text.linkInvalid);
  if (request.completedAt) throw new HttpError(403, text.linkUsed);
  if (request.closedAt) throw await closedLinkRefusal(db, request);
  if (Math.floor(request.expiresAt.getTime() / 1000) !== verified.expires)
    throw new HttpError(403, text.linkInvalid);
  if (request.expiresAt.getTime() <= now.getTime()) throw linkExpired(config.refundSupportEmail);
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw new HttpError(403, text.linkInvalid);
  return { request, refund };
}

/** Statuses in which the claim is decided: a link closed then says so (issue 30 §2). */
const DECIDED_STATUSES: readonly string[] = ['APROBADO', 'PAGADO', 'RECHAZADO'];

/**
 * Why a closed request's link no longer works: the claim was decided ('La solicitud ya fue
 * resuelta: Rechazado'), a newer request of the same kind replaced it, or staff put the claim
 * back in review.
 */
async function closedLinkRefusal(db: Database | Transaction, request: RequestRow): Promise<HttpError> {
  const [refund] = await db
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.id, request.refundId));
  if (refund && DECIDED_STATUSES.includes(refund.status)) {
    // Issue 42: with its code; the outcome is the Spanish status label, shown in the language.
    const outcome = refundStatusLabel(refund.status);
    return new HttpError(403, messages.refundDecisions.linkDecided(outcome), {
      code: 'decisions.linkDecided',
      values: { outcome },
    });
  }
  const [newer] = await db
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.refundId, request.refundId),
        eq(refundRequests.kind, request.kind),
        gt(refundRequests.id, request.id),
      ),
    )
    .limit(1);
  return new HttpError(403, newer ? text.linkReplaced : messages.refundDecisions.linkClosed);
}

/**
 * Mails every committed, open request not yet mailed (oldest first). Each row is claimed with a
 * guarded UPDATE, so two instances never mail one request twice; a failed send frees it again.
 * Returns how many mails went out.
 */
export async function mailPendingRequests(context: AppContext, now = new Date()): Promise<number> {
  const { db, config } = context;
  const pending = await db
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .where(and(isNull(refundRequests.mailedAt), isNull(refundRequests.closedAt)))
    .orderBy(asc(refundRequests.id))
    .limit(100);
  let sent = 0;
  for (const { id } of pending) {
    // Whole seconds: the expiry in the hash is in seconds and must equal the stored one.
    const expiresAt = new Date(Math.floor((now.getTime() + config.refundLinkDays * DAY_MS) / 1000) * 1000);
    const [claimed] = await db
      .update(refundRequests)
      .set({ mailedAt: now, expiresAt })
      .where(and(eq(refundRequests.id, id), isNull(refundRequests.mailedAt), isNull(refundRequests.closedAt)))
      .returning();
    if (!claimed) continue;
    try {
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, claimed.refundId));
      if (!refund) continue;
      const purpose: RefundLinkPurpose = claimed.kind;
      const hash = signLinkHash(config.refundLinkSecret, {
        refundId: refund.id,
        purpose,
        requestId: claimed.id,
        expires: Math.floor(expiresAt.getTime() / 1000),
      });
      // Issue 42: in the traveller's language (the bank fields' labels too).
      await context.mailer.send({
        to: refund.email,
        ...requestMail(refund.language, {
          kind: purpose,
          name: refund.name,
          refundId: refund.id,
          observations: claimed.observations,
          link: linkUrl(config.publicUrl, purpose, refund.id, hash),
          expires: expiresAt.toISOString().slice(0, 10),
          mailbox: config.refundSupportEmail,
          brand: config.brandName,
          maxFiles: claimed.maxFiles ?? 1,
          items:
            purpose === 'documents'
              ? claimed.items
              : claimed.items.map((field) =>
                  paymentFieldLabel(field as PaymentTextField, refund.countryResidence),
                ),
        }),
      });
      sent++;
    } catch (error) {
      await db
        .update(refundRequests)
        .set({ mailedAt: null, expiresAt: null })
        .where(eq(refundRequests.id, id));
      throw error;
    }
  }
  return sent;
}

/** Requests still to be mailed (for the hook that decides whether to run the outbox at all). */
export async function hasUnmailedRequests(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(refundRequests)
    .where(and(isNull(refundRequests.mailedAt), isNull(refundRequests.closedAt)))
    .limit(1);
  return row !== undefined;
}

/** The confirmation of a new submission (issue 17): its number and a summary of the claims. */
export async function mailSubmissionConfirmation(context: AppContext, refundId: number): Promise<void> {
  const [refund] = await context.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) return;
  const claims = await claimsInLanguage(context.db, refundId, refund.language);
  // Issue 42: in the language the traveller chose in the portal (stored with the refund).
  await context.mailer.send({
    to: refund.email,
    ...confirmationMail(refund.language, {
      name: refund.name,
      refundId: refund.id,
      claims: claims.map((claim) => ({
        coverage: claim.coverage,
        date: claim.sinisterDate,
        currency: claim.currencyCode,
        amount: claim.amount,
      })),
      mailbox: context.config.refundSupportEmail,
      brand: context.config.brandName,
      statusLink: statusPageUrl(context.config.publicUrl),
    }),
  });
}

/**
 * The refunds a traveller (voucher + document) already submitted, newest first, each with the
 * open requests and their signed links (issue 17: logging in again shows where the claim stands;
 * the login proved the same voucher and document the mail would go to).
 */
export async function submittedRefundsOf(
  db: Database,
  config: AppContext['config'],
  voucherId: number,
  docNumber: string,
  now = new Date(),
): Promise<SubmittedRefund[]> {
  const rows = await db
    .select({
      id: refunds.id,
      status: refunds.status,
      createdAt: refunds.createdAt,
      rejectionReason: refunds.rejectionReason,
      paymentReference: refunds.paymentReference,
      language: refunds.language,
    })
    .from(refunds)
    .where(and(eq(refunds.voucherId, voucherId), eq(refunds.docNumber, docNumber)))
    .orderBy(desc(refunds.id))
    .limit(20);
  if (!rows.length) return [];
  const open = await db
    .select()
    .from(refundRequests)
    .where(
      and(
        inArray(
          refundRequests.refundId,
          rows.map((row) => row.id),
        ),
        isNull(refundRequests.closedAt),
        isNotNull(refundRequests.mailedAt),
        gt(refundRequests.expiresAt, now),
      ),
    )
    .orderBy(asc(refundRequests.id));
  const claims = await db
    .select()
    .from(refundClaims)
    .where(
      inArray(
        refundClaims.refundId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(refundClaims.refundId), asc(refundClaims.position));
  const timelines = await timelinesOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    timeline: timelines.get(row.id) ?? [],
    rejection_reason: row.status === 'RECHAZADO' ? row.rejectionReason : '',
    payment_reference: row.status === 'PAGADO' ? row.paymentReference : '',
    language: row.language,
    claims: claims
      .filter((claim) => claim.refundId === row.id)
      .map((claim) => ({
        coverage: claim.coverageName,
        currency: claim.currencyCode,
        amount: claim.amount,
        approved_amount: claim.approvedAmount,
      })),
    requests: open
      .filter((request) => request.refundId === row.id && request.expiresAt)
      .map((request) => {
        const hash = signLinkHash(config.refundLinkSecret, {
          refundId: row.id,
          purpose: request.kind,
          requestId: request.id,
          expires: Math.floor(request.expiresAt!.getTime() / 1000),
        });
        const url = new URL(linkUrl(config.publicUrl, request.kind, row.id, hash));
        return {
          kind: request.kind,
          items: request.items,
          observations: request.observations,
          link: `${url.pathname}${url.search}`,
        };
      }),
  }));
}
