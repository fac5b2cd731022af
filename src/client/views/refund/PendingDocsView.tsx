/**
 * /upload_data (SPEC §2; issue 17 'Links'): page 'Reintegros', steps 'Cargar Documentos' and
 * 'Solicitud enviada'; left the documents asked for with 'Archivos permitidos n/max' and
 * 'Agregar Documentos', right 'Comentarios' (max 255). Renders the pendingDocs machine only, in
 * the link pages' frame (LinkPageFrame).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pagesOf } from '../../../../machines/claimForm';
import { pendingDocReadingId } from '../../../../machines/pendingDocs';
import { messages } from '../../../contracts/messages';
import { MAX_COMMENT_LENGTH } from '../../../contracts/refund';
import { forgetDocuments, providedPendingDocsMachine } from '../../refund/linkActors';
import { Alert, Button, Cell, Grid, Muted, Row, Stack, Subheading, TextArea } from '../../ui/primitives';
import { FilePicker } from './FilePicker';
import { LinkPageFrame } from './LinkPageFrame';
import { type ReceiptReadingActor, ReceiptReadingNotice } from './ReceiptReadingNotice';

const text = messages.refundLinks;

export default function PendingDocsView() {
  const [params] = useSearchParams();
  const [link] = useState(() => ({
    refundId: params.get('refund_id') ?? '',
    hash: params.get('hash') ?? '',
  }));
  const [machine] = useState(() => providedPendingDocsMachine(link));
  const actor = useActorRef(machine, { input: link });
  const snapshot = useSelector(actor, (state) => state);
  const { files, comment, errors, notice } = snapshot.context;
  const sent = snapshot.matches('sent');
  const busy = snapshot.matches('preparing') || snapshot.matches('uploading') || snapshot.matches('patching');

  useEffect(() => {
    if (sent) void forgetDocuments(files.map((file) => file.id));
  }, [sent, files]);

  return (
    <LinkPageFrame
      snapshot={snapshot}
      actor={actor}
      busy={busy}
      texts={{
        title: text.pageTitle,
        step: text.stepUpload,
        sentTitle: text.successTitle,
        sentText: text.successText,
        failureText: text.failureText,
        submit: text.send,
        busy: text.sending,
      }}
    >
      {(access) => (
        <Grid>
          <Cell span={6}>
            <Stack css={{ gap: '$2' }}>
              <Subheading>{text.documentsTitle}</Subheading>
              <ul aria-label={text.documentsTitle}>
                {access.documents.map((document) => (
                  <li key={document}>{document}</li>
                ))}
              </ul>
              {access.observations ? <Muted>{text.observations(access.observations)}</Muted> : null}
              <Row justify="between">
                <span data-testid="files-allowed">
                  {text.filesAllowed(pagesOf(files), access.remaining_files)}
                </span>
                <FilePicker
                  label={text.addDocuments}
                  testId="pending-docs-files"
                  disabled={busy || pagesOf(files) >= access.remaining_files}
                  onChosen={(chosen) => actor.send({ type: 'FILES_CHOSEN', files: chosen })}
                />
              </Row>
              <ul>
                {files.map((file) => {
                  // Issue 31: what was read on it, read-only (nothing to fill on this page).
                  const reading = snapshot.children[pendingDocReadingId(file.id)] as
                    | ReceiptReadingActor
                    | undefined;
                  return (
                    <li key={file.id}>
                      <Row justify="between">
                        <span>{file.name}</span>
                        <Button
                          type="button"
                          size="small"
                          variant="ghost"
                          disabled={busy}
                          aria-label={`${text.removeFile} ${file.name}`}
                          onClick={() => actor.send({ type: 'FILE_REMOVED', id: file.id })}
                        >
                          {text.removeFile}
                        </Button>
                      </Row>
                      {reading ? <ReceiptReadingNotice actor={reading} canUse={false} /> : null}
                    </li>
                  );
                })}
              </ul>
              {notice ? (
                <Alert tone="warning" role="alert">
                  {notice}
                </Alert>
              ) : null}
              {errors.files ? (
                <Alert tone="danger" role="alert">
                  {errors.files}
                </Alert>
              ) : null}
            </Stack>
          </Cell>
          <Cell span={6}>
            <label htmlFor="pending-docs-comment">
              <Subheading as="span">{text.commentsLabel}</Subheading>
            </label>
            <TextArea
              id="pending-docs-comment"
              value={comment}
              maxLength={MAX_COMMENT_LENGTH + 1}
              aria-invalid={Boolean(errors.comment)}
              disabled={busy}
              onChange={(event) => actor.send({ type: 'COMMENT_CHANGED', value: event.target.value })}
            />
            <Muted>
              {comment.length}/{MAX_COMMENT_LENGTH}
            </Muted>
            {errors.comment ? (
              <Alert tone="danger" role="alert">
                {errors.comment}
              </Alert>
            ) : null}
          </Cell>
        </Grid>
      )}
    </LinkPageFrame>
  );
}
