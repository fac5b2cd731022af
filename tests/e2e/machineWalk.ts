/**
 * Walking a machine's generated paths in Chromium (issue 29 §tests), shared by the path specs.
 *
 * - `coveringPaths` takes the paths the model-based tests run (machines/models/paths.ts: shortest
 *   paths, simple paths unless the model turns them off, and the model's journeys), cuts each at
 *   its first step the screen cannot take, replays the kept events to get the snapshots the path
 *   really reaches, and keeps the fewest of them that still visit every state and take every
 *   transition the full set does (greedy set cover): the browser walks few, short paths.
 * - `walkPath` sends each step's event through its executor (a click, a typed value, or the
 *   server's answer to a held request) and then runs every screen check whose state the snapshot
 *   is in. A step without an executor, or a state without a check, fails the path.
 * - `holdRequests` holds the requests an actor makes until a step answers them.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  initialTransition,
  transition,
} from 'xstate';
import { coverageOf, generatePaths, type ModelPath, missingCoverage } from '../../machines/models/paths';
import type { MachineModel } from '../../machines/models/types';
import { FieldErrorsError } from '../../machines/support/errors';

export interface WalkStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface WalkPath {
  description: string;
  steps: WalkStep[];
}

/** Whether the screen can take the step at `index` (the steps before it are walkable). */
export type Walkable = (steps: readonly WalkStep[], index: number) => boolean;

/** An event with what tells it apart (an id, a page, an error's message or fields, an answer's size). */
export function eventLabel(event: AnyEventObject): string {
  const { type, error, output, ...rest } = event as AnyEventObject & { error?: unknown; output?: unknown };
  const details: string[] = Object.entries(rest).map(([key, value]) => {
    const shown = JSON.stringify(value) ?? String(value);
    return `${key}=${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}`;
  });
  if (error instanceof FieldErrorsError) details.push(`fields=${Object.keys(error.fields).join(',')}`);
  else if (error instanceof Error) details.push(`error=${error.message}`);
  if (Array.isArray(output)) details.push(`items=${output.length}`);
  else if (output && typeof output === 'object' && 'results' in output)
    details.push(`rows=${(output as { results: unknown[] }).results.length}`);
  else if (output !== undefined) details.push('output');
  return details.length ? `${type}(${details.join(' ')})` : type;
}

/** The snapshots a sequence of events reaches from the model's input. */
function replay(model: MachineModel, events: readonly AnyEventObject[]): WalkStep[] {
  const logic = model.machine as AnyStateMachine;
  let [state] = initialTransition(logic, model.input);
  const steps: WalkStep[] = [{ event: { type: 'xstate.init' }, state: state as AnyMachineSnapshot }];
  for (const event of events) {
    [state] = transition(logic, state, event);
    steps.push({ event, state: state as AnyMachineSnapshot });
  }
  return steps;
}

function asModelPaths(paths: readonly WalkPath[]): ModelPath[] {
  return paths as unknown as ModelPath[];
}

/** The generated paths cut at their first unwalkable step, replayed. */
export function walkablePaths(model: MachineModel, walkable: Walkable): WalkPath[] {
  const seen = new Set<string>();
  const result: WalkPath[] = [];
  for (const path of generatePaths(model)) {
    const generated = path.steps as unknown as WalkStep[];
    const stop = generated.findIndex((_, index) => index > 0 && !walkable(generated, index));
    const events = generated.slice(1, stop === -1 ? undefined : stop).map((step) => step.event);
    if (events.length === 0) continue;
    const key = events.map(eventLabel).join('>');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(pathOf(model, events));
  }
  return result;
}

/**
 * The path a sequence of events takes from the model's input (for journeys that differ from a
 * generated path only in an event's payload, which generation keeps once).
 */
export function pathOf(model: MachineModel, events: readonly AnyEventObject[]): WalkPath {
  const steps = replay(model, events);
  const last = steps[steps.length - 1].state;
  return { steps, description: `to ${JSON.stringify(last.value)}: ${events.map(eventLabel).join(' → ')}` };
}

/**
 * The fewest walkable paths that visit every state and take every transition the walkable paths
 * do: greedily the path adding the most uncovered items (the shorter one on a tie).
 */
export function coveringPaths(model: MachineModel, walkable: Walkable = () => true): WalkPath[] {
  const candidates = walkablePaths(model, walkable).map((path) => {
    const { visitedStates, takenTransitions } = coverageOf(model, asModelPaths([path]));
    return { path, items: new Set<unknown>([...visitedStates, ...takenTransitions]) };
  });
  const uncovered = new Set<unknown>(candidates.flatMap((candidate) => [...candidate.items]));
  const chosen: WalkPath[] = [];
  while (uncovered.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.items].filter((item) => uncovered.has(item)).length;
      if (
        gain > bestGain ||
        (gain === bestGain && best && gain > 0 && candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best.path);
    for (const item of best.items) uncovered.delete(item);
  }
  return chosen;
}

/** State ids and transitions (as missingCoverage labels) the paths do not reach. */
export function missingIn(model: MachineModel, paths: readonly WalkPath[]) {
  return missingCoverage(model, asModelPaths(paths));
}

export type Executors = Record<
  string,
  (event: AnyEventObject, before: AnyMachineSnapshot) => Promise<unknown>
>;
export type ScreenChecks = Record<
  string,
  (snapshot: AnyMachineSnapshot, event: AnyEventObject) => Promise<unknown>
>;

/**
 * Walks one path: each step's event by its executor, then every screen check whose state the
 * snapshot is in (at least one must apply).
 */
export async function walkPath(path: WalkPath, executors: Executors, checks: ScreenChecks): Promise<void> {
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) {
      const execute = executors[step.event.type];
      if (!execute) throw new Error(`no executor for ${step.event.type}`);
      await execute(step.event, path.steps[index - 1].state);
    }
    const keys = Object.keys(checks).filter((key) => step.state.matches(key));
    if (keys.length === 0) throw new Error(`no screen check for ${JSON.stringify(step.state.value)}`);
    for (const key of keys) {
      await test.step(`${eventLabel(step.event)} → ${key}`, () => checks[key](step.state, step.event));
    }
  }
}

/** Requests to one API path (and method), held until a step answers the newest (older ones abort). */
export function holdRequests(page: Page, pattern: string | RegExp, method = 'GET') {
  const held: Route[] = [];
  const ready = page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
  });
  return {
    ready,
    /** How many requests are waiting. */
    waiting: () => held.length,
    /** Fails the newest request as a dropped connection. */
    async abort() {
      await expect
        .poll(() => held.length, { message: `a ${method} request to ${pattern}` })
        .toBeGreaterThan(0);
      const route = held.pop()!;
      for (const stale of held.splice(0)) await stale.abort();
      await route.abort('failed');
    },
    async answer(status: number, body?: unknown) {
      await expect
        .poll(() => held.length, { message: `a ${method} request to ${pattern}` })
        .toBeGreaterThan(0);
      const route = held.pop()!;
      for (const stale of held.splice(0)) await stale.abort();
      await (status === 204 ? route.fulfill({ status }) : route.fulfill({ status, json: body }));
    },
  };
}

/** The error an actor's error event carries. */
export function errorOf(event: AnyEventObject): Error {
  return (event as unknown as { error: Error }).error;
}
