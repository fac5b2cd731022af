/**
 * Facturación (issue 16; SPEC §2 'Facturación': columns status check, reservation_id, office,
 * status, date_created, date_in, date_fact, final_price, commission, net_price; §3 'Invoicing row'
 * with the static lists; §7 POST /facturacion/). 'status check' is the list's selection checkbox.
 *
 * Data only: the totals of the whole filter (the server's `GET /facturacion/summary/`) are the
 * list summary 'invoicingTotals'; the actions on the selected rows follow the transition table of
 * src/contracts/invoicing.ts, and marking FACTURADO asks for the document type, number and date.
 */

import { formatLocalDate, formatMoney } from '../../../contracts/format';
import { invoicingContract } from '../../../contracts/invoicing';
import { messages } from '../../../contracts/messages';
import {
  billedStatuses,
  documentTypes,
  invoicingStatuses,
  invoicingStatusName,
  reservationStatusName,
} from '../../../contracts/static/statuses';
import { cellText, defineDescriptor } from '../descriptor';

const text = messages.invoicing;
const label = text.fields;

const money = formatMoney;

const invoiceFields = [
  {
    name: 'document_type',
    label: label.document_type,
    options: documentTypes.map((type) => ({ value: type.name, label: type.name })),
  },
  { name: 'document_number', label: label.document_number, maxLength: 30 },
  { name: 'date_fact', label: label.date_fact, placeholder: 'DD/MM/AAAA', maxLength: 10 },
] as const;

export const facturacionDescriptor = defineDescriptor({
  routing: 'facturacion',
  contract: invoicingContract,
  columns: [
    { key: 'reservation_id', header: label.reservation_id },
    { key: 'office', header: label.office, render: (row) => cellText(row.office_name) },
    {
      key: 'status',
      header: label.status,
      render: (row) => reservationStatusName(Number(row.status)) ?? cellText(row.status),
    },
    {
      key: 'invoicing_status',
      header: label.invoicing_status,
      render: (row) => invoicingStatusName(Number(row.invoicing_status)) ?? '',
    },
    // Issue 40: hidden by default (with Comisión) so the rows fit 1366px; offered in Columnas.
    {
      key: 'date_created',
      header: label.date_created,
      optional: true,
      render: (row) => formatLocalDate(row.date_created),
    },
    { key: 'date_in', header: label.date_in, render: (row) => cellText(row.date_in) },
    { key: 'date_fact', header: label.date_fact, render: (row) => cellText(row.date_fact) },
    {
      key: 'final_price',
      header: label.final_price,
      nowrap: true,
      render: (row) => money(row.final_price, row.currency),
    },
    {
      key: 'commission',
      header: label.commission,
      nowrap: true,
      optional: true,
      render: (row) => money(row.commission, row.currency),
    },
    {
      key: 'net_price',
      header: label.net_price,
      nowrap: true,
      render: (row) => money(row.net_price, row.currency),
    },
  ],
  filters: [
    { param: 'reservation_id', label: label.reservation_id },
    { param: 'office', label: label.office },
    {
      param: 'invoicing_status',
      label: label.invoicing_status,
      options: invoicingStatuses.map((status) => ({ value: String(status.id), label: status.name })),
    },
    {
      param: 'billed',
      label: label.billed,
      options: billedStatuses.map((status) => ({ value: String(status.id), label: status.name })),
    },
    { param: 'date_created_from', label: label.date_created_from },
    { param: 'date_created_to', label: label.date_created_to },
    { param: 'date_in_from', label: label.date_in_from },
    { param: 'date_in_to', label: label.date_in_to },
    { param: 'date_fact_from', label: label.date_fact_from },
    { param: 'date_fact_to', label: label.date_fact_to },
  ],
  fields: [
    { name: 'reservation_id', label: label.reservation_id, span: 3 },
    { name: 'office_name', label: label.office, span: 5 },
    { name: 'currency', label: label.currency, span: 2 },
    { name: 'status', label: label.status, span: 2 },
    { name: 'invoicing_status', label: label.invoicing_status, span: 3 },
    { name: 'document_type', label: label.document_type, span: 3 },
    { name: 'document_number', label: label.document_number, span: 3 },
    { name: 'date_fact', label: label.date_fact, span: 3 },
    { name: 'final_price', label: label.final_price, span: 4 },
    { name: 'commission', label: label.commission, span: 4 },
    { name: 'net_price', label: label.net_price, span: 4 },
  ],
  actions: { edit: false, remove: false, clone: false },
  bulkActions: [
    { action: 'invoice', label: text.actions.invoice, fields: invoiceFields },
    { action: 'review', label: text.actions.review },
    { action: 'cancel', label: text.actions.cancel },
  ],
  rowActions: [
    { action: 'review', label: text.actions.review },
    { action: 'cancel', label: text.actions.cancel },
    { action: 'reopen', label: text.actions.reopen },
  ],
  summary: 'invoicingTotals',
  showTabs: ['paymentDetail'],
  export: { kind: 'invoicing' },
  recordName: (row) => `${label.reservation_id} ${String(row.reservation_id ?? row.id)}`,
});
