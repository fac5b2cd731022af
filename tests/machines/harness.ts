/**
 * Model-based testing of a machine from its model (machines/models): generated shortest and
 * simple paths plus journeys; each step's snapshot checked by the state assertions; and checks
 * that every state and every transition is covered and every leaf state has an assertion.
 *
 * Strictness: a state assertion receives the snapshot AND the event that led there, with the
 * path's events so far (what the path did), so a message is asserted from the path, never
 * `if (message) expect(message)` (no assertion branches on the snapshot it checks); and
 * every call of a state assertion must make at least one `expect`, or the path fails (an
 * assertion that checks nothing on some path is a bug, not a pass).
 */

import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  initialTransition,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { allStateNodes, generatePaths, type ModelPath, missingCoverage } from '../../machines/models/paths';
import type { MachineModel } from '../../machines/models/types';

export type StateAssertion<TMachine extends AnyStateMachine> = (
  snapshot: SnapshotFrom<TMachine>,
  /** The event the path took to reach this snapshot (`xstate.init` for the first step). */
  event: AnyEventObject,
  /** Every event of the path up to this snapshot, `event` last: what the path did so far. */
  trail: readonly AnyEventObject[],
  /** The snapshot the event was sent to (undefined for the first step). */
  before: SnapshotFrom<TMachine> | undefined,
) => void;

export type StateAssertions<TMachine extends AnyStateMachine> = Record<string, StateAssertion<TMachine>>;

function assertionCalls(): number {
  return expect.getState().assertionCalls;
}

/**
 * Runs the assertions of every step of a path: for each step, every assertion whose key the
 * snapshot matches, with the step's event. Throws when an assertion made no `expect` call.
 */
export function checkPath<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  path: ModelPath<TMachine>,
  assertions: StateAssertions<TMachine>,
): void {
  const steps = replay(model, path);
  steps.forEach((step, index) => {
    const snapshot = step.state;
    const trail = steps.slice(0, index + 1).map((candidate) => candidate.event);
    for (const [key, assertion] of Object.entries(assertions)) {
      if (!snapshot.matches(key)) continue;
      const before = assertionCalls();
      try {
        assertion(
          snapshot as SnapshotFrom<TMachine>,
          step.event,
          trail,
          steps[index - 1]?.state as SnapshotFrom<TMachine> | undefined,
        );
      } catch (error) {
        const trail = path.steps
          .slice(0, index + 1)
          .map((candidate) => candidate.event.type)
          .join(' → ');
        if (error instanceof Error) error.message += `\n  in state '${key}' after ${trail}`;
        throw error;
      }
      if (assertionCalls() === before)
        throw new Error(
          `the assertion of '${key}' checked nothing after ${step.event.type} (step ${index}): assert from the event`,
        );
    }
  });
}

/**
 * The path's snapshots recomputed by replaying its events from the model's input. A generated
 * step holds the representative snapshot of its reduced state key (serializeState), which may come
 * from another path; the replay gives the snapshot this path really reaches.
 */
function replay<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  path: ModelPath<TMachine>,
): { state: AnyMachineSnapshot; event: AnyEventObject }[] {
  const logic = model.machine as unknown as AnyStateMachine;
  let [state] = initialTransition(logic, model.input);
  return path.steps.map((step, index) => {
    if (index > 0 || step.event.type !== 'xstate.init') [state] = transition(logic, state, step.event);
    return { state: state as AnyMachineSnapshot, event: step.event };
  });
}

/** Every assertion key names a real state; every leaf state is under some key. */
export function checkAssertionKeys(machine: AnyStateMachine, keys: readonly string[]): string[] {
  const problems: string[] = [];
  const nodes = allStateNodes(machine);
  const paths = new Set(nodes.map((node) => node.path.join('.')));
  for (const key of keys) if (!paths.has(key)) problems.push(`assertion key '${key}' names no state`);
  for (const leaf of nodes.filter((node) => node.type === 'atomic' || node.type === 'final')) {
    const leafPath = leaf.path.join('.');
    if (!keys.some((key) => leafPath === key || leafPath.startsWith(`${key}.`)))
      problems.push(`leaf state '${leafPath}' has no assertion`);
  }
  return problems;
}

export function testMachineModel<TMachine extends AnyStateMachine>(
  name: string,
  model: MachineModel<TMachine>,
  assertions: StateAssertions<TMachine>,
) {
  describe(`${name} machine model`, () => {
    const paths = generatePaths(model);

    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    describe('paths', () => {
      for (const path of paths) {
        it(path.description, () => {
          checkPath(model, path, assertions);
        });
      }
    });

    it('names only real states in its assertions, and asserts every leaf state', () => {
      expect(checkAssertionKeys(model.machine, Object.keys(assertions))).toEqual([]);
    });

    it('visits every state and takes every transition', () => {
      expect(missingCoverage(model, paths)).toEqual({ states: [], transitions: [] });
    });
  });
}
