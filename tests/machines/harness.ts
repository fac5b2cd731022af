/**
 * Model-based testing of a machine from its model (machines/models): generated shortest and
 * simple paths plus journeys; each step's snapshot checked by the state assertions; and checks
 * that every state and every transition is covered and every leaf state has an assertion.
 */

import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import { allStateNodes, allTransitions, coverageOf, generatePaths } from '../../machines/models/paths';
import type { MachineModel } from '../../machines/models/types';

export type StateAssertions<TMachine extends AnyStateMachine> = Record<
  string,
  (snapshot: SnapshotFrom<TMachine>) => void
>;

export interface ModelTestOptions {
  /** Transitions (as `source event`) that no traversal can take, each with the reason. */
  unreachable?: Record<string, string>;
}

export function testMachineModel<TMachine extends AnyStateMachine>(
  name: string,
  model: MachineModel<TMachine>,
  assertions: StateAssertions<TMachine>,
  options: ModelTestOptions = {},
) {
  describe(`${name} machine model`, () => {
    const paths = generatePaths(model);

    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    describe('paths', () => {
      for (const path of paths) {
        it(path.description, async () => {
          await path.test({ states: assertions as Record<string, (snapshot: AnyMachineSnapshot) => void> });
        });
      }
    });

    it('names only real states in its assertions, and asserts every leaf state', () => {
      const nodes = allStateNodes(model.machine);
      const paths = new Set(nodes.map((node) => node.path.join('.')));
      for (const key of Object.keys(assertions)) expect(paths, `assertion key '${key}'`).toContain(key);
      const leaves = nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
      for (const leaf of leaves) {
        const leafPath = leaf.path.join('.');
        const asserted = Object.keys(assertions).some(
          (key) => leafPath === key || leafPath.startsWith(`${key}.`),
        );
        expect(asserted, `leaf state '${leafPath}' has an assertion`).toBe(true);
      }
    });

    it('visits every state', () => {
      const { visitedStates } = coverageOf(model, paths);
      const missing = allStateNodes(model.machine)
        .map((node) => node.id)
        .filter((id) => !visitedStates.has(id));
      expect(missing).toEqual([]);
    });

    it('takes every transition', () => {
      const { takenTransitions } = coverageOf(model, paths);
      const missing = allTransitions(model.machine)
        .filter((entry) => !takenTransitions.has(entry.definition))
        .map(
          (entry) =>
            `${entry.ref.source} ${entry.ref.event}${entry.ref.guard ? ` [${entry.ref.guard}]` : ''} -> ${entry.ref.target}`,
        )
        .filter(
          (label) => !Object.keys(options.unreachable ?? {}).some((prefix) => label.startsWith(prefix)),
        );
      expect(missing).toEqual([]);
    });
  });
}
