/**
 * Replaying a recording on the machine definition with XState's pure `initialTransition` and
 * `transition`: no actor, timer or call runs. Each step's snapshot is compared with what was
 * recorded, so QA sees where the machine now behaves differently from the recorded session.
 */
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  initialTransition,
  transition,
} from 'xstate';
import { FieldErrorsError, UserFacingError } from '../../../machines/support/errors';
import { type JsonValue, maskData } from './mask';
import type { RecordedActor, RecordedEvent, Recording } from './recording';

export interface ReplayStep {
  index: number;
  /** The event as recorded (masked JSON). */
  recordedEvent: RecordedEvent;
  /** The event given to the machine (errors revived as Error objects). */
  event: AnyEventObject;
  snapshot: AnyMachineSnapshot;
  /** The recorded state value and (masked) context, for comparison. */
  recorded: { value: unknown; context: JsonValue };
  /** True when the replayed state or masked context differs from the recording. */
  diverged: boolean;
}

/** A recorded event as the machine reads it: error texts become errors again. */
export function reviveEvent(event: RecordedEvent): AnyEventObject {
  const { errorKind, errorFields, ...rest } = event;
  if (typeof rest.error !== 'string') return rest as AnyEventObject;
  const message = rest.error.replace(/^[^:]*:\s?/, '');
  let error: Error;
  if (errorKind === 'fields') {
    error = new FieldErrorsError((errorFields ?? {}) as Record<string, string[]>, message);
  } else if (errorKind === 'user') {
    error = new UserFacingError(message);
  } else {
    error = new Error(message);
  }
  return { ...rest, error } as AnyEventObject;
}

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The recorded actor of `machine` in a recording (the first one, or the one with that session id). */
export function actorOf(
  machine: AnyStateMachine,
  recording: Recording | RecordedActor,
  actor?: string,
): RecordedActor | null {
  if (!('actors' in recording)) return recording;
  return (
    recording.actors.find(
      (candidate) => candidate.machine === machine.id && (actor === undefined || candidate.actor === actor),
    ) ?? null
  );
}

/** Every step of the recorded actor, replayed on `machine`: the snapshot after each event. */
export function replay(
  machine: AnyStateMachine,
  recording: Recording | RecordedActor,
  actor?: string,
): ReplayStep[] {
  const recorded = actorOf(machine, recording, actor);
  if (!recorded) return [];
  const [first, ...rest] = recorded.steps;
  let snapshot: AnyMachineSnapshot;
  if (recorded.start === 'init') {
    [snapshot] = initialTransition(machine, recorded.input as never) as unknown as [AnyMachineSnapshot];
  } else {
    snapshot = machine.resolveState({ value: first.value, context: first.context as never });
  }
  const compare = (index: number, event: AnyEventObject, current: AnyMachineSnapshot): ReplayStep => {
    const step = recorded.steps[index];
    return {
      index,
      recordedEvent: step.event,
      event,
      snapshot: current,
      recorded: { value: step.value, context: step.context },
      diverged: !sameJson(current.value, step.value) || !sameJson(maskData(current.context), step.context),
    };
  };
  const result = [compare(0, reviveEvent(first.event), snapshot)];
  rest.forEach((step, offset) => {
    const event = reviveEvent(step.event);
    [snapshot] = transition(machine, snapshot, event as never) as unknown as [AnyMachineSnapshot];
    result.push(compare(offset + 1, event, snapshot));
  });
  return result;
}
