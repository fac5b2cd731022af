/**
 * A machine's statechart as mermaid `stateDiagram-v2` text, written from the machine definition
 * (machine.root): nested compound states as `state X { ... }`, parallel regions separated by
 * `--`, `[*] -->` for initial states, `--> [*]` for final states, and every transition labelled
 * with its event, its guard in [brackets], named delays (`after refundRedirect`) and actor
 * completions (`done: authenticate`, `error: authenticate`). Pure: the gallery renders the text
 * with mermaid offline, the tests parse it with mermaid's own parser.
 */
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';
import { eventLabel, guardLabel } from './labels';

interface TransitionLike {
  eventType: string;
  source: AnyStateNode;
  target?: readonly AnyStateNode[];
  guard?: unknown;
}

/** Words mermaid's state grammar reads as keywords: never used as a bare id. */
const RESERVED = new Set([
  'state',
  'end',
  'note',
  'class',
  'classdef',
  'style',
  'direction',
  'as',
  'click',
  'hide',
  'default',
  'left',
  'right',
  'of',
  'graph',
  'statediagram',
]);

export interface MermaidOptions {
  /** Ids (xstate state node ids) of the states to highlight with `classDef active`. */
  active?: readonly string[];
  /** `TB` (default) or `LR`. */
  direction?: 'TB' | 'LR';
}

/** The mermaid id of every state node of a machine, unique and safe for the grammar. */
export function mermaidIds(machine: AnyStateMachine): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  const visit = (node: AnyStateNode) => {
    let id = node.id.replace(/[^A-Za-z0-9_]/g, '_');
    if (/^\d/.test(id) || RESERVED.has(id.toLowerCase())) id = `s_${id}`;
    let unique = id;
    for (let counter = 2; used.has(unique); counter += 1) unique = `${id}_${counter}`;
    used.add(unique);
    ids.set(node.id, unique);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return ids;
}

/** Text shown on a state or an edge, without characters the grammar gives a meaning to. */
function safeText(text: string): string {
  return text
    .replace(/-->/g, '->')
    .replace(/[;#"{}\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The label of the box that global transitions (written on the machine itself) start from. */
export const ANY_STATE = 'any state';

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

function isComposite(node: AnyStateNode): boolean {
  return (node.type === 'compound' || node.type === 'parallel') && childrenOf(node).length > 0;
}

function transitionsOf(node: AnyStateNode): TransitionLike[] {
  const result: TransitionLike[] = [];
  for (const definitions of node.transitions.values()) {
    for (const definition of definitions) result.push(definition as unknown as TransitionLike);
  }
  for (const definition of node.always ?? []) result.push(definition as unknown as TransitionLike);
  return result;
}

function edgeLabel(transition: TransitionLike): string {
  const guard = guardLabel(transition.guard);
  return safeText(`${eventLabel(transition.eventType)}${guard ? ` [${guard}]` : ''}`);
}

function stateTitle(node: AnyStateNode): string {
  if (node.type === 'history') return `${node.key} (history)`;
  return node.key;
}

export function toMermaid(machine: AnyStateMachine, options: MermaidOptions = {}): string {
  const ids = mermaidIds(machine);
  const idOf = (node: AnyStateNode) => ids.get(node.id)!;
  const lines: string[] = ['stateDiagram-v2'];
  if (options.direction === 'LR') lines.push('  direction LR');

  const writeEdges = (node: AnyStateNode, indent: string) => {
    for (const transition of transitionsOf(node)) {
      const targets = transition.target?.length ? transition.target : [node];
      for (const target of targets) {
        const label = edgeLabel(transition);
        lines.push(`${indent}${idOf(node)} --> ${idOf(target)}${label ? ` : ${label}` : ''}`);
      }
    }
  };

  /** Declares the children of `parent` (initial and final markers, nested blocks) inside its block. */
  const writeChildren = (parent: AnyStateNode, indent: string) => {
    const children = childrenOf(parent);
    if (parent.type === 'parallel') {
      children.forEach((region, index) => {
        if (index > 0) lines.push(`${indent}--`);
        writeState(region, indent);
      });
    } else {
      const initial = (parent.initial?.target ?? []) as readonly AnyStateNode[];
      for (const target of initial) lines.push(`${indent}[*] --> ${idOf(target)}`);
      for (const child of children) writeState(child, indent);
    }
    for (const child of children) {
      if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
    }
  };

  const writeState = (node: AnyStateNode, indent: string) => {
    const id = idOf(node);
    lines.push(`${indent}state "${safeText(stateTitle(node))}" as ${id}`);
    if (isComposite(node)) {
      lines.push(`${indent}state ${id} {`);
      writeChildren(node, `${indent}  `);
      lines.push(`${indent}}`);
    }
  };

  if (machine.root.type === 'parallel') writeState(machine.root, '  ');
  else {
    // Transitions written on the machine itself are taken from any state: drawn from a box so named.
    if (transitionsOf(machine.root).length) lines.push(`  state "${ANY_STATE}" as ${idOf(machine.root)}`);
    writeChildren(machine.root, '  ');
  }

  // Edges after every declaration, at the top level: mermaid resolves ids globally, and an edge
  // written inside a block would declare its far end inside that block.
  writeEdges(machine.root, '  ');
  const visit = (node: AnyStateNode) => {
    for (const child of childrenOf(node)) {
      writeEdges(child, '  ');
      visit(child);
    }
  };
  visit(machine.root);

  lines.push('  classDef active fill:#fde68a,stroke:#b45309,stroke-width:3px,color:#111827');
  lines.push('  classDef activeParent stroke:#b45309,stroke-width:3px');
  const nodes = new Map(allNodes(machine.root).map((node) => [node.id, node]));
  const active = (options.active ?? []).filter((id) => nodes.has(id) && id !== machine.root.id);
  const leaves = active.filter((id) => !isComposite(nodes.get(id)!)).map((id) => ids.get(id)!);
  const parents = active.filter((id) => isComposite(nodes.get(id)!)).map((id) => ids.get(id)!);
  if (leaves.length) lines.push(`  class ${leaves.join(',')} active`);
  if (parents.length) lines.push(`  class ${parents.join(',')} activeParent`);
  return `${lines.join('\n')}\n`;
}

/** The ids (xstate state node ids) of the states a state value makes active, parents included. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue): string[] {
  const result: string[] = [];
  const walk = (node: AnyStateNode, current: StateValue | undefined) => {
    if (current === undefined) return;
    if (typeof current === 'string') {
      const child = node.states[current] as AnyStateNode | undefined;
      if (child) {
        result.push(child.id);
      }
      return;
    }
    for (const [key, sub] of Object.entries(current)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) continue;
      result.push(child.id);
      walk(child, sub);
    }
  };
  walk(machine.root, value);
  return result;
}
