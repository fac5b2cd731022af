/**
 * A voucher's show view (issue 15): its documents (print the voucher or the multivoucher, send the
 * terms or the multivoucher; the voucherDocuments machine, a notice saying OK or why not) under the
 * page's title, above the read-only form with its 'Historial' tab.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import type { DocumentKind } from '../../../../machines/voucherDocuments';
import { messages } from '../../../contracts/messages';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { Button, Card, Row, Subheading } from '../../ui/primitives';
import { accessTo, useGrants } from './access';
import { DismissibleNotice } from './DismissibleNotice';
import { voucherDocumentsLogic } from './detailWiring';
import { ResourceFormView } from './ResourceFormView';

const text = messages.bookings;
const LABELS: Record<DocumentKind, string> = {
  printVoucher: text.print,
  printMulti: text.printMulti,
  sendTerms: text.sendTerms,
  sendMulti: text.sendMulti,
};

export default function VoucherDetailView({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { id } = useParams();
  const voucherId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  const actor = useActorRef(voucherDocumentsLogic, { input: { voucherId, reservationId: 0 } });
  const working = useSelector(actor, (state) => state.matches('working'));
  const kind = useSelector(actor, (state) => state.context.kind);
  const notice = useSelector(actor, (state) => state.context.notice);
  const access = accessTo(descriptor, useGrants());
  const documents = (
    <Card aria-labelledby="voucher-documents">
      <Subheading id="voucher-documents">{text.documentsTitle}</Subheading>
      <Row>
        {(Object.keys(LABELS) as DocumentKind[]).map((documentKind) => (
          <Button
            key={documentKind}
            type="button"
            disabled={working || voucherId === 0}
            aria-busy={working && kind === documentKind}
            onClick={() => actor.send({ type: 'RUN', kind: documentKind })}
          >
            {working && kind === documentKind ? text.working : LABELS[documentKind]}
          </Button>
        ))}
      </Row>
      {notice ? (
        <DismissibleNotice
          notice={notice}
          closeLabel={text.close}
          onDismiss={() => actor.send({ type: 'DISMISS' })}
          css={{ marginTop: '$3' }}
        />
      ) : null}
    </Card>
  );
  return (
    <ResourceFormView key="show" descriptor={descriptor} mode="show" access={access} header={documents} />
  );
}
