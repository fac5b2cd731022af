/** The claims card: each claim with its coverage, amounts, receipts count and services table. */

import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { formatAmount, formatDate, formatMoney } from '../../../../contracts/format';
import { Card, Stack, Subheading } from '../../../ui/primitives';
import { Table, TableWrapper } from '../../../ui/table';
import { serviceLabel } from './labels';
import { countryName, Item, Items, text } from './parts';

export function Claims({ refund }: { refund: ReviewedRefund }) {
  return (
    <Card aria-labelledby="refund-claims">
      <Subheading id="refund-claims">{text.claims}</Subheading>
      <Stack>
        {refund.claims.map((claim, index) => (
          <section key={claim.id} aria-label={text.claim(index + 1)} data-testid="refund-claim">
            <strong>{text.claim(index + 1)}</strong>
            <Items>
              <Item label={text.coverage}>{claim.coverage}</Item>
              <Item label={text.sinisterCountry}>{countryName(claim.sinister_country)}</Item>
              <Item label={text.sinisterDate}>{formatDate(claim.sinister_date)}</Item>
              <Item label={text.currency}>{claim.currency}</Item>
              <Item label={text.amount}>{formatAmount(claim.amount, claim.currency)}</Item>
              <Item label={text.approvedAmount}>
                {claim.approved_amount ? formatMoney(claim.approved_amount, claim.currency) : ''}
              </Item>
              <Item label={text.receipts}>
                {String(
                  refund.files.filter((file) => file.kind === 'claim' && file.claim === claim.id).length,
                )}
              </Item>
            </Items>
            {claim.services.length ? (
              <TableWrapper>
                <Table aria-label={`${text.services} ${text.claim(index + 1)}`}>
                  <thead>
                    <tr>
                      <th scope="col">{text.services}</th>
                      <th scope="col">{text.amountPaid}</th>
                      <th scope="col">{text.amountRecovered}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {claim.services.map((service) => (
                      <tr key={service.service}>
                        <td>{serviceLabel(service.service, service.name)}</td>
                        <td>{formatAmount(service.amount_paid, claim.currency)}</td>
                        <td>{formatAmount(service.amount_recovered, claim.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableWrapper>
            ) : null}
          </section>
        ))}
        {refund.client_comment ? (
          <Items>
            <Item label={text.comment}>{refund.client_comment}</Item>
          </Items>
        ) : null}
      </Stack>
    </Card>
  );
}
