/**
 * Reintegros (SPEC §2: 'list only'; columns id, name, doc_number, voucher, status; exact filters
 * id, doc_number, voucher, status; §7 GET /refund/). Read-only: travellers create refunds in the
 * public portal; Mostrar opens one refund's data.
 */
import { refundReviewContract } from '../../../contracts/refundReview';
import { defineDescriptor } from '../descriptor';

export const reintegrosDescriptor = defineDescriptor({
  routing: 'reintegros',
  contract: refundReviewContract,
  columns: ['id', 'name', 'doc_number', 'voucher', 'status'],
  filters: ['id', 'doc_number', 'voucher', 'status'],
  fields: [
    { name: 'id', span: 3 },
    { name: 'name', span: 9 },
    { name: 'doc_number', span: 4 },
    { name: 'voucher', span: 4 },
    { name: 'status', span: 4 },
  ],
  actions: { edit: false, remove: false },
  recordName: (row) => String(row.name ?? row.id),
});
