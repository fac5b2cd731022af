/**
 * The receipts card (every file viewable in the page, 'Descargar todo' as one zip, the last
 * download's outcome) and the third-party authorization card.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ViewerFile } from '../../../../../machines/receiptViewer';
import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { messages } from '../../../../contracts/messages';
import { Alert, Button, Card, Muted, Row, Spinner, Subheading } from '../../../ui/primitives';
import { type ReceiptDownloadActor, receiptDownloadLogic } from '../detailWiring';
import { text } from './parts';
import { ReceiptsByItem } from './ReceiptsByItem';
import { ReceiptViewer } from './ReceiptViewer';

/** Every file of the refund in viewing order: each claim's receipts, then the authorization files. */
function viewerFilesOf(refund: ReviewedRefund): (ViewerFile & { caption: string; kind: string })[] {
  const claimFiles = refund.claims.flatMap((claim, index) =>
    refund.files
      .filter((file) => file.kind === 'claim' && file.claim === claim.id)
      .map((file) => ({
        ...file,
        caption: `${text.claim(index + 1)} · ${claim.coverage} · ${file.item ?? messages.refundChecklist.otherDocuments}`,
      })),
  );
  // Documents the traveller sent through a request link (issue 17 'Links').
  const requested = refund.files
    .filter((file) => file.kind === 'pending_doc')
    .map((file) => ({ ...file, caption: messages.refundLinks.historyDocuments }));
  const authorization = refund.files
    .filter((file) => file.kind === 'authorization_letter' || file.kind === 'authorized_document')
    .map((file) => ({
      ...file,
      caption: file.kind === 'authorization_letter' ? text.authorizationLetter : text.authorizedDocument,
    }));
  return [...claimFiles, ...requested, ...authorization];
}

export function Receipts({ refund }: { refund: ReviewedRefund }) {
  const files = viewerFilesOf(refund);
  const authorization = files.filter(
    (file) => file.kind === 'authorization_letter' || file.kind === 'authorized_document',
  );
  const download = useActorRef(receiptDownloadLogic);
  return (
    <>
      <Card aria-labelledby="refund-receipts">
        <Row justify="between">
          <Subheading id="refund-receipts">{text.receipts}</Subheading>
          {files.length ? (
            <DownloadAll
              actor={download}
              ids={files.map((file) => file.id)}
              fileName={files.length === 1 ? files[0].name : text.downloadFileName(refund.id)}
            />
          ) : null}
        </Row>
        <DownloadStatus actor={download} />
        {files.length ? (
          <ReceiptViewer key={files.map((file) => file.id).join()} files={files} download={download} />
        ) : (
          <Muted>{text.noReceipts}</Muted>
        )}
      </Card>
      {refund.claims.length ? <ReceiptsByItem refund={refund} /> : null}
      <Card aria-labelledby="refund-authorization">
        <Subheading id="refund-authorization">{text.authorization}</Subheading>
        {authorization.length ? (
          <ul>
            {authorization.map((file) => (
              <li key={file.id}>
                {file.caption}: {file.name}
              </li>
            ))}
          </ul>
        ) : (
          <Muted>{text.noAuthorization}</Muted>
        )}
      </Card>
    </>
  );
}

/** 'Descargar todo': every file of the refund as one zip (POST /refund_download_file/). */
function DownloadAll({
  actor,
  ids,
  fileName,
}: {
  actor: ReceiptDownloadActor;
  ids: string[];
  fileName: string;
}) {
  const busy = useSelector(actor, (state) => state.matches('downloading'));
  const mine = useSelector(actor, (state) => state.context.request?.fileName === fileName);
  return (
    <Button
      variant="secondary"
      size="small"
      disabled={busy}
      title={text.downloadAllHint(ids.length)}
      onClick={() => actor.send({ type: 'DOWNLOAD', ids, fileName })}
    >
      {busy && mine ? text.downloading : text.downloadAll}
    </Button>
  );
}

/** What the last download did: saved (a notice), or why it failed with 'Reintentar'. */
function DownloadStatus({ actor }: { actor: ReceiptDownloadActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const { saved, error, retryable } = snapshot.context;
  if (snapshot.matches('downloading')) return <Spinner label={text.downloading} />;
  if (snapshot.matches('failed'))
    return (
      <Alert tone="danger" role="alert">
        <Row justify="between">
          <span>{error}</span>
          <Row>
            {retryable ? (
              <Button size="small" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
                {messages.resourceScreens.retry}
              </Button>
            ) : null}
            <Button size="small" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
              {text.dismiss}
            </Button>
          </Row>
        </Row>
      </Alert>
    );
  return saved ? (
    <Row justify="between">
      <Muted role="status">{text.downloaded(saved)}</Muted>
      <Button size="small" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
        {text.dismiss}
      </Button>
    </Row>
  ) : null;
}
