/**
 * Reintegros' show view (issue 17 'Staff review (Reintegros)'): the applicant, each claim with
 * its services and approved amount, every receipt viewable in the page (next, previous, zoom),
 * the third-party authorization files, the bank data masked (revealed on request, which the
 * server records in the history), the requests made to the traveller, the status transitions the
 * server allows this user now (src/contracts/refund/lifecycle.ts) and the 'Historial' tab. Every
 * file downloads ('Descargar' the one in view, 'Descargar todo' as one zip).
 * Renders four machines: refundReview, bankReveal, receiptViewer and receiptDownload (their wiring
 * is in ./wiring.ts); the cards live in ./refundReview, one file each.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { can } from '../../../contracts/permissions';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { Alert, Button, Card, Heading, Row, Spinner, Stack } from '../../ui/primitives';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { useGrants } from './access';
import { refundReviewLogic } from './detailWiring';
import { RecordHistory } from './RecordHistory';
import { Applicant } from './refundReview/Applicant';
import { BankData } from './refundReview/BankData';
import { Claims } from './refundReview/Claims';
import { historyLabels, historyValueOf } from './refundReview/history';
import { text } from './refundReview/parts';
import { ReceiptReadings } from './refundReview/ReceiptReadings';
import { Receipts } from './refundReview/Receipts';
import { Requests } from './refundReview/Requests';
import { Transitions } from './refundReview/Transitions';

export default function RefundReviewView({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { id } = useParams();
  const recordId = id && /^\d{1,10}$/.test(id) ? Number(id) : null;
  if (recordId === null)
    return (
      <Alert tone="danger" role="alert">
        {messages.resourceScreens.invalidRecord}
      </Alert>
    );
  return <RefundReview key={recordId} descriptor={descriptor} id={recordId} />;
}

function RefundReview({ descriptor, id }: { descriptor: ResourceDescriptor; id: number }) {
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const listPath = `/dashboard/${descriptor.routing}${typeof listSearch === 'string' ? listSearch : ''}`;
  const actor = useActorRef(refundReviewLogic, { input: { id } });
  const snapshot = useSelector(actor, (state) => state);
  const { refund, error } = snapshot.context;
  const mayReveal = can(useGrants(), 'refund', 'change');

  return (
    <Stack>
      <Heading>
        {messages.resourceScreens.showTitle(descriptor.title)} {refund ? `#${refund.id}` : ''}
      </Heading>
      {snapshot.matches('loading') ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('failed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Row>
              <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                {messages.resourceScreens.retry}
              </Button>
              <Link to={listPath}>{text.back}</Link>
            </Row>
          </Row>
        </Alert>
      ) : null}
      {refund ? (
        <TabsRoot defaultValue="data">
          <TabsList aria-label={descriptor.title}>
            <TabsTrigger value="data">{messages.history.tabData}</TabsTrigger>
            <TabsTrigger value="history">{messages.history.tabHistory}</TabsTrigger>
          </TabsList>
          <TabsContent value="data">
            <Stack>
              <Applicant refund={refund} />
              <Transitions actor={actor} mayChange={mayReveal} />
              <Claims refund={refund} />
              <ReceiptReadings
                refund={refund}
                showPath={(other) => `/dashboard/${descriptor.routing}/${other}`}
              />
              <Receipts refund={refund} />
              <BankData refund={refund} mayReveal={mayReveal} />
              <Requests refund={refund} />
              <Row justify="end">
                <Button as={Link} to={listPath} variant="secondary">
                  {text.back}
                </Button>
              </Row>
            </Stack>
          </TabsContent>
          <TabsContent value="history">
            <Card>
              <RecordHistory
                path={descriptor.path}
                record={id}
                labels={historyLabels}
                actionLabels={text.transitions}
                formatValue={historyValueOf}
              />
            </Card>
          </TabsContent>
        </TabsRoot>
      ) : null}
    </Stack>
  );
}
