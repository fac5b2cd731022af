/**
 * A machine model: what a traversal needs to walk a machine without running anything.
 * The model-based tests (tests/machines) and the QA gallery read the same models, so the paths
 * QA sees are the paths the tests run.
 */
import type { AnyEventObject, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  /**
   * The events to try in a snapshot. Include the events actors and timers would send, with
   * realistic payloads: `xstate.done.actor.<id>` (with `output`), `xstate.error.actor.<id>`
   * (with `error`) and `xstate.after.<delay>.<stateId>`.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => AnyEventObject[];
  /** A reduced state key, so growing context (lists of files, typed text) keeps the graph finite. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Upper bound on traversed states. */
  limit?: number;
  /** Simple paths explode on larger machines; shortest paths plus journeys still cover every transition. */
  simplePaths?: boolean;
  /** Extra event sequences walked from the initial state (self-transitions never lie on a shortest path). */
  journeys?: AnyEventObject[][];
  input?: InputFrom<TMachine>;
  /** Transitions (as `source event`, a prefix of the coverage label) no traversal can take, each with the reason. */
  unreachable?: Record<string, string>;
}

export function defineModel<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
): MachineModel<TMachine> {
  return model;
}

/** The state value as a dotted string, the usual reduced key. */
export function stateKey(snapshot: { value: unknown }): string {
  return JSON.stringify(snapshot.value);
}
