/**
 * Recording a running machine with the actor's `inspect` option, and the recording's JSON form.
 * A recording keeps, per root actor, what started it (its input, or the snapshot it had when the
 * recording began) and every event it received with the state and context that followed, all
 * masked (mask.ts); errors are stored as text. Pure: no React, no DOM; the gallery replays it
 * with replay.ts.
 */
import type { AnyEventObject, InspectionEvent, StateValue } from 'xstate';
import { type JsonValue, maskData, maskEvent } from './mask';

export const RECORDING_FORMAT = 'xstate-qa-recording';

export type RecordedEvent = { type: string } & Record<string, JsonValue>;

export interface RecordedStep {
  /** Milliseconds since the recording began. */
  at: number;
  event: RecordedEvent;
  value: StateValue;
  context: JsonValue;
  status: string;
}

export interface RecordedActor {
  /** The machine's id (`session`, `passwordChange`): how the gallery finds it in the catalogue. */
  machine: string;
  /** The actor's session id while it ran (tells two runs of one machine apart). */
  actor: string;
  /** `init`: recorded from its start (step 0 is `xstate.init` with the input); `snapshot`: from step 0's state. */
  start: 'init' | 'snapshot';
  input: JsonValue;
  steps: RecordedStep[];
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: 1;
  recordedAt: string;
  /** Always true: the recorder masks as it records; the flag tells readers so. */
  masked: true;
  actors: RecordedActor[];
}

interface ActorRefShape {
  sessionId: string;
  id?: string;
  logic?: unknown;
  getSnapshot?: () => unknown;
}

interface MachineSnapshotShape {
  value: StateValue;
  context: unknown;
  status: string;
}

function machineIdOf(actorRef: ActorRefShape): string | null {
  const logic = actorRef.logic as { id?: unknown; root?: unknown } | undefined;
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null;
}

function snapshotOf(actorRef: ActorRefShape): MachineSnapshotShape | null {
  const snapshot = actorRef.getSnapshot?.() as Partial<MachineSnapshotShape> | undefined;
  if (!snapshot || snapshot.value === undefined) return null;
  return snapshot as MachineSnapshotShape;
}

/** Events that belong to the actor's life, not to the flow (the start is step 0, recorded by `begin`). */
const IGNORED_EVENTS = new Set(['xstate.stop', 'xstate.init']);

export interface Recorder {
  /** Give to `createActor(machine, { inspect })` (or to the registry). */
  inspect: (inspectionEvent: InspectionEvent) => void;
  /** Starts recording an actor that is already running, from its current snapshot. */
  attach: (actorRef: ActorRefShape) => void;
  /** The number of recorded steps so far. */
  size: () => number;
  toJSON: () => Recording;
}

export function createRecorder(options: { now?: () => number } = {}): Recorder {
  const now = options.now ?? (() => Date.now());
  const began = now();
  const recordedAt = new Date(began).toISOString();
  const actors = new Map<string, RecordedActor>();
  let steps = 0;

  const step = (event: AnyEventObject, snapshot: MachineSnapshotShape): RecordedStep => ({
    at: Math.max(0, now() - began),
    event: maskEvent(event as { type: string } & Record<string, unknown>),
    value: snapshot.value,
    context: maskData(snapshot.context),
    status: snapshot.status,
  });

  const begin = (actorRef: ActorRefShape, start: RecordedActor['start'], event: AnyEventObject) => {
    const machine = machineIdOf(actorRef);
    const snapshot = snapshotOf(actorRef);
    if (!machine || !snapshot || actors.has(actorRef.sessionId)) return;
    const input = start === 'init' ? maskData((event as { input?: unknown }).input) : null;
    actors.set(actorRef.sessionId, {
      machine,
      actor: actorRef.sessionId,
      start,
      input,
      steps: [step(event, snapshot)],
    });
    steps += 1;
  };

  return {
    inspect(inspectionEvent) {
      const actorRef = inspectionEvent.actorRef as unknown as ActorRefShape;
      // Only the root actor of each inspected system: child actors (promises, callbacks) show up
      // as the done/error events their parent receives.
      if (actorRef.sessionId !== inspectionEvent.rootId) return;
      if (inspectionEvent.type === '@xstate.event' && inspectionEvent.event.type === 'xstate.init') {
        begin(actorRef, 'init', inspectionEvent.event);
        return;
      }
      if (inspectionEvent.type !== '@xstate.snapshot') return;
      if (IGNORED_EVENTS.has(inspectionEvent.event.type)) return;
      const recorded = actors.get(actorRef.sessionId);
      const snapshot = inspectionEvent.snapshot as unknown as Partial<MachineSnapshotShape>;
      if (!recorded || snapshot.value === undefined) return;
      recorded.steps.push(step(inspectionEvent.event, snapshot as MachineSnapshotShape));
      steps += 1;
    },
    attach(actorRef) {
      begin(actorRef, 'snapshot', { type: 'qa.resume' });
    },
    size: () => steps,
    toJSON: () => ({
      format: RECORDING_FORMAT,
      version: 1,
      recordedAt,
      masked: true,
      actors: [...actors.values()].map((actor) => structuredClone(actor)),
    }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStateValue(value: unknown): value is StateValue {
  if (typeof value === 'string') return true;
  return isRecord(value) && Object.values(value).every((child) => child === undefined || isStateValue(child));
}

export class RecordingFormatError extends Error {}

/** Reads a recording file's text; throws RecordingFormatError when it is not one. */
export function parseRecording(text: string): Recording {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RecordingFormatError('not JSON');
  }
  if (
    !isRecord(data) ||
    data.format !== RECORDING_FORMAT ||
    data.version !== 1 ||
    !Array.isArray(data.actors)
  ) {
    throw new RecordingFormatError('not a recording');
  }
  for (const actor of data.actors as unknown[]) {
    if (
      !isRecord(actor) ||
      typeof actor.machine !== 'string' ||
      (actor.start !== 'init' && actor.start !== 'snapshot') ||
      !Array.isArray(actor.steps) ||
      actor.steps.length === 0
    ) {
      throw new RecordingFormatError('bad actor');
    }
    for (const step of actor.steps as unknown[]) {
      if (
        !isRecord(step) ||
        !isRecord(step.event) ||
        typeof step.event.type !== 'string' ||
        !isStateValue(step.value)
      ) {
        throw new RecordingFormatError('bad step');
      }
    }
  }
  return data as unknown as Recording;
}

export function recordingFileName(recording: Recording): string {
  return `grabacion-${recording.recordedAt.replace(/[:.]/g, '-')}.json`;
}
