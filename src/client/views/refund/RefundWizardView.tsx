/**
 * / and /dashboardRefund: the wizard 'Solicitud de reintegros' (SPEC §2). Renders the wizard
 * machine; its snapshot is persisted in sessionStorage after every step so a reload keeps the
 * claims (receipt bytes live in IndexedDB), and cleared once the request is sent.
 */
import { useSelector } from '@xstate/react';
import { use, useState } from 'react';
import { RESUMABLE, stepIndexOf } from '../../../../machines/refundWizard';
import { messages } from '../../../contracts/messages';
import type { RefundLoginResponse } from '../../../contracts/refund';
import { publicConfigOrDefaults } from '../../api/publicConfig';
import { providedRefundWizardMachine } from '../../refund/actors';
import { newIdempotencyKey, refundWizardSlot } from '../../refund/session';
import { Button, Card, Heading, Row, Spinner, Stack } from '../../ui/primitives';
import { Stepper } from '../../ui/stepper';
import { usePersistedWizard } from '../usePersistedWizard';
import { ApplicantStep } from './ApplicantStep';
import { ClaimsStep } from './ClaimsStep';
import { PaymentStep } from './PaymentStep';
import { ResultScreen } from './ResultScreen';
import { useHeadingFocus } from './useHeadingFocus';

const text = messages.refund;

export function RefundWizardView({ login }: { login: RefundLoginResponse }) {
  const config = use(publicConfigOrDefaults());
  const [logic] = useState(() => providedRefundWizardMachine(login, config.imageServiceUrl));
  const [slot] = useState(() => refundWizardSlot(login));
  const [input] = useState(() => ({
    login,
    idempotencyKey: newIdempotencyKey(),
    defaultSiteUrl: config.publicSiteUrl,
  }));
  const actor = usePersistedWizard(logic, { slot, input, resumable: RESUMABLE });
  const snapshot = useSelector(actor, (state) => state);

  const step = stepIndexOf(snapshot);
  const result =
    snapshot.matches('submitted') || snapshot.matches('failed') || snapshot.matches('redirecting');
  // Issue 30 §4: after the login and every step change the focus goes to the step's heading.
  const focusRef = useHeadingFocus<HTMLDivElement>(result ? 'result' : step);
  if (result) {
    return (
      <div ref={focusRef}>
        <ResultScreen actor={actor} supportEmail={config.refundSupportEmail} />
      </div>
    );
  }
  const sending = snapshot.matches('submitting');
  const uploading = snapshot.matches({ payment: 'uploadingAuthorization' });

  return (
    <Card>
      <Heading>{text.wizardTitle}</Heading>
      <Stepper steps={text.steps} current={step} />
      <Stack ref={focusRef}>
        {step === 0 ? <ApplicantStep actor={actor} /> : null}
        {step === 1 ? <ClaimsStep actor={actor} /> : null}
        {step === 2 ? <PaymentStep actor={actor} /> : null}
        {sending ? <Spinner label={text.sending} /> : null}
        {step < 3 ? (
          <Row justify="between">
            <Button
              type="button"
              variant="secondary"
              disabled={step === 0 || uploading}
              onClick={() => actor.send({ type: 'BACK' })}
            >
              {text.previousButton}
            </Button>
            {step === 2 ? (
              <Button type="button" disabled={uploading} onClick={() => actor.send({ type: 'FINISH' })}>
                {text.finishButton}
              </Button>
            ) : (
              <Button type="button" onClick={() => actor.send({ type: 'CONTINUE' })}>
                {text.continueButton}
              </Button>
            )}
          </Row>
        ) : null}
      </Stack>
    </Card>
  );
}
