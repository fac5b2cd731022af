import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineCatalogue } from '../../machines';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');

describe('machine catalogue', () => {
  const files = readdirSync(machinesDir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map((file) => file.replace(/\.ts$/, ''));

  it('lists every machine file of machines/', () => {
    expect(machineCatalogue.map((entry) => entry.name).sort()).toEqual(files.sort());
  });

  it.each(machineCatalogue.map((entry) => [entry.name]))('%s has a model-based test file', (name) => {
    expect(existsSync(path.resolve(import.meta.dirname, `${name}.test.ts`))).toBe(true);
  });

  it('gives every machine a description', () => {
    for (const entry of machineCatalogue) expect(entry.description.length).toBeGreaterThan(10);
  });
});
