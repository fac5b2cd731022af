/**
 * The gallery's view of a machine model: the same generated paths the model-based tests run
 * (machines/models/paths.ts), described step by step, and the counts shown in the list.
 */
import type { AnyStateMachine } from 'xstate';
import { allStateNodes, allTransitions, generatePaths, type ModelPath } from '../../../machines/models/paths';
import type { MachineModel } from '../../../machines/models/types';
import { describeSteps } from './labels';

export type { ModelPath };

/** `step N: EVENT → state`, one line per step (step 0 is the start). */
export function describePath(path: Pick<ModelPath, 'steps'>): string[] {
  return describeSteps(path.steps);
}

export interface MachineCounts {
  states: number;
  transitions: number;
  paths: number;
}

export function pathsOf(model: MachineModel<AnyStateMachine>): ModelPath[] {
  return generatePaths(model);
}

export function countOf(model: MachineModel<AnyStateMachine>, paths = pathsOf(model)): MachineCounts {
  return {
    states: allStateNodes(model.machine).length,
    transitions: allTransitions(model.machine).length,
    paths: paths.length,
  };
}
