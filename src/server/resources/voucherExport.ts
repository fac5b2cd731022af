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
import { type SQL, sql } from 'drizzle-orm';
import { statusName } from '../../contracts/bookings';
import { messages } from '../../contracts/messages';
import { reservationStatuses } from '../../contracts/static/statuses';
import { voucherDuration } from './bookings';
import type { Reader } from './engine';
import { amountCell, dateCell, defineExport } from './exports';

const fields = messages.bookings.fields;

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

/** A voucher as the projection answers it: the fields of VoucherExportRow in their order. */
type ProjectedRow = [
  number,
  number,
  string,
  string,
  string | null,
  string,
  string | null,
  string | null,
  number,
  string,
  string,
];

/**
 * The export's cells of the vouchers the subquery `ids` selects: one statement (names by joins,
 * the travellers aggregated) answering the whole batch as one JSON text of arrays, parsed at once.
 * One string per batch (under 128 KB at the engine's batch size, so it dies young like the rest)
 * rather than a row object per voucher built by the driver while the answer arrives: those outlive
 * young-generation collections and pile up in the server's heap (issue 15: the RSS budget).
 */
export async function voucherExportRows(reader: Reader, ids: SQL): Promise<VoucherExportRow[]> {
  const result = (await reader.execute(sql`
    select coalesce(json_agg(json_build_array(
      v.id,
      v.reservation_id,
      coalesce(to_char(r.date_in, 'YYYY-MM-DD'), ''),
      coalesce(to_char(r.date_out, 'YYYY-MM-DD'), ''),
      o.long_name,
      coalesce(r.payment_method, ''),
      s.long_name,
      p.long_name,
      v.status,
      v.final_price::text,
      coalesce((select string_agg(x.name || ' ' || x.surname, ', ' order by x.id)
        from voucher_passengers vp join pax x on x.id = vp.pax_id where vp.voucher_id = v.id), '')
    )), '[]')::text as batch
    from vouchers v
      left join reservations r on r.id = v.reservation_id
      left join offices o on o.id = r.office_id
      left join products p on p.id = v.product_id
      left join suppliers s on s.id = p.supplier_id
    where v.id in (${ids})`)) as unknown as { rows: { batch: string }[] };
  const rows = JSON.parse(result.rows[0]?.batch ?? '[]') as ProjectedRow[];
  return rows.map((row) => ({
    id: row[0],
    reservation: row[1],
    reservation_date_in: row[2],
    reservation_date_out: row[3],
    office_name: row[4],
    payment_method: row[5],
    supplier_name: row[6],
    product_long_name: row[7],
    status: row[8],
    final_price: row[9],
    pax: row[10],
  }));
}

/** The statuses' names by id, as `statusName` gives them (a status without one: its number). */
const STATUS_NAMES = JSON.stringify(
  Object.fromEntries(reservationStatuses.map((status) => [String(status.id), status.name])),
);

/**
 * The export's cells of the vouchers `ids`, in that order, computed by the database (issue 39:
 * `ExportDefinition.cells`): one JSON text of arrays of the columns' cells, as `columns[].value`
 * makes them from `voucherExportRows` (dates as 'YYYY-MM-DD' texts of the date columns, the
 * duration as `voucherDuration`, the status's name as `statusName`, the price as a number), which
 * the server passes to the xlsx writer without parsing it.
 */
export async function voucherExportCells(
  reader: Reader,
  ids: readonly number[],
): Promise<{ json: string; rows: number }> {
  const result = (await reader.execute(sql`
    select count(*)::int as n, coalesce(json_agg(json_build_array(
      v.id,
      v.reservation_id,
      to_char(r.date_in, 'YYYY-MM-DD'),
      to_char(r.date_out, 'YYYY-MM-DD'),
      case when r.date_in is null or r.date_out is null then 0
        else greatest(1, r.date_out - r.date_in + 1) end,
      coalesce(o.long_name, ''),
      coalesce(r.payment_method, ''),
      coalesce(s.long_name, ''),
      coalesce(p.long_name, ''),
      coalesce(${STATUS_NAMES}::jsonb ->> v.status::text, v.status::text),
      coalesce((select string_agg(x.name || ' ' || x.surname, ', ' order by x.id)
        from voucher_passengers vp join pax x on x.id = vp.pax_id where vp.voucher_id = v.id), ''),
      v.final_price::float8
    ) order by batch.n), '[]')::text as batch
    from unnest(${sql.param([...ids])}::int[]) with ordinality as batch(id, n)
      join vouchers v on v.id = batch.id
      left join reservations r on r.id = v.reservation_id
      left join offices o on o.id = r.office_id
      left join products p on p.id = v.product_id
      left join suppliers s on s.id = p.supplier_id`)) as unknown as { rows: { n: number; batch: string }[] };
  const row = result.rows[0];
  return { json: row?.batch ?? '[]', rows: Number(row?.n ?? 0) };
}

export const voucherExport = defineExport<VoucherExportRow>({
  kind: 'vouchers',
  resourcePath: '/voucher/',
  sheetName: 'Vouchers',
  project: voucherExportRows,
  cells: voucherExportCells,
  columns: [
    { header: 'ID', width: 10, value: (voucher) => voucher.id },
    { header: fields.reservation, width: 10, value: (voucher) => voucher.reservation },
    {
      header: fields.date_in,
      width: 12,
      format: 'date',
      value: (voucher) => dateCell(voucher.reservation_date_in),
    },
    {
      header: fields.date_out,
      width: 12,
      format: 'date',
      value: (voucher) => dateCell(voucher.reservation_date_out),
    },
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
    {
      header: fields.final_price,
      width: 14,
      format: 'amount',
      value: (voucher) => amountCell(voucher.final_price),
    },
  ],
});
