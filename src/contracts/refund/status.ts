/**
 * The traveller's status page (issue 30 §2): the timeline of a submitted refund, derived on the
 * server from the refund's history (audit_log) and its requests, never stored twice; and the
 * public endpoint that answers it for the traveller's session (the refund access token).
 */
import { z } from 'zod';
import { formatMoney } from '../format';

/** A refund in one of these statuses is closed: nothing more happens to it (issue 40). */
export const REFUND_CLOSED_STATUSES: readonly string[] = ['PAGADO', 'RECHAZADO'];

/**
 * Issue 40 (traveller reach): whether the status page may still be reached through the login once
 * the 30-day window for new claims has passed: some refund is not closed, or one closed less than
 * `reachDays` days ago (its last timeline step, the decision; its creation when it has none).
 */
export function statusReachable(
  refunds: readonly { status: string; created_at: string; timeline?: readonly { at: string }[] }[],
  now: Date,
  reachDays: number,
): boolean {
  const reachMs = reachDays * 24 * 60 * 60 * 1000;
  return refunds.some((refund) => {
    if (!REFUND_CLOSED_STATUSES.includes(refund.status)) return true;
    const closedAt = Math.max(
      Date.parse(refund.created_at),
      ...(refund.timeline ?? []).map((step) => Date.parse(step.at)),
    );
    return Number.isFinite(closedAt) && now.getTime() - closedAt <= reachMs;
  });
}

/** `GET` with the refund access token (Bearer): `{submitted_refunds}` as the login answers them. */
export const REFUND_STATUS_PATH = '/refund_data/status/';

export const TIMELINE_EVENTS = [
  'received',
  'in_review',
  'documents_requested',
  'documents_sent',
  'bank_data_requested',
  'bank_data_sent',
  'approved',
  'paid',
  'rejected',
] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

/** One step of the timeline: what happened and when (ISO instant). */
export const timelineEntrySchema = z.object({
  event: z.enum(TIMELINE_EVENTS),
  at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A claim as the traveller sees it: what was claimed and, once approved, what was approved. */
export const statusClaimSchema = z.object({
  coverage: z.string(),
  currency: z.string(),
  amount: z.string(),
  approved_amount: z.string().nullable(),
});
export type StatusClaim = z.infer<typeof statusClaimSchema>;

/** The status a history entry's change moved the refund to, as a timeline event (null: none). */
export function timelineEventOf(action: string, statusAfter: unknown): TimelineEvent | null {
  if (action === 'traveller_documents') return 'documents_sent';
  if (action === 'traveller_bank_data') return 'bank_data_sent';
  switch (statusAfter) {
    case 'EN_REVISION':
      return 'in_review';
    case 'DOCUMENTACION_SOLICITADA':
      return 'documents_requested';
    case 'DATOS_BANCARIOS_SOLICITADOS':
      return 'bank_data_requested';
    case 'APROBADO':
      return 'approved';
    case 'PAGADO':
      return 'paid';
    case 'RECHAZADO':
      return 'rejected';
    default:
      return null;
  }
}

/** '1234.5' -> 123450n (amounts are NUMERIC(12,2) as text: exact, never a float). */
const centsOf = (amount: string): bigint => {
  const [units, fraction = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

const amountOfCents = (cents: bigint): string => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** The sum per currency, in order of first appearance: ['EUR 90,00', 'USD 50,50'] (null amounts skipped). */
export function totalsByCurrency(
  lines: readonly { currency: string; amount: string | null }[],
  /** Issue 42: the traveller's format ('USD 1,234.56' in English); Spanish by default. */
  format: (amount: string, currency: string) => string = formatMoney,
): string[] {
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amount === null) continue;
    totals.set(line.currency, (totals.get(line.currency) ?? 0n) + centsOf(line.amount));
  }
  return [...totals].map(([currency, cents]) => format(amountOfCents(cents), currency));
}
