/**
 * Issue 29: the module table is the one place a module is named. What the types cannot say is
 * checked here: rows that share a resource or a user module say the same about it, and each
 * module's contract serves the row's resource.
 */
import { describe, expect, it } from 'vitest';
import { MODULE_CONTRACTS } from '../../src/contracts/moduleContracts';
import { MODULES, SECTIONS } from '../../src/contracts/modules';
import { MODULE_KEYS, MODULE_TABLE, moduleRows } from '../../src/contracts/moduleTable';
import { RESOURCES } from '../../src/contracts/permissions';

describe('the module table', () => {
  it('gives rows that share a resource or a user module the same description of it', () => {
    const rows = moduleRows();
    for (const row of rows) {
      for (const other of rows.filter((candidate) => candidate.resource.key === row.resource.key))
        expect(other.resource, `${row.key} and ${other.key}`).toEqual(row.resource);
      for (const other of rows.filter((candidate) => candidate.module.key === row.module.key))
        expect(other.module, `${row.key} and ${other.key}`).toEqual(row.module);
    }
  });

  it("serves each row's resource with its contract, at a path of its own", () => {
    for (const key of MODULE_KEYS)
      expect(MODULE_CONTRACTS[key].resource, key).toBe(MODULE_TABLE[key].resource.key);
    const paths = MODULE_KEYS.map((key) => MODULE_CONTRACTS[key].path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('derives the resources, the user modules and the sections from the rows', () => {
    for (const key of MODULE_KEYS) {
      expect(RESOURCES).toContain(MODULE_TABLE[key].resource.key);
      expect(MODULES).toContain(MODULE_TABLE[key].module.key);
      expect(SECTIONS.find((section) => section.routing === key)?.title).toBe(MODULE_TABLE[key].title);
    }
    expect(
      RESOURCES.filter((resource) => !moduleRows().some((row) => row.resource.key === resource)),
    ).toEqual(['permission']);
    expect(SECTIONS.map((section) => section.routing)).toEqual([
      ...MODULE_KEYS.flatMap((key) => (key === 'productos' ? [key, 'add'] : [key])),
    ]);
  });
});
