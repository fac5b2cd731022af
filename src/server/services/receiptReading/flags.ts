/**
 * What staff see of a refund's receipts (issue 31): per claim, each receipt's read total, date and
 * currency (re-extracted with the claim's event country as the '$' hint) beside the claimed
 * amount, and the flags: claimed above the receipts' total, a date outside the voucher's validity,
 * a currency other than the claimed one, an unreadable receipt, a receipt already used in another
 * claim or refund (near-identical perceptual hash, or the same tax id + date + total).
 */
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { decimalOfMinor, minorOf } from '../../../contracts/money';
import type {
  FileReading,
  PageReading,
  ReadingFlag,
  RefundReadingsResponse,
  ReuseReference,
} from '../../../contracts/refund/reading';
import type { Database } from '../../db/client';
import { receiptReadings, refundClaims, refundFiles, refunds, reservations, vouchers } from '../../db/schema';
import { extractFields } from './extract';
import { numberSimilarity, REUSE_MAX_DISTANCE, REUSE_MIN_NUMBER_SIMILARITY } from './hash';

type ReadingRow = typeof receiptReadings.$inferSelect;

/** A field is trusted for a flag from this confidence on. */
const FLAG_CONFIDENCE = 0.5;

export function pageReadingOf(row: ReadingRow, country: string | null): PageReading {
  const fields = extractFields(row.text, { country, ocrConfidence: row.ocrConfidence });
  return { page: row.page, status: row.status, ...fields };
}

export function fileReadingOf(
  fileId: string,
  rows: readonly ReadingRow[],
  country: string | null,
): FileReading {
  const pages = rows
    .filter((row) => row.fileId === fileId)
    .sort((a, b) => a.page - b.page)
    .map((row) => pageReadingOf(row, country));
  const status =
    pages.length === 0
      ? 'pending'
      : pages.some((page) => page.status === 'read')
        ? 'read'
        : pages.some((page) => page.status === 'failed')
          ? 'failed'
          : 'unreadable';
  return { fileId, status, pages };
}

/** Other uses of a page: attached to another claim or another refund. */
async function reusesOf(
  db: Database,
  row: ReadingRow,
  refundId: number,
  claimId: number | null,
): Promise<ReuseReference[]> {
  const elsewhere = or(
    ne(refundFiles.refundId, refundId),
    claimId === null
      ? isNotNull(refundFiles.claimId)
      : sql`${refundFiles.claimId} is distinct from ${claimId}`,
  );
  const found: ReuseReference[] = [];
  if (row.dhash) {
    const images = await db
      .selectDistinct({
        refundId: refundFiles.refundId,
        claimId: refundFiles.claimId,
        fileId: refundFiles.fileId,
        text: receiptReadings.text,
      })
      .from(receiptReadings)
      .innerJoin(refundFiles, eq(refundFiles.fileId, receiptReadings.fileId))
      .where(
        and(
          ne(receiptReadings.fileId, row.fileId),
          isNotNull(receiptReadings.dhash),
          elsewhere,
          sql`bit_count(('x' || ${receiptReadings.dhash})::bit(256) # ('x' || ${row.dhash})::bit(256)) <= ${REUSE_MAX_DISTANCE}`,
        ),
      )
      // The earliest use first: the link staff follow is to where the receipt was first claimed.
      .orderBy(asc(refundFiles.refundId), asc(refundFiles.fileId))
      .limit(50);
    for (const image of images) {
      if (numberSimilarity(row.text, image.text) < REUSE_MIN_NUMBER_SIMILARITY) continue;
      if (found.length < 5)
        found.push({
          refundId: image.refundId,
          claimId: image.claimId,
          fileId: image.fileId,
          match: 'image',
        });
    }
  }
  if (row.taxId && row.date && row.total) {
    const figures = await db
      .selectDistinct({
        refundId: refundFiles.refundId,
        claimId: refundFiles.claimId,
        fileId: refundFiles.fileId,
      })
      .from(receiptReadings)
      .innerJoin(refundFiles, eq(refundFiles.fileId, receiptReadings.fileId))
      .where(
        and(
          ne(receiptReadings.fileId, row.fileId),
          eq(receiptReadings.taxId, row.taxId),
          eq(receiptReadings.date, row.date),
          eq(receiptReadings.total, row.total),
          elsewhere,
        ),
      )
      .orderBy(asc(refundFiles.refundId), asc(refundFiles.fileId))
      .limit(5);
    for (const figure of figures) {
      if (!found.some((other) => other.fileId === figure.fileId)) found.push({ ...figure, match: 'figures' });
    }
  }
  return found;
}

/** The refund's readings and flags; null when the refund does not exist. */
export async function refundReadings(db: Database, refundId: number): Promise<RefundReadingsResponse | null> {
  const [refund] = await db
    .select({ id: refunds.id, dateIn: reservations.dateIn, dateOut: reservations.dateOut })
    .from(refunds)
    .innerJoin(vouchers, eq(vouchers.id, refunds.voucherId))
    .innerJoin(reservations, eq(reservations.id, vouchers.reservationId))
    .where(eq(refunds.id, refundId));
  if (!refund) return null;
  const claims = await db
    .select({
      id: refundClaims.id,
      amount: refundClaims.amount,
      currency: refundClaims.currencyCode,
      country: refundClaims.sinisterCountry,
    })
    .from(refundClaims)
    .where(eq(refundClaims.refundId, refundId))
    .orderBy(refundClaims.position);
  const files = await db
    .select({ fileId: refundFiles.fileId, claimId: refundFiles.claimId })
    .from(refundFiles)
    .where(and(eq(refundFiles.refundId, refundId), inArray(refundFiles.kind, ['claim', 'pending_doc'])))
    .orderBy(refundFiles.id);
  const fileIds = [...new Set(files.map((file) => file.fileId))];
  const rows =
    fileIds.length === 0
      ? []
      : await db.select().from(receiptReadings).where(inArray(receiptReadings.fileId, fileIds));
  const flags: ReadingFlag[] = [];
  const flag = (
    kind: ReadingFlag['kind'],
    claimId: number | null,
    fileId: string | null,
    reference: ReuseReference | null = null,
  ) =>
    flags.some((other) => other.kind === kind && other.claimId === claimId && other.fileId === fileId) ||
    flags.push({ kind, claimId, fileId, reference });

  const claimReadings = claims.map((claim) => {
    const own = files.filter((file) => file.claimId === claim.id);
    const readings = own.map((file) => fileReadingOf(file.fileId, rows, claim.country));
    // Issue 40: totals per currency, always (never an ARS receipt added to a USD one); a page
    // whose currency was not read is its own total (currency null).
    const totals = new Map<string | null, bigint>();
    for (const reading of readings) {
      if (reading.status === 'unreadable' || reading.status === 'failed')
        flag('unreadable', claim.id, reading.fileId);
      for (const page of reading.pages) {
        if (page.total !== null && page.totalConfidence >= FLAG_CONFIDENCE) {
          const currency = page.currency ?? null;
          totals.set(currency, (totals.get(currency) ?? 0n) + (minorOf(page.total, 2) ?? 0n));
        }
        if (
          page.date &&
          page.dateConfidence >= FLAG_CONFIDENCE &&
          (page.date < refund.dateIn || page.date > refund.dateOut)
        ) {
          flag('date_outside_validity', claim.id, reading.fileId);
        }
        if (page.currency && page.currencyConfidence >= FLAG_CONFIDENCE && page.currency !== claim.currency) {
          flag('currency_mismatch', claim.id, reading.fileId);
        }
      }
    }
    const allRead = readings.length > 0 && readings.every((reading) => reading.status !== 'pending');
    // Compared with the receipts in the claim's own currency, and those whose currency was not
    // read (never with another currency's).
    const ownTotal = totals.get(claim.currency);
    const unknown = totals.get(null);
    const sameCurrency =
      ownTotal === undefined && unknown === undefined ? undefined : (ownTotal ?? 0n) + (unknown ?? 0n);
    const claimed = minorOf(claim.amount, 2) ?? 0n;
    if (allRead && sameCurrency !== undefined && claimed > sameCurrency)
      flag('claimed_above_total', claim.id, null);
    return {
      claimId: claim.id,
      claimedAmount: claim.amount,
      claimedCurrency: claim.currency,
      readTotals: [...totals]
        .sort(([a], [b]) => (a === claim.currency ? -1 : b === claim.currency ? 1 : 0))
        .map(([currency, minor]) => ({ currency, amount: decimalOfMinor(minor, 2) })),
      files: readings,
    };
  });
  for (const file of files) {
    for (const row of rows.filter((candidate) => candidate.fileId === file.fileId)) {
      const reuses = await reusesOf(db, row, refundId, file.claimId);
      const first = reuses[0];
      if (first) flag('reused', file.claimId, file.fileId, first);
    }
  }
  return { claims: claimReadings, flags };
}
