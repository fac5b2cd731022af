/**
 * The recording registry: one per page. Running flows give their actor `recordingInspect` as
 * the `inspect` option (useRecordedMachine does it); it costs nothing until 'Grabar sesión' is
 * switched on. Switching on attaches the flows already running (from their current state) and
 * records every flow started afterwards (from its start); switching off returns the recording.
 * Small on purpose: the staff shell and the refund portal load it, never the gallery or mermaid;
 * the recorder itself loads when recording starts.
 */
import type { InspectionEvent } from 'xstate';
import type { Recorder, Recording } from './recording';

interface LiveActor {
  sessionId: string;
  logic?: unknown;
  getSnapshot?: () => unknown;
}

const live = new Map<string, LiveActor>();
const listeners = new Set<() => void>();
let recorder: Recorder | null = null;
let version = 0;

function notify() {
  version += 1;
  for (const listener of listeners) listener();
}

/** The `inspect` option for any actor whose flow may be recorded. */
export function recordingInspect(inspectionEvent: InspectionEvent): void {
  const actorRef = inspectionEvent.actorRef as unknown as LiveActor;
  if (actorRef.sessionId === inspectionEvent.rootId) {
    if (inspectionEvent.type === '@xstate.actor') live.set(actorRef.sessionId, actorRef);
    else if (inspectionEvent.type === '@xstate.snapshot') {
      const status = (inspectionEvent.snapshot as { status?: string }).status;
      if (inspectionEvent.event.type === 'xstate.stop' || status === 'stopped')
        live.delete(actorRef.sessionId);
    }
  }
  if (!recorder) return;
  const before = recorder.size();
  recorder.inspect(inspectionEvent);
  if (recorder.size() !== before) notify();
}

export function isRecording(): boolean {
  return recorder !== null;
}

export function recordedSteps(): number {
  return recorder?.size() ?? 0;
}

/** Starts recording; the recorder (masking included) loads on first use, off the login route. */
export async function startRecording(): Promise<void> {
  if (recorder) return;
  const { createRecorder } = await import('./recording');
  if (recorder) return;
  recorder = createRecorder();
  for (const actor of live.values()) recorder.attach(actor);
  notify();
}

/** Stops recording and returns what was recorded. */
export function stopRecording(): Recording | null {
  const current = recorder;
  recorder = null;
  notify();
  return current ? current.toJSON() : null;
}

/** For useSyncExternalStore. */
export function subscribeRecording(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function recordingVersion(): number {
  return version;
}
