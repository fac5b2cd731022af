/** The applicant card: status, name, document, voucher, contact and country. */

import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { formatLocalDate } from '../../../../contracts/format';
import { messages } from '../../../../contracts/messages';
import { refundStatusLabel } from '../../../../contracts/refund/lifecycle';
import { Card, Subheading } from '../../../ui/primitives';
import { countryName, Item, Items, text } from './parts';

export function Applicant({ refund }: { refund: ReviewedRefund }) {
  const labels = messages.resourceScreens.fields as Record<string, string>;
  return (
    <Card aria-labelledby="refund-applicant">
      <Subheading id="refund-applicant">{text.applicant}</Subheading>
      <Items>
        <Item label={text.status}>
          <strong data-testid="refund-status">{refundStatusLabel(refund.status)}</strong>
        </Item>
        <Item label={labels.name ?? 'Nombre'}>{`${refund.name} ${refund.surname}`}</Item>
        <Item label={labels.doc_number ?? 'Documento'}>{refund.doc_number}</Item>
        <Item label={labels.voucher ?? 'Voucher'}>{String(refund.voucher)}</Item>
        <Item label="Email">{refund.email}</Item>
        <Item label={text.bankFields.phone}>{refund.phone_contact}</Item>
        <Item label={text.countryResidence}>{countryName(refund.country_residence)}</Item>
        <Item label={text.travellerLanguage}>
          <span data-testid="refund-language">{text.travellerLanguages[refund.language]}</span>
        </Item>
        <Item label={text.createdAt}>{formatLocalDate(refund.created_at)}</Item>
        {refund.rejection_reason ? <Item label={text.rejectionReason}>{refund.rejection_reason}</Item> : null}
      </Items>
    </Card>
  );
}
