/**
 * The command `npm start` runs, read from package.json's start script (its environment settings,
 * node, its heap flags and scripts/start.mjs), so that the browser suite, the newcomer smoke, the
 * multi-instance test and the benchmarks start exactly what a user starts (issue 27).
 *
 * The script's leading `NAME=${NAME-default}` assignments (glibc's malloc settings, issue 39) are
 * resolved as the shell does (the caller's value when set, else the default) and passed through
 * `/usr/bin/env`, which replaces itself with node: the child's pid is still the server's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StartCommand {
  /** This Node's executable. */
  executable: string;
  /** The start script's flags and script path, relative to `cwd`. */
  args: string[];
  /** The checkout the command runs in. */
  cwd: string;
}

const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(.*)$/;
const DEFAULTED = /^\$\{([A-Z_][A-Z0-9_]*)-([^}]*)\}$/;

/** The value of one `NAME=value` of the script, with `${NAME-default}` resolved from `environment`. */
function assignedValue(value: string, environment: NodeJS.ProcessEnv): string {
  const defaulted = DEFAULTED.exec(value);
  if (!defaulted) return value;
  return environment[defaulted[1]!] ?? defaulted[2]!;
}

export function startCommand(root = process.cwd(), environment = process.env): StartCommand {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const assignments: string[] = [];
  while (words.length > 0 && ASSIGNMENT.test(words[0]!)) {
    const [, name, value] = ASSIGNMENT.exec(words.shift()!)!;
    assignments.push(`${name}=${assignedValue(value!, environment)}`);
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`package.json's start script must run node, not ${command}`);
  if (assignments.length === 0) return { executable: process.execPath, args, cwd: root };
  return { executable: '/usr/bin/env', args: [...assignments, process.execPath, ...args], cwd: root };
}
