/** Issue 18: 'Grabar sesión' only where QA_RECORDING enables it: on for the demo, off in production. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'qa-recording-'));

describe('QA_RECORDING', () => {
  it.each([
    [{}, true],
    [{ NODE_ENV: 'production' }, false],
    [{ SEED_DEMO: 'false' }, false],
    [{ NODE_ENV: 'production', QA_RECORDING: 'true' }, true],
    [{ QA_RECORDING: 'false' }, false],
  ])('%o -> %s', (environment, expected) => {
    expect(loadConfig({ DATA_DIR, JWT_SECRET: 'x'.repeat(40), ...environment }).qaRecording).toBe(expected);
  });
});
