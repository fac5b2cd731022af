/**
 * /upload_data (SPEC §2; issue 17 'Links'): page 'Reintegros', steps 'Cargar Documentos' and
 * 'Solicitud enviada'; left the documents asked for with 'Archivos permitidos n/max' and
 * 'Agregar Documentos', right 'Comentarios' (max 255). Renders the pendingDocs machine only.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { MAX_COMMENT_LENGTH } from '../../../contracts/refund';
import { refundConfig } from '../../refund/config';
import { forgetDocuments, providedPendingDocsMachine } from '../../refund/linkActors';
import {
  Alert,
  Button,
  Card,
  Cell,
  Grid,
  Heading,
  Muted,
  Row,
  Spinner,
  Stack,
  Subheading,
  TextArea,
} from '../../ui/primitives';
import { Stepper } from '../../ui/stepper';
import { FilePicker } from './FilePicker';

const text = messages.refundLinks;

export function useSupportEmail(): string {
  const [email, setEmail] = useState('');
  useEffect(() => {
    void refundConfig().then((config) => setEmail(config.refundSupportEmail));
  }, []);
  return email;
}

export function AccessError({ message }: { message: string | null }) {
  return (
    <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }} data-testid="link-access-error">
      <Stack>
        <Heading>{text.accessErrorTitle}</Heading>
        <Alert tone="danger" role="alert">
          {message ?? messages.common.genericRetry}
        </Alert>
      </Stack>
    </Card>
  );
}

export default function PendingDocsView() {
  const [params] = useSearchParams();
  const actor = useActorRef(providedPendingDocsMachine, {
    input: { refundId: params.get('refund_id') ?? '', hash: params.get('hash') ?? '' },
  });
  const snapshot = useSelector(actor, (state) => state);
  const supportEmail = useSupportEmail();
  const { access, files, comment, errors, notice, error } = snapshot.context;
  const sent = snapshot.matches('sent');
  const failed = snapshot.matches('failed');
  const busy = snapshot.matches('preparing') || snapshot.matches('uploading') || snapshot.matches('patching');

  useEffect(() => {
    if (sent) void forgetDocuments(files.map((file) => file.id));
  }, [sent, files]);

  if (snapshot.matches('loading')) return <Spinner label={messages.common.loading} />;
  if (snapshot.matches('accessError') || !access) return <AccessError message={error} />;

  return (
    <Stack>
      <Heading>{text.pageTitle}</Heading>
      <Stepper steps={[text.stepUpload, text.stepSent]} current={sent || failed ? 1 : 0} />
      {sent ? (
        <Card css={{ textAlign: 'center' }} data-testid="link-result">
          <Subheading>{text.successTitle}</Subheading>
          <p>{text.successText}</p>
        </Card>
      ) : failed ? (
        <Card css={{ textAlign: 'center' }} data-testid="link-result">
          <Stack>
            <Subheading>{text.failureTitle}</Subheading>
            <p>{text.failureText}</p>
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <Muted>{text.failureMailbox(supportEmail)}</Muted>
            <Row css={{ justifyContent: 'center' }}>
              <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
                {messages.common.retry}
              </Button>
            </Row>
          </Stack>
        </Card>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          <Card>
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
                      {text.filesAllowed(files.length, access.remaining_files)}
                    </span>
                    <FilePicker
                      label={text.addDocuments}
                      testId="pending-docs-files"
                      disabled={busy || files.length >= access.remaining_files}
                      onChosen={(chosen) => actor.send({ type: 'FILES_CHOSEN', files: chosen })}
                    />
                  </Row>
                  <ul>
                    {files.map((file) => (
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
                      </li>
                    ))}
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
            <Row css={{ justifyContent: 'flex-end', marginTop: '$4' }}>
              {busy ? <Spinner label={text.sending} /> : null}
              <Button type="submit" disabled={busy}>
                {text.send}
              </Button>
            </Row>
          </Card>
        </form>
      )}
    </Stack>
  );
}
