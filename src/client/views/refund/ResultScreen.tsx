/** Final screen (SPEC §2): success or failure texts, 'Inicio', the redirect note. */
import { useSelector } from '@xstate/react';
import { messages } from '../../../contracts/messages';
import { useTranslator } from '../../refund/language';
import { Alert, Button, Card, Heading, Muted, Row, Stack } from '../../ui/primitives';
import type { WizardActor } from './wizardActor';

export function ResultScreen({ actor, supportEmail }: { actor: WizardActor; supportEmail: string }) {
  const snapshot = useSelector(actor, (state) => state);
  const failed = snapshot.matches('failed');
  const error = snapshot.context.error;
  const { t, fromSpanish } = useTranslator();
  return (
    <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }}>
      <Stack>
        <Heading>{failed ? t('refund.failureTitle') : t('refund.successTitle')}</Heading>
        <p>{failed ? t('refund.failureBody', { email: supportEmail }) : t('refund.successBody')}</p>
        {!failed && snapshot.context.result ? (
          <p data-testid="refund-number">
            <strong>{t('links.refundNumber', { id: String(snapshot.context.result.refund.id) })}</strong>
          </p>
        ) : null}
        {failed && error && error !== messages.refund.failureTitle ? (
          <Alert tone="danger">{fromSpanish(error)}</Alert>
        ) : null}
        <Row css={{ justifyContent: 'center' }}>
          {failed ? (
            <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('common.retry')}
            </Button>
          ) : null}
          <Button type="button" onClick={() => actor.send({ type: 'HOME' })}>
            {t('refund.homeButton')}
          </Button>
        </Row>
        {failed ? null : <Muted>{t('refund.redirectNote')}</Muted>}
      </Stack>
    </Card>
  );
}
