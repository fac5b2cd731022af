/**
 * Reconciliation (issue 43): per entity, the records the source listed against the rows of the id
 * map; and the money, per office, month and currency, summed on both sides — vouchers' final
 * price, commission and net (month of the trip's start), and invoicing's (month the reservation was
 * created, the currency of its office). Anything that differs is listed; the command then exits
 * non-zero.
 */
import type { PoolClient } from 'pg';
import { formatCents, type Totals } from './money';
import type { EntityReport } from './run';

export interface MoneyDifference {
  entity: string;
  key: string;
  source: string[];
  here: string[];
}

export interface Reconciliation {
  ok: boolean;
  counts: {
    entity: string;
    source: number;
    listed: number;
    mapped: number;
    quarantined: number;
    ok: boolean;
  }[];
  money: {
    entity: string;
    groups: number;
    source: { count: number; final_price: string; commission: string; net_price: string };
    here: { count: number; final_price: string; commission: string; net_price: string };
    differences: MoneyDifference[];
  }[];
}

/** The target's vouchers brought across, by legacy office|month. */
const VOUCHER_TOTALS = `
  select coalesce(mo.legacy_id::text, '') || '|' || to_char(r.date_in, 'YYYY-MM') as key,
    count(*)::int as n, round(sum(v.final_price) * 100)::text as f, round(sum(v.commission) * 100)::text as c,
    round(sum(v.net_price) * 100)::text as p
  from vouchers v
  join import_id_map mv on mv.entity = 'voucher' and mv.new_id = v.id
  join reservations r on r.id = v.reservation_id
  left join import_id_map mo on mo.entity = 'office' and mo.new_id = r.office_id
  group by 1`;

/** The target's invoicing rows brought across, by legacy office|month|currency (as Facturación shows them). */
const INVOICING_TOTALS = `
  select coalesce(mo.legacy_id::text, '') || '|' || to_char(r.created_at at time zone 'UTC', 'YYYY-MM') || '|' ||
      coalesce((select cur.short_name from offices o join countries co on co.id = o.country_id
        join currencies cur on cur.id = co.currency_id where o.id = r.office_id), '') as key,
    count(*)::int as n, round(coalesce(sum(s.f), 0) * 100)::text as f, round(coalesce(sum(s.c), 0) * 100)::text as c,
    round(coalesce(sum(s.p), 0) * 100)::text as p
  from reservations r
  join import_id_map mf on mf.entity = 'facturacion' and mf.new_id = r.id
  left join import_id_map mo on mo.entity = 'office' and mo.new_id = r.office_id
  left join (select reservation_id, sum(final_price) as f, sum(commission) as c, sum(net_price) as p
             from vouchers group by reservation_id) s on s.reservation_id = r.id
  group by 1`;

/** The payments of the reservations brought across, by legacy office|month paid|currency. */
const PAYMENT_TOTALS = `
  select coalesce(mo.legacy_id::text, '') || '|' || to_char(p.paid_at, 'YYYY-MM') || '|' || p.currency as key,
    count(*)::int as n, round(sum(p.amount) * 100)::text as f, '0' as c, '0' as p
  from reservation_payments p
  join import_id_map mf on mf.entity = 'facturacion' and mf.new_id = p.reservation_id
  join reservations r on r.id = p.reservation_id
  left join import_id_map mo on mo.entity = 'office' and mo.new_id = r.office_id
  group by 1`;

/** The refunds brought across: claimed (first column) and approved (second), by legacy office|month submitted|currency. */
const REFUND_TOTALS = `
  select coalesce(mo.legacy_id::text, '') || '|' || to_char(f.created_at at time zone 'UTC', 'YYYY-MM') || '|' ||
      c.currency_code as key,
    count(*)::int as n, round(sum(c.amount) * 100)::text as f,
    round(coalesce(sum(c.approved_amount), 0) * 100)::text as c, '0' as p
  from refund_claims c
  join refunds f on f.id = c.refund_id
  join import_id_map mf on mf.entity = 'refund' and mf.new_id = f.id
  join vouchers v on v.id = f.voucher_id
  join reservations r on r.id = v.reservation_id
  left join import_id_map mo on mo.entity = 'office' and mo.new_id = r.office_id
  group by 1`;

const MONEY_QUERIES: Record<string, string> = {
  voucher: VOUCHER_TOTALS,
  refund: REFUND_TOTALS,
  facturacion: INVOICING_TOTALS,
  payments: PAYMENT_TOTALS,
};

function sum(totals: Totals) {
  let count = 0;
  const cents = [0n, 0n, 0n];
  for (const [n, f, c, p] of Object.values(totals)) {
    count += n;
    cents[0] += BigInt(f);
    cents[1] += BigInt(c);
    cents[2] += BigInt(p);
  }
  return {
    count,
    final_price: formatCents(cents[0]),
    commission: formatCents(cents[1]),
    net_price: formatCents(cents[2]),
  };
}

export async function reconcile(
  tx: PoolClient,
  reports: EntityReport[],
  sourceTotals: Record<string, Totals>,
): Promise<Reconciliation> {
  const counts = reports.map((report) => ({
    entity: report.entity,
    source: report.sourceCount,
    listed: report.listedCount,
    mapped: report.mapped,
    quarantined: report.quarantined,
    ok:
      report.sourceCount === report.mapped &&
      report.sourceCount === report.listedCount &&
      report.quarantined === 0,
  }));
  const money: Reconciliation['money'] = [];
  for (const [entity, query] of Object.entries(MONEY_QUERIES)) {
    const source = sourceTotals[entity];
    if (!source) continue;
    const rows = (await tx.query<{ key: string; n: number; f: string; c: string; p: string }>(query)).rows;
    const here: Totals = Object.fromEntries(rows.map((row) => [row.key, [row.n, row.f, row.c, row.p]]));
    const differences: MoneyDifference[] = [];
    for (const key of new Set([...Object.keys(source), ...Object.keys(here)])) {
      const a = source[key] ?? [0, '0', '0', '0'];
      const b = here[key] ?? [0, '0', '0', '0'];
      if (a.some((value, index) => String(value) !== String(b[index])))
        differences.push({
          entity,
          key,
          source: [String(a[0]), ...a.slice(1).map((value) => formatCents(String(value)))],
          here: [String(b[0]), ...b.slice(1).map((value) => formatCents(String(value)))],
        });
    }
    money.push({
      entity,
      groups: Object.keys(source).length,
      source: sum(source),
      here: sum(here),
      differences,
    });
  }
  return {
    ok: counts.every((count) => count.ok) && money.every((entry) => entry.differences.length === 0),
    counts,
    money,
  };
}
