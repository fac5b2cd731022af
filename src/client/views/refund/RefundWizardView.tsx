/**
 * / and /dashboardRefund: the wizard 'Solicitud de reintegros' (SPEC §2). Renders the wizard
 * machine; its snapshot is persisted in sessionStorage after every step so a reload keeps the
 * claims (receipt bytes live in IndexedDB), and cleared once the request is sent. The draft is
 * also kept on the server (issue 30 §1, docs/refund-drafts.md): after a login the wizard resumes
 * from it; the saver's state (machines/refundDraft.ts) shows as a notice under the buttons.
 */
import { useSelector } from '@xstate/react';
import { use, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { refundDraftMachine } from '../../../../machines/refundDraft';
import { RESUMABLE, stepIndexOf } from '../../../../machines/refundWizard';
import type { RefundLoginResponse } from '../../../contracts/refund';
import { publicConfigOrDefaults } from '../../api/publicConfig';
import type { SnapshotSlot } from '../../api/wizardSnapshots';
import { providedRefundWizardMachine } from '../../refund/actors';
import { currentLanguage, useTranslator } from '../../refund/language';
import { newIdempotencyKey, refundWizardSlot } from '../../refund/session';
import { Alert, Button, Card, Heading, Row, Spinner, Stack } from '../../ui/primitives';
import { Stepper } from '../../ui/stepper';
import { usePersistedWizard } from '../usePersistedWizard';
import { ApplicantStep } from './ApplicantStep';
import { ClaimsStep } from './ClaimsStep';
import { PaymentStep } from './PaymentStep';
import { ResultScreen } from './ResultScreen';
import { useHeadingFocus } from './useHeadingFocus';

type DraftActor = ActorRefFrom<typeof refundDraftMachine>;

/**
 * The tab's stored wizard, read back only when it carries the draft saver (a snapshot stored
 * before drafts existed starts afresh from the server draft), or when it is sending: the saver
 * stops at the submission, and a reload in flight must resend the same submission, never start over.
 */
function withDraftSaver(slot: SnapshotSlot): SnapshotSlot {
  return {
    ...slot,
    read: () => {
      const stored = slot.read() as { value?: unknown; children?: Record<string, unknown> } | null;
      return stored?.children?.draft || stored?.value === 'submitting' ? stored : null;
    },
  };
}

/**
 * The draft's notice: saved ('Guardar y seguir después'), failed with retry, signed out (another
 * login took the session) with 'Volver a ingresar', or stale with load.
 */
function DraftNotice({ draft }: { draft: DraftActor }) {
  const state = useSelector(draft, (snapshot) => snapshot);
  const { t, fromSpanish } = useTranslator();
  if (state.matches('failed'))
    return (
      <Alert tone="danger" role="alert">
        <Row justify="between">
          <span>{t('refund.draftSaveFailed')}</span>
          <Button type="button" variant="secondary" onClick={() => draft.send({ type: 'DRAFT_RETRY' })}>
            {t('refund.draftRetry')}
          </Button>
        </Row>
      </Alert>
    );
  // Issue 40 (traveller reach): the session moved to another device (or expired): retrying cannot
  // succeed, so the notice says why and signs in again here, keeping what is on screen.
  if (state.matches('signedOut') || state.matches('signingIn'))
    return (
      <Alert tone="warning" role="alert" data-testid="draft-signed-out">
        <Row justify="between">
          <span>
            {fromSpanish(state.context.signedOutMessage)} {t('refund.draftSignedOutKept')}
          </span>
          <Button
            type="button"
            variant="secondary"
            disabled={state.matches('signingIn')}
            onClick={() => draft.send({ type: 'DRAFT_SIGN_IN' })}
          >
            {t('refund.draftSignIn')}
          </Button>
        </Row>
      </Alert>
    );
  if (state.matches('stale') || state.matches('loading'))
    return (
      <Alert tone="warning" role="alert">
        <Row justify="between">
          <span>{t('refund.draftStale')}</span>
          <Button
            type="button"
            variant="secondary"
            disabled={state.matches('loading')}
            onClick={() => draft.send({ type: 'DRAFT_LOAD_NEWER' })}
          >
            {t('refund.draftLoadNewer')}
          </Button>
        </Row>
      </Alert>
    );
  if (state.matches('idle') && state.context.saved)
    return (
      <Alert tone="success" role="status">
        {t('refund.draftSaved')}
      </Alert>
    );
  return null;
}

export function RefundWizardView({ login }: { login: RefundLoginResponse }) {
  const config = use(publicConfigOrDefaults());
  const { t, language } = useTranslator();
  const [logic] = useState(() => providedRefundWizardMachine(login, config.imageServiceUrl));
  const [slot] = useState(() => withDraftSaver(refundWizardSlot(login)));
  const [input] = useState(() => ({
    login,
    idempotencyKey: newIdempotencyKey(),
    defaultSiteUrl: config.publicSiteUrl,
    language: currentLanguage(),
  }));
  const actor = usePersistedWizard(logic, { slot, input, resumable: RESUMABLE });
  const snapshot = useSelector(actor, (state) => state);
  // Issue 42: the machine reads typed dates in the page's language (a restored snapshot included).
  const held = snapshot.context.language;
  useEffect(() => {
    if (held !== language) actor.send({ type: 'LANGUAGE_CHANGED', language });
  }, [actor, held, language]);
  const draft = snapshot.children.draft as DraftActor | undefined;

  const step = stepIndexOf(snapshot);
  const result =
    snapshot.matches('submitted') || snapshot.matches('failed') || snapshot.matches('redirecting');
  // Issue 30 §4: after the login and every step change the focus goes to the step's heading.
  // While the server draft is read there is no step yet: the focus moves once it is shown.
  const focusRef = useHeadingFocus<HTMLDivElement>(
    result ? 'result' : snapshot.matches('resuming') ? 'resuming' : step,
  );
  if (result) {
    return (
      <div ref={focusRef}>
        <ResultScreen actor={actor} supportEmail={config.refundSupportEmail} />
      </div>
    );
  }
  if (snapshot.matches('resuming'))
    return (
      <Card>
        <Heading>{t('refund.wizardTitle')}</Heading>
        <Spinner label={t('refund.draftResuming')} />
      </Card>
    );
  const sending = snapshot.matches('submitting');
  const uploading = snapshot.matches({ payment: 'uploadingAuthorization' });

  return (
    <Card>
      <Heading>{t('refund.wizardTitle')}</Heading>
      <Stepper
        steps={[t('refund.stepApplicant'), t('refund.stepClaims'), t('refund.stepPayment')]}
        current={step}
      />
      <Stack ref={focusRef}>
        {step === 0 ? <ApplicantStep actor={actor} /> : null}
        {step === 1 ? <ClaimsStep actor={actor} /> : null}
        {step === 2 ? <PaymentStep actor={actor} /> : null}
        {sending ? <Spinner label={t('refund.sending')} /> : null}
        {step < 3 ? (
          <Row justify="between">
            <Button
              type="button"
              variant="secondary"
              disabled={step === 0 || uploading}
              onClick={() => actor.send({ type: 'BACK' })}
            >
              {t('refund.previousButton')}
            </Button>
            {step === 2 ? (
              <Button type="button" disabled={uploading} onClick={() => actor.send({ type: 'FINISH' })}>
                {t('refund.finishButton')}
              </Button>
            ) : (
              <Button type="button" onClick={() => actor.send({ type: 'CONTINUE' })}>
                {t('refund.continueButton')}
              </Button>
            )}
          </Row>
        ) : null}
        {step < 3 && !sending ? (
          <Row justify="end">
            <Button
              type="button"
              variant="secondary"
              disabled={uploading}
              onClick={() => actor.send({ type: 'SAVE_DRAFT' })}
            >
              {t('refund.saveAndContinueLater')}
            </Button>
          </Row>
        ) : null}
        {draft && !sending ? <DraftNotice draft={draft} /> : null}
      </Stack>
    </Card>
  );
}
