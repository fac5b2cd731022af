/**
 * The frame of the traveller's two link pages (SPEC §2 '/upload_data' and '/update_payment_data',
 * §4 'Pending docs' and 'Payment update'): the spinner while the link loads, the access error,
 * else the page title, the steps (the form's step, then 'Solicitud enviada') and the form with its
 * submit row, or the final step's success or error (with 'Reintentar'). Each view gives only its
 * texts and its form's fields; all it shows comes from its machine's snapshot.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { publicConfigOrDefaults } from '../../api/publicConfig';
import { useTranslator } from '../../refund/language';
import { Alert, Button, Card, Heading, Muted, Row, Spinner, Stack, Subheading } from '../../ui/primitives';
import { Stepper } from '../../ui/stepper';
import { useHeadingFocus } from './useHeadingFocus';

function useSupportEmail(): string {
  const [email, setEmail] = useState('');
  useEffect(() => {
    void publicConfigOrDefaults().then((config) => setEmail(config.refundSupportEmail));
  }, []);
  return email;
}

function AccessError({ message }: { message: string | null }) {
  const { t, fromSpanish } = useTranslator();
  return (
    <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }} data-testid="link-access-error">
      <Stack>
        <Heading>{t('links.accessErrorTitle')}</Heading>
        <Alert tone="danger" role="alert">
          {message ? fromSpanish(message) : t('common.genericRetry')}
        </Alert>
      </Stack>
    </Card>
  );
}

/** What the frame reads of a link machine (pendingDocs, paymentUpdate): their shared states. */
interface LinkSnapshot<A> {
  matches(state: 'loading' | 'accessError' | 'sent' | 'failed'): boolean;
  context: { access: A | null; error: string | null };
}

interface LinkPageFrameProps<A> {
  snapshot: LinkSnapshot<A>;
  actor: { send(event: { type: 'SUBMIT' } | { type: 'RETRY' }): void };
  /** The machine is sending (the form is disabled and the submit row shows `texts.busy`). */
  busy: boolean;
  texts: {
    title: string;
    /** The form's step, before 'Solicitud enviada'. */
    step: string;
    sentTitle: string;
    sentText: string;
    failureText: string;
    submit: string;
    busy: string;
  };
  /** The form's fields, for the link's data. */
  children(access: A): ReactNode;
}

export function LinkPageFrame<A>({ snapshot, actor, busy, texts, children }: LinkPageFrameProps<A>) {
  const supportEmail = useSupportEmail();
  const { t, fromSpanish } = useTranslator();
  const { access, error } = snapshot.context;
  const sent = snapshot.matches('sent');
  const failed = snapshot.matches('failed');
  // Issue 30 §4: the final step's heading takes the focus when the form is sent or fails.
  const resultRef = useHeadingFocus<HTMLElement>(sent || failed);

  if (snapshot.matches('loading')) return <Spinner label={t('common.loading')} />;
  if (snapshot.matches('accessError') || !access) return <AccessError message={error} />;

  return (
    <Stack>
      <Heading>{texts.title}</Heading>
      <Stepper steps={[texts.step, t('links.stepSent')]} current={sent || failed ? 1 : 0} />
      {sent ? (
        <Card css={{ textAlign: 'center' }} data-testid="link-result" ref={resultRef}>
          <Subheading>{texts.sentTitle}</Subheading>
          <p>{texts.sentText}</p>
        </Card>
      ) : failed ? (
        <Card css={{ textAlign: 'center' }} data-testid="link-result" ref={resultRef}>
          <Stack>
            <Subheading>{t('links.failureTitle')}</Subheading>
            <p>{texts.failureText}</p>
            {error ? <Alert tone="danger">{fromSpanish(error)}</Alert> : null}
            <Muted>{t('links.failureMailbox', { email: supportEmail })}</Muted>
            <Row css={{ justifyContent: 'center' }}>
              <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
                {t('common.retry')}
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
            <Stack>
              {children(access)}
              <Row css={{ justifyContent: 'flex-end' }}>
                {busy ? <Spinner label={texts.busy} /> : null}
                <Button type="submit" disabled={busy}>
                  {texts.submit}
                </Button>
              </Row>
            </Stack>
          </Card>
        </form>
      )}
    </Stack>
  );
}
