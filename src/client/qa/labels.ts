/**
 * Readable names for events, guards and state values, shared by the diagram, the path lists and
 * the test skeletons. Pure: no React, no DOM.
 */
import type { AnyEventObject, StateValue } from 'xstate';

/** `xstate.done.actor.authenticate` → `done: authenticate`, `xstate.after.refundRedirect.x` → `after refundRedirect`. */
export function eventLabel(type: string): string {
  if (type === '') return 'always';
  if (type === '*') return 'any event';
  if (type === 'xstate.init') return 'start';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `error: ${error[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return /^\d+$/.test(after[1]) ? `after ${after[1]}ms` : `after ${after[1]}`;
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(type);
  if (stateDone) return `done: ${stateDone[1].split('.').at(-1)}`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(type);
  if (snapshot) return `snapshot: ${snapshot[1]}`;
  return type;
}

interface HigherOrderGuard {
  (...args: never[]): unknown;
  check?: { name?: string };
  guards?: unknown[];
}

/** A guard's name as the machine spells it: `credentialsComplete`, `not(isEmpty)`, `and(a, b)`. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    const higher = guard as HigherOrderGuard;
    if (higher.check && Array.isArray(higher.guards)) {
      const own = ['not', 'and', 'or'].includes(higher.name) ? higher.name : '';
      const operator = own || (higher.check.name ?? '').replace(/^check/, '').toLowerCase() || 'guard';
      return `${operator}(${higher.guards.map((inner) => guardLabel(inner) ?? 'guard').join(', ')})`;
    }
    if (higher.check) return 'stateIn';
    return higher.name && higher.name !== 'guard' ? higher.name : 'inline guard';
  }
  return 'guard';
}

/** The leaf paths of a state value: `loggedIn`, `wizard.applicant`, or `a.x + b.y` for parallel regions. */
export function stateLabel(value: StateValue): string {
  const leaves: string[] = [];
  const walk = (current: StateValue, prefix: string[]) => {
    if (typeof current === 'string') {
      leaves.push([...prefix, current].join('.'));
      return;
    }
    const entries = Object.entries(current);
    if (entries.length === 0) leaves.push(prefix.join('.'));
    for (const [key, child] of entries) {
      if (child === undefined) leaves.push([...prefix, key].join('.'));
      else walk(child, [...prefix, key]);
    }
  };
  walk(value, []);
  return leaves.join(' + ');
}

export interface StepLike {
  event: AnyEventObject;
  state: { value: StateValue };
}

/** One line per step: `step N: EVENT → state`. */
export function describeSteps(steps: readonly StepLike[]): string[] {
  return steps.map(
    (step, index) => `step ${index}: ${eventLabel(step.event.type)} → ${stateLabel(step.state.value)}`,
  );
}
