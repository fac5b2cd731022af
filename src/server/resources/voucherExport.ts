/**
 * The voucher list export (issue 15; SPEC §7 GET /csv_voucher_filter/, limit 1000000 unfiltered or
 * 100000 with a query; §8 'Listado de vouchers disponible para descargar' / 'Error al descargar
 * listado de vouchers.'): the rows of GET /voucher/ with the same filters, scope and permission
 * (voucher/view), as filter_voucher.xlsx, on the export engine (./exports.ts).
 */
import type { Voucher } from '../../contracts/bookings';
import { messages } from '../../contracts/messages';
import { defineExport } from './exports';

const fields = messages.bookings.fields;
const localDate = (iso: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

export const voucherExport = defineExport<Voucher>({
  kind: 'vouchers',
  resourcePath: '/voucher/',
  sheetName: 'Vouchers',
  columns: [
    { header: 'ID', width: 10, value: (voucher) => voucher.id },
    { header: fields.reservation, width: 10, value: (voucher) => voucher.reservation },
    { header: fields.date_in, width: 12, value: (voucher) => localDate(voucher.reservation_date_in) },
    { header: fields.date_out, width: 12, value: (voucher) => localDate(voucher.reservation_date_out) },
    { header: fields.duration, width: 10, value: (voucher) => voucher.duration },
    { header: fields.office, width: 30, value: (voucher) => voucher.office_name ?? '' },
    { header: fields.payment_method, width: 16, value: (voucher) => voucher.payment_method },
    { header: fields.supplier_name, width: 24, value: (voucher) => voucher.supplier_name ?? '' },
    { header: fields.product_long_name, width: 36, value: (voucher) => voucher.product_long_name ?? '' },
    { header: fields.status, width: 22, value: (voucher) => voucher.status_name },
    {
      header: fields.pax,
      width: 36,
      value: (voucher) => voucher.pax.map((pax) => `${pax.name} ${pax.surname}`).join(', '),
    },
    { header: fields.final_price, width: 14, value: (voucher) => Number(voucher.final_price) },
  ],
});
