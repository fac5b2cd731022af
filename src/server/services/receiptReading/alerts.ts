/**
 * The refunds list's 'con alertas' filter (issue 31): refunds with at least one receipt flag,
 * decided in SQL from the stored readings so the list pages and counts as usual. It uses the
 * readings as stored (no event-country hint for '$'), and takes a reuse as: the same tax id, date
 * and total, or a near perceptual hash with the same read total (the detail's flags, ./flags.ts,
 * compare the printed numbers instead). 'Claimed above the total' compares with the receipts read
 * in the claim's own currency (or in none: a stored '$' has no currency until the event country
 * resolves it); totals never mix currencies (issue 40). A filter value other
 * than 'true'/'1'/'si' means no filter.
 */
import { type SQL, sql } from 'drizzle-orm';
import { REUSE_MAX_DISTANCE } from './hash';

/** A condition on `refunds.id` (the outer query's refunds table). */
export function refundHasAlerts(refundId: SQL | unknown): SQL {
  return sql`exists (
    select 1
    from refund_files rf
    join receipt_readings rr on rr.file_id = rf.file_id
    left join refund_claims c on c.id = rf.claim_id
    join refunds r on r.id = rf.refund_id
    join vouchers v on v.id = r.voucher_id
    join reservations res on res.id = v.reservation_id
    where rf.refund_id = ${refundId}
      and (
        (rr.status <> 'read' and not exists (
          select 1 from receipt_readings ok where ok.file_id = rr.file_id and ok.status = 'read'))
        or (rr.date is not null and rr.date_confidence >= 0.5 and (rr.date < res.date_in or rr.date > res.date_out))
        or (c.id is not null and rr.currency is not null and rr.currency_confidence >= 0.5 and rr.currency <> c.currency_code)
        or exists (
          select 1 from receipt_readings other
          join refund_files orf on orf.file_id = other.file_id
          where other.file_id <> rr.file_id
            and (orf.refund_id <> rf.refund_id or orf.claim_id is distinct from rf.claim_id)
            and (
              (rr.tax_id is not null and other.tax_id = rr.tax_id and other.date = rr.date and other.total = rr.total)
              or (rr.dhash is not null and other.dhash is not null and other.total = rr.total
                  and bit_count(('x' || other.dhash)::bit(256) # ('x' || rr.dhash)::bit(256)) <= ${REUSE_MAX_DISTANCE})
            ))
      )
  ) or exists (
    select 1 from refund_claims c2
    where c2.refund_id = ${refundId}
      and exists (select 1 from refund_files f2 where f2.claim_id = c2.id)
      and not exists (
        select 1 from refund_files f3 where f3.claim_id = c2.id
          and not exists (select 1 from receipt_readings r3 where r3.file_id = f3.file_id))
      and c2.amount > 0.005 + (
        select coalesce(sum(r4.total), 0) from refund_files f4
        join receipt_readings r4 on r4.file_id = f4.file_id
        where f4.claim_id = c2.id and r4.total is not null and r4.total_confidence >= 0.5
          and (r4.currency is null or r4.currency = c2.currency_code))
      and exists (
        select 1 from refund_files f5 join receipt_readings r5 on r5.file_id = f5.file_id
        where f5.claim_id = c2.id and r5.total is not null and r5.total_confidence >= 0.5
          and (r5.currency is null or r5.currency = c2.currency_code))
  )`;
}

/** The filter's value: 'true', '1', 'si', 'sí' filter; anything else answers every refund. */
export function alertsFilter(refundId: SQL | unknown) {
  return (value: string): SQL => {
    const on = ['true', '1', 'si', 'sí'].includes(value.trim().toLowerCase());
    return on ? refundHasAlerts(refundId) : sql`true`;
  };
}
