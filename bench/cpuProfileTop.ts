/**
 * The heaviest functions and files of a V8 CPU profile (`node --cpu-prof`, e.g. the profiles
 * `bench/exportXlsx.bench.ts --profile=<dir>` makes of the server and the heavy-work child):
 * self time by function and by file (packages by name), and the total sampled.
 *
 *   npx tsx bench/cpuProfileTop.ts <file.cpuprofile> [--top=25]
 */
import { readFileSync } from 'node:fs';
import { argument } from './server';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv.slice(2).find((value) => !value.startsWith('--'));
if (!file) throw new Error('usage: npx tsx bench/cpuProfileTop.ts <file.cpuprofile> [--top=25]');
const top = Number(argument('top', '25'));
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
for (let index = 0; index < profile.samples.length; index++) {
  const id = profile.samples[index];
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
}

/** A file's short name: a package by its name, the product's files by their path. */
const place = (url: string) => {
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1];
  if (!url) return '(native or V8)';
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(src|dist)\//, '$1/');
};

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += ms;
    continue;
  }
  total += ms;
  const name = `${functionName || '(anonymous)'} ${place(url)}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byFile.set(place(url), (byFile.get(place(url)) ?? 0) + ms);
}

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${(ms / 1000).toFixed(2).padStart(8)} s ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`,
    );
};

console.log(`${file}: ${(total / 1000).toFixed(1)} s busy, ${(idle / 1000).toFixed(1)} s idle`);
print('self time by function', byFunction);
print('self time by file or package', byFile);
