/**
 * The command `npm start` runs, read from package.json's start script (node, its heap flags and
 * scripts/start.mjs), so that the browser suite, the newcomer smoke, the multi-instance test and
 * the benchmarks start exactly what a user starts (issue 27).
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

export function startCommand(root = process.cwd()): StartCommand {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = manifest.scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`package.json's start script must run node, not ${command}`);
  return { executable: process.execPath, args, cwd: root };
}
