/**
 * Figures over a whole filtered list, shown above it (a descriptor's `summary` key; issue 16):
 * computed by the server (`GET {path}summary/` with the list's filters), never summed here from
 * one page. Each renders what the resourceList machine holds as `summary`.
 */

import { formatAmount } from '../../../contracts/format';
import { invoicingTotalsSchema } from '../../../contracts/invoicing';
import { messages } from '../../../contracts/messages';
import type { ListSummaryKey } from '../../resources/descriptor';
import { Alert, Card } from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';

const text = messages.invoicing;

/** Facturación: count, final price, commission and net price per currency. */
function InvoicingTotals({ summary }: { summary: unknown }) {
  const parsed = invoicingTotalsSchema.safeParse(summary);
  if (!parsed.success) return <Alert tone="danger">{text.summary.failed}</Alert>;
  const money = formatAmount;
  return (
    <Card>
      {/* A region that may scroll sideways on a phone: focusable and named, so a keyboard can
          scroll it (axe's scrollable-region-focusable at 390px, issue 40). */}
      <TableWrapper role="region" aria-label={text.summary.title} tabIndex={0}>
        <Table aria-label={text.summary.title}>
          <thead>
            <tr>
              <th scope="col">{text.fields.currency}</th>
              <th scope="col">{text.summary.reservations}</th>
              <th scope="col">{text.fields.final_price}</th>
              <th scope="col">{text.fields.commission}</th>
              <th scope="col">{text.fields.net_price}</th>
            </tr>
          </thead>
          <tbody>
            {parsed.data.totals.map((row) => (
              <tr key={row.currency} data-currency={row.currency}>
                <th scope="row">{row.currency || text.summary.noCurrency}</th>
                <td>{text.summary.count(row.count)}</td>
                <td>{money(row.final_price)}</td>
                <td>{money(row.commission)}</td>
                <td>{money(row.net_price)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
    </Card>
  );
}

export function ListSummary({ view, summary }: { view: ListSummaryKey; summary: unknown }) {
  switch (view) {
    case 'invoicingTotals':
      return <InvoicingTotals summary={summary} />;
  }
}
