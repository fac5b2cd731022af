/**
 * Stepping through a path or a recording: a slider over the steps, the current step's event and
 * context as JSON, every step as a line, and 'Copiar como prueba'.
 */
import { useState } from 'react';
import type { StateValue } from 'xstate';
import { messages } from '../../../contracts/messages';
import { type StepLike, stateLabel } from '../../qa/labels';
import { toPlaywrightSkeleton } from '../../qa/skeleton';
import { Alert, Button, Muted, Row, Stack, TextArea } from '../../ui/primitives';
import { styled } from '../../ui/theme';

const text = messages.qa;

export interface InspectorStep {
  /** `step N: EVENT → state`. */
  line: string;
  /** The event and context to show (JSON text). */
  event: string;
  context: string;
  value: StateValue;
  /** The recorded state, when replaying gives another one. */
  divergedFrom?: StateValue | null;
  /** The step as the test skeleton reads it. */
  skeleton: StepLike;
}

const Json = styled('pre', {
  margin: 0,
  fontSize: '$1',
  maxHeight: '320px',
  overflow: 'auto',
  backgroundColor: '$background',
  border: '1px solid $border',
  borderRadius: '$1',
  padding: '$3',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});

const Columns = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)',
  gap: '$4',
  '@mobile': { gridTemplateColumns: 'minmax(0, 1fr)' },
});

const Lines = styled('ol', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontFamily: 'ui-monospace, monospace',
  fontSize: '$1',
  '& li': { padding: '2px $2', borderRadius: '$1' },
  '& li[aria-current="step"]': { backgroundColor: '#fde68a', fontWeight: 700 },
});

const Slider = styled('input', { width: '100%', accentColor: '#b45309' });

type Copy = { kind: 'idle' } | { kind: 'copied'; code: string } | { kind: 'fallback'; code: string };

export function StepInspector({
  machineName,
  steps,
  index,
  onIndexChange,
}: {
  machineName: string;
  steps: readonly InspectorStep[];
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const [copy, setCopy] = useState<Copy>({ kind: 'idle' });
  const last = steps.length - 1;
  const current = steps[Math.min(Math.max(index, 0), last)];
  if (!current) return null;

  const copyAsTest = async () => {
    const code = toPlaywrightSkeleton(
      machineName,
      steps.map((step) => step.skeleton),
    );
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setCopy({ kind: 'copied', code });
    } catch {
      setCopy({ kind: 'fallback', code });
    }
  };

  return (
    <Stack data-testid="qa-inspector">
      <div>
        <label htmlFor="qa-step">
          <strong>{text.step}</strong> · <span data-testid="qa-step-count">{text.stepOf(index, last)}</span>
        </label>
        <Slider
          id="qa-step"
          type="range"
          min={0}
          max={last}
          step={1}
          value={index}
          onChange={(event) => onIndexChange(Number(event.target.value))}
        />
        <div aria-live="polite" data-testid="qa-current-step">
          <strong>{current.line}</strong>
        </div>
      </div>
      {current.divergedFrom !== undefined && current.divergedFrom !== null ? (
        <Alert tone="warning" role="status">
          {text.diverged} {text.recordedState}: {stateLabel(current.divergedFrom)}
        </Alert>
      ) : null}
      <Columns>
        <Stack>
          <div>
            <strong>{text.event}</strong>
            <Json data-testid="qa-event">{current.event}</Json>
          </div>
          <Lines aria-label={text.pathsTab}>
            {steps.map((step, position) => (
              <li key={step.line} aria-current={position === index ? 'step' : undefined}>
                {step.line}
              </li>
            ))}
          </Lines>
        </Stack>
        <div>
          <strong>{text.context}</strong>
          <Json data-testid="qa-context">{current.context}</Json>
        </div>
      </Columns>
      <Row>
        <Button type="button" variant="secondary" onClick={copyAsTest}>
          {text.copyAsTest}
        </Button>
      </Row>
      {copy.kind !== 'idle' ? (
        <Stack>
          <Muted role="status">{copy.kind === 'copied' ? text.copied : text.copyFallback}</Muted>
          <TextArea
            aria-label={text.testSkeleton}
            readOnly
            value={copy.code}
            rows={12}
            onFocus={(event) => event.currentTarget.select()}
            css={{ fontFamily: 'ui-monospace, monospace', fontSize: '$1' }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
