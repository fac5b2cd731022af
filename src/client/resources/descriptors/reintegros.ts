/**
 * Reintegros (SPEC §2: 'list only'; columns id, name, doc_number, voucher, status; exact filters
 * id, doc_number, voucher, status; §7 GET /refund/, PUT /refund/{id}/; issue 17 'Staff review'):
 * travellers create refunds in the public portal; staff filter them by status, submission dates,
 * the claims' country and coverage, move them through the lifecycle of
 * src/contracts/refund/lifecycle.ts (per row and, for 'En revisión', on the selected rows) and
 * review one in its own show view (claims, receipts, bank data, history).
 */

import { formatLocalDate } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { REFUND_STATUSES, refundStatusLabel } from '../../../contracts/refund/lifecycle';
import { refundReviewContract } from '../../../contracts/refund/review';
import { countries } from '../../../contracts/static';
import { defineDescriptor } from '../descriptor';

const text = messages.refundReview;

export const reintegrosDescriptor = defineDescriptor({
  routing: 'reintegros',
  contract: refundReviewContract,
  columns: [
    'id',
    // The full name (issue 30 §4), under the column's own header 'Nombre'.
    { key: 'name', render: (row) => [row.name, row.surname].filter(Boolean).join(' ') },
    'doc_number',
    'voucher',
    { key: 'status', render: (row) => refundStatusLabel(String(row.status ?? '')) },
    { key: 'created_at', header: text.createdAt, render: (row) => formatLocalDate(row.created_at) },
  ],
  filters: [
    'id',
    'doc_number',
    'voucher',
    {
      param: 'status',
      options: REFUND_STATUSES.map((status) => ({ value: status, label: text.statuses[status] })),
    },
    { param: 'created_from', label: text.createdFrom },
    { param: 'created_to', label: text.createdTo },
    {
      param: 'country',
      label: text.countryFilter,
      options: countries.map((country) => ({ value: country.iso3, label: country.name })),
    },
    { param: 'coverage', label: text.coverageFilter },
    // Issue 31: refunds whose receipts raise a flag (services/receiptReading/alerts.ts).
    {
      param: 'alerts',
      label: messages.receiptReading.withAlerts,
      options: [{ value: 'true', label: messages.resourceScreens.yes }],
    },
  ],
  fields: [
    { name: 'id', span: 3 },
    { name: 'name', span: 9 },
    { name: 'doc_number', span: 4 },
    { name: 'voucher', span: 4 },
    { name: 'status', span: 4 },
  ],
  actions: { edit: false, remove: false },
  editPermission: { resource: 'refund', action: 'change' },
  rowActions: [
    { action: 'review', label: text.transitions.review },
    { action: 'pay', label: text.transitions.pay },
  ],
  bulkActions: [{ action: 'review', label: text.transitions.review }],
  detailView: 'refundReview',
  recordName: (row) => (row.name ? [row.name, row.surname].filter(Boolean).join(' ') : String(row.id)),
});
