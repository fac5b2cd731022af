import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineCatalogue } from '../../machines';
import { generatePaths, missingCoverage } from '../../machines/models/paths';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');

describe('machine catalogue', () => {
  const files = readdirSync(machinesDir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map((file) => file.replace(/\.ts$/, ''));

  it('lists every machine file of machines/', () => {
    expect(machineCatalogue.map((entry) => entry.name).sort()).toEqual(files.sort());
  });

  it.each(machineCatalogue.map((entry) => [entry.name]))(
    '%s has a model-based test file that runs the strict harness on it',
    (name) => {
      const file = path.resolve(import.meta.dirname, `${name}.test.ts`);
      expect(existsSync(file)).toBe(true);
      // The harness asserts every leaf and refuses assertions that check nothing.
      expect(readFileSync(file, 'utf8')).toContain(`testMachineModel('${name}'`);
    },
  );

  it('gives every machine a description', () => {
    for (const entry of machineCatalogue) expect(entry.description.length).toBeGreaterThan(10);
  });

  // Coverage over the whole catalogue: a new machine cannot skip it by writing its own test.
  it.each(machineCatalogue.map((entry) => [entry.name, entry]))(
    '%s: its model visits every state and takes every transition',
    (_name, entry) => {
      expect(missingCoverage(entry.model, generatePaths(entry.model))).toEqual({
        states: [],
        transitions: [],
      });
    },
  );
});
