/**
 * The decision told to the traveller (issue 30 §2).
 *
 * Mail outbox: approving, paying or rejecting a refund writes a `refund_decision_mails` row inside
 * the staff transition's transaction (`recordDecision`, from applyTransition) with `mailed_at`
 * null; after the write commits, `mailPendingDecisions` claims each such row with a guarded
 * UPDATE (two instances never mail one decision twice), builds the mail from the refund as it is
 * and sends it to the refund's own address only; a failed send frees the row for the next round.
 * A transition that fails rolls its row back with it, so nothing is mailed for it.
 *
 * Timeline: the status page's steps are read from the refund's history (audit_log, written by
 * every transition and every traveller answer in the same transaction) and its creation date,
 * never stored a second time.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { historyEntityOf } from '../../contracts/engine';
import { coverageNameIn, type Language, translatorOf } from '../../contracts/i18n';
import { messages } from '../../contracts/messages';
import { refundReviewContract } from '../../contracts/refund/review';
import { type TimelineEntry, timelineEventOf, totalsByCurrency } from '../../contracts/refund/status';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import {
  auditLog,
  coverages,
  type RefundDecision,
  refundClaims,
  refundDecisionMails,
  refunds,
} from '../db/schema';
import { decisionMail as decisionMailIn } from './travellerMails';

const _text = messages.refundDecisions;
const REFUND_ENTITY = historyEntityOf(refundReviewContract.path);

/** Queues the decision's mail in the transition's transaction. */
export async function recordDecision(tx: Transaction, refundId: number, decision: RefundDecision) {
  await tx.insert(refundDecisionMails).values({ refundId, decision });
}

/** The status page the mails link to: the portal's login, which shows the submitted claims. */
export const statusPageUrl = (publicUrl: string): string => new URL('/refund', publicUrl).toString();

type RefundRecord = typeof refunds.$inferSelect;
type MailRow = typeof refundDecisionMails.$inferSelect;

/**
 * Issue 42: a refund's claims with the coverage's name in the traveller's language (long_name_po,
 * long_name_en; the Spanish name the traveller saw when the column is empty).
 */
export async function claimsInLanguage(db: Database, refundId: number, language: Language) {
  const rows = await db
    .select({
      claim: refundClaims,
      namePt: coverages.longNamePo,
      nameEn: coverages.longNameEn,
    })
    .from(refundClaims)
    .leftJoin(coverages, eq(coverages.id, refundClaims.coverageId))
    .where(eq(refundClaims.refundId, refundId))
    .orderBy(asc(refundClaims.position));
  return rows.map(({ claim, namePt, nameEn }) => ({
    ...claim,
    coverage: coverageNameIn(language, { es: claim.coverageName, pt: namePt, en: nameEn }),
  }));
}

/** The decision's mail, its fixed parts in the traveller's language (issue 42). */
async function decisionMail(context: AppContext, refund: RefundRecord, row: MailRow) {
  const { config } = context;
  const language = refund.language;
  const common = {
    name: refund.name,
    refundId: refund.id,
    statusLink: statusPageUrl(config.publicUrl),
    mailbox: config.refundSupportEmail,
    brand: config.brandName,
  };
  if (row.decision === 'reject')
    return decisionMailIn(language, { ...common, decision: 'reject', reason: refund.rejectionReason });
  const claims = await claimsInLanguage(context.db, refund.id, language);
  const totals = totalsByCurrency(
    claims.map((claim) => ({ currency: claim.currencyCode, amount: claim.approvedAmount })),
    translatorOf(language).money,
  );
  if (row.decision === 'approve')
    return decisionMailIn(language, {
      ...common,
      decision: 'approve',
      claims: claims.map((claim) => ({
        coverage: claim.coverage,
        currency: claim.currencyCode,
        approved: claim.approvedAmount ?? '0',
        claimed: claim.amount,
      })),
      totals,
    });
  return decisionMailIn(language, {
    ...common,
    decision: 'pay',
    totals,
    date: row.createdAt.toISOString().slice(0, 10),
    reference: refund.paymentReference,
  });
}

/**
 * Mails every committed decision not yet mailed (oldest first); returns how many went out. A
 * failed send frees its row again and stops the round (the next staff write retries it).
 */
export async function mailPendingDecisions(context: AppContext, now = new Date()): Promise<number> {
  const { db } = context;
  const pending = await db
    .select({ id: refundDecisionMails.id })
    .from(refundDecisionMails)
    .where(isNull(refundDecisionMails.mailedAt))
    .orderBy(asc(refundDecisionMails.id))
    .limit(100);
  let sent = 0;
  for (const { id } of pending) {
    const [claimed] = await db
      .update(refundDecisionMails)
      .set({ mailedAt: now })
      .where(and(eq(refundDecisionMails.id, id), isNull(refundDecisionMails.mailedAt)))
      .returning();
    if (!claimed) continue;
    try {
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, claimed.refundId));
      if (!refund) continue;
      const mail = await decisionMail(context, refund, claimed);
      await context.mailer.send({ to: refund.email, ...mail });
      sent++;
    } catch (error) {
      await db.update(refundDecisionMails).set({ mailedAt: null }).where(eq(refundDecisionMails.id, id));
      throw error;
    }
  }
  return sent;
}

/** Decisions still to be mailed. */
export async function hasUnmailedDecisions(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(refundDecisionMails)
    .where(isNull(refundDecisionMails.mailedAt))
    .limit(1);
  return row !== undefined;
}

/**
 * Each refund's timeline, oldest first: 'received' at its creation, then one step per history
 * entry that moved its status or carried the traveller's answer (a reveal of the bank data or
 * any other entry that changed no status is not a step).
 */
export async function timelinesOf(
  db: Database | Transaction,
  refundRows: readonly { id: number; createdAt: Date }[],
): Promise<Map<number, TimelineEntry[]>> {
  const timelines = new Map<number, TimelineEntry[]>(
    refundRows.map((row) => [row.id, [{ event: 'received', at: row.createdAt.toISOString() }]]),
  );
  if (!refundRows.length) return timelines;
  const entries = await db
    .select({
      recordId: auditLog.recordId,
      action: auditLog.action,
      at: auditLog.at,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, REFUND_ENTITY),
        inArray(
          auditLog.recordId,
          refundRows.map((row) => String(row.id)),
        ),
      ),
    )
    .orderBy(asc(auditLog.id));
  for (const entry of entries) {
    if (entry.action === 'create') continue;
    const changes = (entry.changes ?? {}) as Record<string, { after?: unknown } | undefined>;
    const event = timelineEventOf(entry.action, changes.status?.after);
    if (event) timelines.get(Number(entry.recordId))?.push({ event, at: entry.at.toISOString() });
  }
  return timelines;
}
