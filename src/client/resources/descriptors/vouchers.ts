/**
 * Vouchers (issue 15; SPEC §2 'Vouchers': no create button; columns id, reservation (departure,
 * return, duration, office, payment method drawn from it), supplier_name, product_long_name,
 * status, pax, final_price; filters product_long_name and status, plus Agencia's provider filter;
 * §4 status changes; §6 per-role fields; §7 /csv_voucher_filter/). Status changes are the engine's
 * actions `status_N`, offered per row and on the selected rows only where the transition table of
 * src/contracts/bookings.ts allows them.
 */
import {
  STATUS_IDS,
  statusActionName,
  VOUCHER_WRITE_FIELDS,
  voucherContract,
} from '../../../contracts/bookings';
import { formatAmount, formatDate } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { DOC_TYPES } from '../../../contracts/resources';
import { reservationStatusName } from '../../../contracts/static/statuses';
import { recalculatedPrices } from '../../../contracts/voucherPrices';
import { cellText, defineDescriptor } from '../descriptor';
import { sendingOnly, statusOptions } from './bookingsShared';
import { countryOptions } from './options';

const text = messages.bookings;
const label = text.fields;

const docTypeOptions = DOC_TYPES.map((docType) => ({ value: docType, label: docType }));

const statusActions = STATUS_IDS.map((to) => ({
  action: statusActionName(to),
  label: text.statusActions[to],
}));

const paxNames = (value: unknown) =>
  Array.isArray(value)
    ? value
        .map(
          (pax: { name?: unknown; surname?: unknown }) =>
            `${String(pax.name ?? '')} ${String(pax.surname ?? '')}`,
        )
        .join(', ')
    : '';

export const vouchersDescriptor = sendingOnly(
  defineDescriptor({
    routing: 'vouchers',
    contract: voucherContract,
    columns: [
      { key: 'id', header: label.id },
      { key: 'reservation', optional: true, header: label.reservation },
      {
        key: 'reservation_date_in',
        optional: true,
        header: label.date_in,
        render: (row) => formatDate(String(row.reservation_date_in ?? '')),
      },
      {
        key: 'reservation_date_out',
        optional: true,
        header: label.date_out,
        render: (row) => formatDate(String(row.reservation_date_out ?? '')),
      },
      { key: 'duration', optional: true, header: label.duration },
      {
        key: 'office_name',
        optional: true,
        header: label.office,
        render: (row) => cellText(row.office_name),
      },
      { key: 'payment_method', optional: true, header: label.payment_method },
      { key: 'supplier_name', optional: true, header: label.supplier_name },
      { key: 'product_long_name', header: label.product_long_name },
      {
        key: 'status',
        header: label.status,
        render: (row) => reservationStatusName(Number(row.status)) ?? '',
      },
      { key: 'pax', header: label.pax, unsortable: 'several values', render: (row) => paxNames(row.pax) },
      { key: 'final_price', header: label.final_price, render: (row) => formatAmount(row.final_price) },
    ],
    filters: [
      { param: 'product_long_name', label: label.product_long_name },
      { param: 'status', label: label.status, options: statusOptions },
      { param: 'voucher_filter_proveedor', label: label.supplier_name },
    ],
    fields: [
      { name: 'id', label: label.id, span: 2 },
      { name: 'reservation', label: label.reservation, span: 2 },
      { name: 'product_long_name', label: label.product_long_name, span: 5 },
      { name: 'supplier_name', label: label.supplier_name, span: 3 },
      {
        // SPEC §6 'all passenger fields': each editable only for the roles that table names
        // (pax.<field> in src/contracts/roleRules.ts), read-only for the others; saved with the
        // voucher, in its transaction.
        name: 'pax',
        label: label.pax,
        type: 'records',
        span: 12,
        fixedItems: true,
        itemLabel: text.passengerItem,
        fields: [
          { name: 'name', span: 4, maxLength: 150 },
          { name: 'surname', span: 4, maxLength: 150 },
          { name: 'doc_type', type: 'select', span: 2, options: docTypeOptions, numeric: false },
          { name: 'doc_number', type: 'digits', span: 2, maxLength: 30 },
          { name: 'birth_date', type: 'date', span: 3, toBody: (value) => (value === '' ? null : value) },
          { name: 'email', type: 'email', span: 5, maxLength: 254 },
          { name: 'phone', type: 'digits', span: 4, maxLength: 30 },
          { name: 'country', type: 'select', span: 6, options: countryOptions },
          { name: 'nationality', type: 'select', span: 6, options: countryOptions },
        ],
      },
      { name: 'status', label: label.status, type: 'select', numeric: true, options: statusOptions, span: 4 },
      {
        name: 'status_administracion',
        label: label.status_administracion,
        type: 'select',
        numeric: true,
        options: statusOptions,
        span: 4,
      },
      { name: 'voucher_filter_proveedor', label: label.voucher_filter_proveedor, span: 4, maxLength: 150 },
      { name: 'pvp', label: label.pvp, type: 'amount', span: 3 },
      { name: 'final_price', label: label.final_price, type: 'amount', span: 3 },
      { name: 'commission', label: label.commission, type: 'amount', span: 3 },
      { name: 'net_price', label: label.net_price, type: 'amount', span: 3, hint: text.pricesRule },
      { name: 'observations', label: label.observations, type: 'textarea', span: 12, maxLength: 2000 },
    ],
    actions: { remove: false },
    fieldAccess: 'voucher',
    // Issue 32: net price = final price − commission, recalculated as the user types (the server holds the rule).
    derive: recalculatedPrices,
    rowActions: statusActions,
    bulkActions: statusActions,
    export: { kind: 'vouchers' },
    detailView: 'voucherDocuments',
    recordName: (row) => `Voucher N° ${String(row.id)}`,
  }),
  VOUCHER_WRITE_FIELDS,
);
