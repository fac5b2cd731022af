/**
 * The voucher list export (issue 15; SPEC §7 GET /csv_voucher_filter/, limit 1000000 unfiltered or
 * 100000 with a query; §8 'Listado de vouchers disponible para descargar' / 'Error al descargar
 * listado de vouchers.'): the rows of GET /voucher/ with the same filters, scope and permission
 * (voucher/view), as filter_voucher.xlsx, on the export engine (./exports.ts).
 *
 * The rows are the list's (its reader picks each batch's ids), but their cells come from a lean
 * projection (`project`): one statement per batch selecting only what the columns show, the names
 * by joins and the travellers as one string, instead of the list's serializer (every field, the
 * travellers as JSON): at a million vouchers that JSON was most of the export's time.
 */
import { sql } from 'drizzle-orm';
import { statusName } from '../../contracts/bookings';
import { messages } from '../../contracts/messages';
import { voucherDuration } from './bookings';
import type { Reader } from './engine';
import { defineExport } from './exports';

const fields = messages.bookings.fields;
const localDate = (iso: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** What the export shows of one voucher (the list's `Voucher` fields of the same names). */
export interface VoucherExportRow {
  id: number;
  reservation: number;
  reservation_date_in: string;
  reservation_date_out: string;
  office_name: string | null;
  payment_method: string;
  supplier_name: string | null;
  product_long_name: string | null;
  status: number;
  final_price: string;
  /** The travellers as the list shows them: 'name surname', by id, joined with ', '. */
  pax: string;
}

type ProjectedRow = Omit<VoucherExportRow, 'id' | 'reservation' | 'status'> & {
  id: number | string;
  reservation: number | string;
  status: number | string;
};

/** The export's cells of the vouchers `ids`, by id (one statement; names by primary key). */
export async function voucherExportRows(
  reader: Reader,
  ids: readonly number[],
): Promise<Map<number, VoucherExportRow>> {
  const result = (await reader.execute(sql`
    select v.id, v.reservation_id as reservation,
      coalesce(to_char(r.date_in, 'YYYY-MM-DD'), '') as reservation_date_in,
      coalesce(to_char(r.date_out, 'YYYY-MM-DD'), '') as reservation_date_out,
      o.long_name as office_name, coalesce(r.payment_method, '') as payment_method,
      s.long_name as supplier_name, p.long_name as product_long_name,
      v.status, v.final_price::text as final_price,
      coalesce((select string_agg(x.name || ' ' || x.surname, ', ' order by x.id)
        from voucher_passengers vp join pax x on x.id = vp.pax_id where vp.voucher_id = v.id), '') as pax
    from vouchers v
      left join reservations r on r.id = v.reservation_id
      left join offices o on o.id = r.office_id
      left join products p on p.id = v.product_id
      left join suppliers s on s.id = p.supplier_id
    where v.id = any(${`{${ids.join(',')}}`}::int[])`)) as unknown as { rows: ProjectedRow[] };
  const rows = new Map<number, VoucherExportRow>();
  for (const row of result.rows) {
    // In place: no copy of each row (PGlite may answer integers as numbers, node-postgres too).
    row.id = Number(row.id);
    row.reservation = Number(row.reservation);
    row.status = Number(row.status);
    rows.set(row.id, row as VoucherExportRow);
  }
  return rows;
}

export const voucherExport = defineExport<VoucherExportRow>({
  kind: 'vouchers',
  resourcePath: '/voucher/',
  sheetName: 'Vouchers',
  project: voucherExportRows,
  columns: [
    { header: 'ID', width: 10, value: (voucher) => voucher.id },
    { header: fields.reservation, width: 10, value: (voucher) => voucher.reservation },
    { header: fields.date_in, width: 12, value: (voucher) => localDate(voucher.reservation_date_in) },
    { header: fields.date_out, width: 12, value: (voucher) => localDate(voucher.reservation_date_out) },
    {
      header: fields.duration,
      width: 10,
      value: (voucher) => voucherDuration(voucher.reservation_date_in, voucher.reservation_date_out),
    },
    { header: fields.office, width: 30, value: (voucher) => voucher.office_name ?? '' },
    { header: fields.payment_method, width: 16, value: (voucher) => voucher.payment_method },
    { header: fields.supplier_name, width: 24, value: (voucher) => voucher.supplier_name ?? '' },
    { header: fields.product_long_name, width: 36, value: (voucher) => voucher.product_long_name ?? '' },
    { header: fields.status, width: 22, value: (voucher) => statusName(voucher.status) },
    { header: fields.pax, width: 36, value: (voucher) => voucher.pax },
    { header: fields.final_price, width: 14, value: (voucher) => Number(voucher.final_price) },
  ],
});
