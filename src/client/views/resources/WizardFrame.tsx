/**
 * The frame of a form in steps (issue 9 'Steps in a form'; SPEC §2 wizards): the step list, the
 * counter ('Paso 1 de 3'), the current step's body, a message not tied to a field, and Volver /
 * Siguiente / Finalizar. It renders any machine with the wizards' context (steps, step, error:
 * machines/support/wizardSteps.ts): the product and promotion wizards. Volver is
 * disabled on the first step; the buttons are disabled while the machine is busy.
 */
import type { ReactNode } from 'react';
import { messages } from '../../../contracts/messages';
import { Alert, Button, Row, Spinner, Stack } from '../../ui/primitives';
import { Stepper } from '../../ui/stepper';

export interface WizardFrameProps {
  /** The steps' titles, in order. */
  labels: readonly string[];
  step: number;
  error: string | null;
  busy: boolean;
  busyLabel?: string;
  onBack: () => void;
  onNext: () => void;
  backLabel?: string;
  nextLabel?: string;
  finishLabel?: string;
  /** The counter's text (default 'Paso N de M'; the promotion wizard says 'N de 2'). */
  counter?: string;
  /** Another button beside the last step's (the promotion wizard's 'Aplicar y asignar nuevo producto'). */
  extraAction?: ReactNode;
  children: ReactNode;
}

export function WizardFrame({
  labels,
  step,
  error,
  busy,
  busyLabel = messages.common.loading,
  onBack,
  onNext,
  backLabel = messages.products.back,
  nextLabel = messages.products.next,
  finishLabel = messages.products.finish,
  counter,
  extraAction,
  children,
}: WizardFrameProps) {
  const last = step === labels.length - 1;
  return (
    <Stack>
      <Stepper steps={labels} current={step} />
      <p aria-live="polite" style={{ margin: 0 }}>
        {counter ?? messages.products.stepOf(step + 1, labels.length)}: <strong>{labels[step]}</strong>
      </p>
      {error ? (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      {children}
      {busy ? <Spinner label={busyLabel} /> : null}
      <Row justify="between">
        <Button type="button" variant="secondary" disabled={step === 0 || busy} onClick={onBack}>
          {backLabel}
        </Button>
        <Row>
          {last ? extraAction : null}
          <Button type="button" disabled={busy} onClick={onNext}>
            {last ? finishLabel : nextLabel}
          </Button>
        </Row>
      </Row>
    </Stack>
  );
}
