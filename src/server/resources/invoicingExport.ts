/**
 * The Facturación export (issue 16; SPEC §2 'Facturación', §4 exports): the rows of
 * GET /facturacion/ with the same filters, scope and permission (reservation/view), as
 * filter_invoicing.xlsx, then a blank row and a totals row per currency computed by the server
 * over the same filter (issue 40: below a blank row, so sorting the data never mixes them in).
 * Declared on the export engine (./exports.ts). Dates are date cells and amounts numbers, with
 * Spanish display formats (issue 32). 'Facturado' follows 'Estado de facturación' and is not a
 * column of its own (issue 40: the file had both with the same values).
 */
import type { InvoicingRow } from '../../contracts/invoicing';
import { messages } from '../../contracts/messages';
import { invoicingStatusName, reservationStatusName } from '../../contracts/static/statuses';
import { amountCell, dateCell, defineExport } from './exports';
import { invoicingTotals } from './invoicing';

const label = messages.invoicing.fields;
const amount = amountCell;
/** A row's amount with its currency's minor units (issue 40: 'CLP' without ',00'). */
const rowAmount = (field: 'final_price' | 'commission' | 'net_price') => (row: InvoicingRow) =>
  amountCell(row[field], row.currency);

export const invoicingExport = defineExport<InvoicingRow>({
  kind: 'invoicing',
  resourcePath: '/facturacion/',
  sheetName: messages.invoicing.export.sheet,
  columns: [
    { header: label.reservation_id, width: 12, value: (row) => row.reservation_id },
    { header: label.office, width: 36, value: (row) => row.office_name },
    {
      header: label.status,
      width: 22,
      value: (row) => reservationStatusName(row.status) ?? String(row.status),
    },
    {
      header: label.invoicing_status,
      width: 18,
      value: (row) => invoicingStatusName(row.invoicing_status) ?? '',
    },
    { header: label.document_type, width: 10, value: (row) => row.document_type ?? '' },
    { header: label.document_number, width: 20, value: (row) => row.document_number },
    // Dates and amounts as real cells (issue 32): the creation's date as the list shows it.
    { header: label.date_created, width: 14, format: 'date', value: (row) => dateCell(row.date_created) },
    { header: label.date_in, width: 14, format: 'date', value: (row) => dateCell(row.date_in) },
    { header: label.date_fact, width: 14, format: 'date', value: (row) => dateCell(row.date_fact) },
    { header: label.currency, width: 10, value: (row) => row.currency },
    { header: label.final_price, width: 16, format: 'amount', value: rowAmount('final_price') },
    { header: label.commission, width: 16, format: 'amount', value: rowAmount('commission') },
    { header: label.net_price, width: 16, format: 'amount', value: rowAmount('net_price') },
  ],
  async footer(reader, where, principal) {
    const { totals } = await invoicingTotals(reader, where, principal);
    const blank = Array.from({ length: 13 }, () => null);
    const rows = totals.map((total) => [
      `${messages.invoicing.export.totals} ${total.currency}`.trim(),
      messages.invoicing.summary.count(total.count),
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      total.currency,
      amount(total.final_price, total.currency),
      amount(total.commission, total.currency),
      amount(total.net_price, total.currency),
    ]);
    return [blank, ...rows];
  },
});
