/**
 * Issue 31 (docs/receipt-reading.md): what the refund's receipts say, on the staff review. Per
 * claim the claimed amount beside the sum of the read totals, per receipt (page) the read total,
 * date and currency, and the flags as badges; a reused receipt links to the other refund.
 * Renders the refundReadings machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { stillReading } from '../../../../../machines/refundReadings';
import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { messages } from '../../../../contracts/messages';
import { readAmount, readDate, readTotals } from '../../../../contracts/messages/receiptReading';
import type { ReadingFlag } from '../../../../contracts/refund/reading';
import { Alert, Button, Card, Muted, Row, Spinner, Stack, Subheading } from '../../../ui/primitives';
import { styled } from '../../../ui/theme';
import { refundReadingsLogic } from '../detailWiring';
import { Item, Items, text } from './parts';

const readingText = messages.receiptReading;

const FlagBadge = styled('li', {
  display: 'inline-flex',
  gap: '$2',
  alignItems: 'center',
  padding: '$1 $3',
  borderRadius: '$1',
  border: '1px solid $warning',
  backgroundColor: '$warningSoft',
  color: '$warning',
  fontSize: '$2',
});
const FlagList = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
});

function Flags({ flags, showPath }: { flags: readonly ReadingFlag[]; showPath: (id: number) => string }) {
  if (flags.length === 0) return null;
  return (
    <FlagList aria-label={readingText.staffFlagsLabel}>
      {flags.map((flag) => (
        <FlagBadge
          key={`${flag.kind}-${flag.fileId ?? ''}-${flag.reference?.refundId ?? ''}-${flag.reference?.fileId ?? ''}`}
        >
          <span>{readingText.flags[flag.kind]}</span>
          {flag.kind === 'reused' && flag.reference ? (
            <Link to={showPath(flag.reference.refundId)}>
              {readingText.reusedIn(flag.reference.refundId)}
            </Link>
          ) : null}
        </FlagBadge>
      ))}
    </FlagList>
  );
}

export function ReceiptReadings({
  refund,
  showPath,
}: {
  refund: ReviewedRefund;
  /** The review's address of another refund (the reuse link). */
  showPath: (id: number) => string;
}) {
  const actor = useActorRef(refundReadingsLogic, { input: { id: refund.id } });
  const snapshot = useSelector(actor, (state) => state);
  const { readings, error } = snapshot.context;
  const fileName = (id: string) => refund.files.find((file) => file.id === id)?.name ?? id;

  return (
    <Card aria-labelledby="refund-readings">
      <Subheading id="refund-readings">{readingText.staffTitle}</Subheading>
      {snapshot.matches('loading') ? <Spinner label={readingText.reading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
              {messages.resourceScreens.retry}
            </Button>
          </Row>
        </Alert>
      ) : null}
      {readings ? (
        <Stack>
          {readings.flags.length === 0 ? <Muted>{readingText.staffNoFlags}</Muted> : null}
          {readings.claims.map((claim) => {
            const index = refund.claims.findIndex((item) => item.id === claim.claimId);
            const claimFlags = readings.flags.filter((flag) => flag.claimId === claim.claimId);
            return (
              <section
                key={claim.claimId}
                aria-label={`${readingText.staffTitle} ${text.claim(index + 1)}`}
                data-testid="claim-readings"
              >
                <strong>{text.claim(index + 1)}</strong>
                <Items>
                  <Item label={readingText.staffClaimed}>
                    {readAmount(claim.claimedAmount, claim.claimedCurrency)}
                  </Item>
                  <Item label={readingText.staffRead}>
                    {claim.readTotals.length > 0 ? readTotals(claim.readTotals) : readingText.staffUnread}
                  </Item>
                </Items>
                <Flags flags={claimFlags} showPath={showPath} />
                <ul>
                  {claim.files.map((file) =>
                    file.status === 'pending' || file.pages.length === 0 ? (
                      <li key={file.fileId}>
                        {fileName(file.fileId)}:{' '}
                        {file.status === 'pending' ? readingText.staffPending : readingText.staffUnread}
                      </li>
                    ) : (
                      file.pages.map((page) => (
                        <li key={`${file.fileId}-${page.page}`}>
                          {readingText.staffReceipt(fileName(file.fileId), page.page)}:{' '}
                          {page.status === 'read'
                            ? [
                                `${readingText.staffReadTotal} ${page.total ? readAmount(page.total, page.currency) : '—'}`,
                                `${readingText.staffReadDate} ${page.date ? readDate(page.date) : '—'}`,
                                `${readingText.staffReadCurrency} ${page.currency ?? '—'}`,
                              ].join(' · ')
                            : readingText.flags.unreadable}
                        </li>
                      ))
                    ),
                  )}
                </ul>
              </section>
            );
          })}
          <Flags flags={readings.flags.filter((flag) => flag.claimId === null)} showPath={showPath} />
          {stillReading(readings) ? (
            <Row>
              <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'REFRESH' })}>
                {readingText.staffRefresh}
              </Button>
            </Row>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
