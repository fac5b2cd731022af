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
import { MAX_COMMENT_LENGTH } from '../../../contracts/refund';
import { useStoredLanguage, useTranslator } from '../../refund/language';
import { forgetDocuments, providedPendingDocsMachine } from '../../refund/linkActors';
import { Alert, Button, Cell, Grid, Muted, Row, Stack, Subheading, TextArea } from '../../ui/primitives';
import { FilePicker } from './FilePicker';
import { LinkPageFrame } from './LinkPageFrame';
import { type ReceiptReadingActor, ReceiptReadingNotice } from './ReceiptReadingNotice';

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
  const { t, fromSpanish } = useTranslator();
  useStoredLanguage(snapshot.context.access?.language);
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
        title: t('links.pageTitle'),
        step: t('links.stepUpload'),
        sentTitle: t('links.successTitle'),
        sentText: t('links.successText'),
        failureText: t('links.failureText'),
        submit: t('links.send'),
        busy: t('links.sending'),
      }}
    >
      {(access) => (
        <Grid>
          <Cell span={6}>
            <Stack css={{ gap: '$2' }}>
              <Subheading>{t('links.documentsTitle')}</Subheading>
              <ul aria-label={t('links.documentsTitle')}>
                {access.documents.map((document) => (
                  <li key={document}>{document}</li>
                ))}
              </ul>
              {access.observations ? (
                <Muted>{t('links.observations', { text: access.observations })}</Muted>
              ) : null}
              <Row justify="between">
                <span data-testid="files-allowed">
                  {t('links.filesAllowed', { count: pagesOf(files), max: access.remaining_files })}
                </span>
                <FilePicker
                  label={t('links.addDocuments')}
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
                          aria-label={`${t('links.removeFile')} ${file.name}`}
                          onClick={() => actor.send({ type: 'FILE_REMOVED', id: file.id })}
                        >
                          {t('links.removeFile')}
                        </Button>
                      </Row>
                      {reading ? <ReceiptReadingNotice actor={reading} canUse={false} /> : null}
                    </li>
                  );
                })}
              </ul>
              {notice ? (
                <Alert tone="warning" role="alert">
                  {fromSpanish(notice)}
                </Alert>
              ) : null}
              {errors.files ? (
                <Alert tone="danger" role="alert">
                  {fromSpanish(errors.files)}
                </Alert>
              ) : null}
            </Stack>
          </Cell>
          <Cell span={6}>
            <label htmlFor="pending-docs-comment">
              <Subheading as="span">{t('links.commentsLabel')}</Subheading>
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
                {fromSpanish(errors.comment)}
              </Alert>
            ) : null}
          </Cell>
        </Grid>
      )}
    </LinkPageFrame>
  );
}
