/** Path generation shared by the model-based tests and the QA gallery. */
import type {
  AnyActorLogic,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  SnapshotFrom,
} from 'xstate';
import { initialTransition, transition } from 'xstate';
import { getStateNodes, TestModel, type TestPath } from 'xstate/graph';
import type { MachineModel } from './types';

// Paths are typed loosely (any machine snapshot) so one gallery can list every machine.
export type ModelPath<_TMachine extends AnyStateMachine = AnyStateMachine> = TestPath<
  AnyMachineSnapshot,
  AnyEventObject
>;

export function createTestModel<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>) {
  const logic = model.machine as unknown as AnyActorLogic;
  return new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(logic, {
    events: (snapshot: AnyMachineSnapshot) => model.events(snapshot as SnapshotFrom<TMachine>),
    ...(model.serializeState
      ? {
          serializeState: (snapshot: AnyMachineSnapshot) =>
            model.serializeState!(snapshot as SnapshotFrom<TMachine>),
        }
      : {}),
    limit: model.limit ?? 2000,
    input: model.input,
  });
}

/**
 * A journey walked with the pure `initialTransition`/`transition` (with the model's input; xstate's
 * getPathsFromEvents starts the machine without input). Steps hold the state after each event,
 * as the generated paths do.
 */
function journeyPath<TMachine extends AnyStateMachine>(
  testModel: ReturnType<typeof createTestModel>,
  model: MachineModel<TMachine>,
  events: AnyEventObject[],
): ModelPath<TMachine> {
  const logic = model.machine as unknown as AnyStateMachine;
  let [state] = initialTransition(logic, model.input);
  const steps = [{ state: state as AnyMachineSnapshot, event: { type: 'xstate.init' } as AnyEventObject }];
  for (const event of events) {
    [state] = transition(logic, state, event);
    steps.push({ state: state as AnyMachineSnapshot, event });
  }
  const path = {
    state: state as AnyMachineSnapshot,
    steps,
    weight: steps.length,
    description: `Journey to ${JSON.stringify(state.value)}: ${events.map((event) => event.type).join(' → ')}`,
  };
  return { ...path, test: (params) => testModel.testPath(path, params) } as ModelPath<TMachine>;
}

/** Shortest paths, simple paths (unless disabled) and the model's journeys, without duplicates. */
export function generatePaths<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
): ModelPath<TMachine>[] {
  const testModel = createTestModel(model);
  const paths = [
    ...testModel.getShortestPaths(),
    ...(model.simplePaths === false ? [] : testModel.getSimplePaths()),
    ...(model.journeys ?? []).map((events) => journeyPath(testModel, model, events)),
  ];
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = path.steps.map((step) => step.event.type).join('>') + JSON.stringify(path.state.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every state node of the machine except the root. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root).filter((node) => node !== machine.root);
}

export interface TransitionRef {
  source: string;
  event: string;
  target: string;
  guard: string | null;
}

interface TransitionDefinitionLike {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard)
    return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'guard';
  return 'guard';
}

function describeTransition(transition: TransitionDefinitionLike): TransitionRef {
  return {
    source: transition.source.id,
    event: transition.eventType,
    target: transition.target?.map((node) => node.id).join(',') || '(self)',
    guard: guardName(transition.guard),
  };
}

/** Every transition the machine defines (events, delays, actor completions, eventless). */
export function allTransitions(machine: AnyStateMachine): { definition: unknown; ref: TransitionRef }[] {
  const result: { definition: unknown; ref: TransitionRef }[] = [];
  for (const node of allStateNodes(machine).concat(machine.root)) {
    for (const definitions of node.transitions.values()) {
      for (const definition of definitions) {
        result.push({
          definition,
          ref: describeTransition(definition as unknown as TransitionDefinitionLike),
        });
      }
    }
    for (const definition of node.always ?? []) {
      result.push({ definition, ref: describeTransition(definition as unknown as TransitionDefinitionLike) });
    }
  }
  return result;
}

function activeNodes(snapshot: unknown): AnyStateNode[] {
  return (snapshot as { _nodes: AnyStateNode[] })._nodes;
}

/** The state nodes and transitions a set of paths visits. */
export function coverageOf<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  paths: ModelPath<TMachine>[],
) {
  const visitedStates = new Set<string>();
  const takenTransitions = new Set<unknown>();
  const machine = model.machine;
  const eventless = allTransitions(machine).filter((entry) => entry.ref.event === '');
  for (const path of paths) {
    let previous: AnyMachineSnapshot | undefined;
    for (const step of path.steps) {
      for (const node of activeNodes(step.state)) visitedStates.add(node.id);
      if (previous) {
        for (const definition of machine.getTransitionData(previous as never, step.event as never)) {
          takenTransitions.add(definition);
        }
        const before = new Set(activeNodes(previous).map((node) => node.id));
        const after = new Set(activeNodes(step.state).map((node) => node.id));
        for (const entry of eventless) {
          const targets = entry.ref.target.split(',');
          if (
            targets.every((target) => after.has(target)) &&
            !targets.every((target) => before.has(target))
          ) {
            takenTransitions.add(entry.definition);
          }
        }
      }
      previous = step.state;
    }
  }
  return { visitedStates, takenTransitions };
}

/**
 * What a set of paths misses: state ids never visited, transitions never taken (as
 * `source event [guard] -> target`), leaving out those the model declares unreachable.
 */
export function missingCoverage<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  paths: ModelPath<TMachine>[],
): { states: string[]; transitions: string[] } {
  const { visitedStates, takenTransitions } = coverageOf(model, paths);
  const states = allStateNodes(model.machine)
    .map((node) => node.id)
    .filter((id) => !visitedStates.has(id));
  const transitions = allTransitions(model.machine)
    .filter((entry) => !takenTransitions.has(entry.definition))
    .map(
      (entry) =>
        `${entry.ref.source} ${entry.ref.event}${entry.ref.guard ? ` [${entry.ref.guard}]` : ''} -> ${entry.ref.target}`,
    )
    .filter((label) => !Object.keys(model.unreachable ?? {}).some((prefix) => label.startsWith(prefix)));
  return { states, transitions };
}
