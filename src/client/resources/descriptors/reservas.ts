/**
 * Reservas (issue 15; SPEC §2 'Reservas': list only, columns id, user_detail,
 * user_reservation_detail, office, payment_method, date_emision, status, total_price; exact filters
 * with minimum length 1; §3 'Reservation'; §6 per-role fields; §7). The form shows every field and
 * lets the role edit only what src/contracts/access.ts allows (fieldAccess 'reservation'); the
 * server refuses the rest. 'Cancelar todos' cancels every voucher of the reservation, confirmed.
 */
import { bookingPaths, RESERVATION_WRITE_FIELDS, reservationContract } from '../../../contracts/bookings';
import { formatAmount, formatDate, formatLocalDate } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { reservationStatusName } from '../../../contracts/static/statuses';
import { cellText, defineDescriptor } from '../descriptor';
import { sendingOnly, statusOptions } from './bookingsShared';
import { officeOptions } from './options';

const text = messages.bookings;
const label = text.fields;

export const reservasDescriptor = sendingOnly(
  defineDescriptor({
    routing: 'reservas',
    contract: reservationContract,
    columns: [
      { key: 'id', header: label.id },
      { key: 'user_detail', header: label.user_detail },
      {
        key: 'user_reservation_detail',
        optional: true,
        header: label.user_reservation_detail,
      },
      { key: 'office', header: label.office, render: (row) => cellText(row.office_name) },
      { key: 'payment_method', optional: true, header: label.payment_method },
      { key: 'date_emision', header: label.date_emision, render: (row) => formatLocalDate(row.date_emision) },
      {
        key: 'status',
        header: label.status,
        render: (row) => reservationStatusName(Number(row.status)) ?? '',
      },
      { key: 'total_price', header: label.total_price, render: (row) => formatAmount(row.total_price) },
    ],
    filters: [
      { param: 'id', label: label.id },
      { param: 'user__username', label: label.user_username },
      { param: 'user_reservation__username', label: label.user_reservation_username },
      { param: 'office__long_name', label: label.office_long_name },
      { param: 'date_emision', label: label.date_emision },
      { param: 'status', label: label.status, options: statusOptions },
    ],
    fields: [
      { name: 'id', label: label.id, span: 2 },
      { name: 'user_detail', label: label.user_detail, span: 5 },
      { name: 'user_reservation_detail', label: label.user_reservation_detail, span: 5 },
      // Issue 32: the office is chosen by name (searching as the office search modes do), never typed as an id.
      {
        name: 'office',
        label: label.office,
        type: 'searchselect',
        span: 8,
        options: officeOptions,
        chosenLabel: 'office_name',
      },
      { name: 'payment_method', label: label.payment_method, span: 4 },
      { name: 'status', label: label.status, type: 'select', numeric: true, options: statusOptions, span: 4 },
      { name: 'total_price', label: label.total_price, type: 'amount', span: 4 },
      { name: 'auto_cancel', label: label.auto_cancel, type: 'checkbox', span: 4 },
      { name: 'date_in', label: label.date_in, type: 'date', span: 6 },
      { name: 'date_out', label: label.date_out, type: 'date', span: 6 },
      { name: 'contact_emergency_name', label: label.contact_emergency_name, span: 4, maxLength: 150 },
      { name: 'contact_emergency_surname', label: label.contact_emergency_surname, span: 4, maxLength: 150 },
      { name: 'contact_emergency_phone', label: label.contact_emergency_phone, span: 4, maxLength: 30 },
      {
        name: 'vouchers',
        label: label.vouchers,
        type: 'lines',
        span: 12,
        fromRecord: (value) =>
          Array.isArray(value)
            ? value
                .map(
                  (voucher: {
                    id?: unknown;
                    product_long_name?: unknown;
                    status_name?: unknown;
                    pax?: unknown;
                  }) =>
                    [
                      `N° ${String(voucher.id)}`,
                      String(voucher.product_long_name ?? ''),
                      String(voucher.status_name ?? ''),
                      Array.isArray(voucher.pax) ? voucher.pax.join(', ') : '',
                    ].join(' - '),
                )
                .join('\n')
            : '',
      },
      {
        // The reservation's travellers (SPEC §3 'Passenger'), one per line.
        name: 'passengers',
        label: label.pax,
        type: 'lines',
        span: 12,
        fromRecord: (value) =>
          Array.isArray(value)
            ? value
                .map((passenger: Record<string, unknown>) =>
                  [
                    `${String(passenger.name ?? '')} ${String(passenger.surname ?? '')}`.trim(),
                    `${String(passenger.doc_type ?? '')} ${String(passenger.doc_number ?? '')}`.trim(),
                    String(passenger.email ?? ''),
                    passenger.birth_date ? formatDate(String(passenger.birth_date)) : '',
                  ]
                    .filter(Boolean)
                    .join(' - '),
                )
                .join('\n')
            : '',
      },
    ],
    actions: { remove: false },
    // SPEC §7: the CSV of the current filters, UTF-8 with BOM, handed to the browser.
    download: { path: bookingPaths.reservationCsv, fileName: 'reservas.csv' },
    fieldAccess: 'reservation',
    rowActions: [{ action: 'cancel_all', label: text.cancelAll }],
    // The reservation's payment detail (issue 16; SPEC §7 GET /payment_detail/), as in Facturación.
    showTabs: ['paymentDetail'],
    recordName: (row) => `${label.reservation} N° ${String(row.id)}`,
  }),
  RESERVATION_WRITE_FIELDS,
);
