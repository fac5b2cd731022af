/**
 * 'Grabar sesión': records the running flows (every actor started with useRecordedMachine or
 * withRecording) and, when switched off, downloads the masked recording as JSON for the QA
 * gallery. Tiny on purpose: it loads with the staff shell and the refund portal, never mermaid
 * or the gallery. Show it to staff superusers and in development builds (`canRecord`), and only
 * where the server's QA_RECORDING setting enables it (issue 18: off in production by default).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { messages } from '../../contracts/messages';
import { loadPublicConfig } from '../api/publicConfig';
import { styled } from '../ui/theme';
import { downloadRecording } from './download';
import {
  isRecording,
  recordedSteps,
  recordingVersion,
  startRecording,
  stopRecording,
  subscribeRecording,
} from './recorder';

const text = messages.qa;

/** Who may record: staff superusers, and anyone in a development build. */
export function canRecord(user: { is_superuser: boolean } | null | undefined): boolean {
  return import.meta.env.DEV || Boolean(user?.is_superuser);
}

const SwitchButton = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '30px',
  padding: '0 $3',
  borderRadius: '$round',
  fontSize: '$1',
  fontWeight: 600,
  cursor: 'pointer',
  border: '1px solid currentColor',
  '&:focus-visible': { outline: '3px solid $focus', outlineOffset: '2px' },
  variants: {
    tone: {
      onDark: { color: 'white' },
      onLight: { color: '$primary' },
    },
  },
  defaultVariants: { tone: 'onLight' },
});

const Dot = styled('span', {
  width: '10px',
  height: '10px',
  borderRadius: '$round',
  border: '2px solid currentColor',
  variants: { on: { true: { backgroundColor: '#e5484d', borderColor: '#e5484d' } } },
});

/** Whether the server's configuration offers recording (QA_RECORDING); false until it answers. */
function useRecordingEnabled(): boolean {
  const [enabled, setEnabled] = useState(import.meta.env.DEV);
  useEffect(() => {
    let live = true;
    loadPublicConfig()
      .then((config) => live && setEnabled(import.meta.env.DEV || config.qaRecording === true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

export function RecordSwitch({ tone = 'onLight' }: { tone?: 'onDark' | 'onLight' }) {
  const enabled = useRecordingEnabled();
  useSyncExternalStore(subscribeRecording, recordingVersion, recordingVersion);
  if (!enabled && !isRecording()) return null;
  const on = isRecording();
  const toggle = () => {
    if (!on) {
      void startRecording();
      return;
    }
    const recording = stopRecording();
    // Nothing ran while recording: there is nothing to download.
    if (recording && recording.actors.length > 0) downloadRecording(recording);
  };
  return (
    <SwitchButton
      type="button"
      role="switch"
      aria-checked={on}
      title={text.recordHint}
      tone={tone}
      onClick={toggle}
    >
      <Dot on={on} aria-hidden="true" />
      <span>{text.recordSession}</span>
      {on ? <span aria-live="polite">{text.recordingOn(recordedSteps())}</span> : null}
    </SwitchButton>
  );
}
