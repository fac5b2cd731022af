/**
 * Issue 29: every row of the module table is declared on the server with the row's contract and
 * registered on the app at the contract's path, whichever file mounts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_CONTRACTS } from '../../src/contracts/moduleContracts';
import { MODULE_KEYS, MODULE_TABLE } from '../../src/contracts/moduleTable';
import { MODULE_DECLARATIONS } from '../../src/server/resources';
import { registeredResourcesOf } from '../../src/server/resources/engine';
import { createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
}, 120_000);
afterAll(async () => testApp.close());

describe('the server registry follows the module table', () => {
  it.each(MODULE_KEYS)('%s: declared with its contract and registered at its path', (key) => {
    expect(MODULE_DECLARATIONS[key].declaration.contract).toBe(MODULE_CONTRACTS[key]);
    const registered = registeredResourcesOf(testApp.context).find(
      (candidate) => candidate.path === MODULE_CONTRACTS[key].path,
    );
    expect(registered, `${key} is registered at ${MODULE_CONTRACTS[key].path}`).toBeDefined();
    expect(registered?.resource).toBe(MODULE_TABLE[key].resource.key);
  });
});
