/**
 * `npm test`: every suite, in order, with one closing line for CI.
 * 0. Biome and tsc (a check that fails counts as one failed test);
 * 1. machines, contracts and client units (vitest project 'unit');
 * 2. the API against PostgreSQL (vitest project 'server'): an embedded PostgreSQL the suite starts
 *    from the product's own binaries, or the server TEST_DATABASE_URL names;
 * 3. Playwright in Chromium against the started product.
 * The closing line counts a flaky Playwright test (passed only on a retry) as failed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

interface Suite {
  name: string;
  command: string[];
  env?: Record<string, string>;
  report: string;
}

const suites: Suite[] = [
  { name: 'lint (Biome)', command: ['npx', 'biome', 'check', '.'], report: '' },
  { name: 'typecheck (tsc)', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'], report: '' },
  { name: 'unit', command: ['npx', 'vitest', 'run', '--project', 'unit'], report: '.test-report-unit.json' },
  {
    name: 'server (PostgreSQL)',
    command: ['npx', 'vitest', 'run', '--project', 'server'],
    // An external server when TEST_DATABASE_URL names one; else the suite starts an embedded one.
    env: process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
    report: '.test-report-server.json',
  },
  { name: 'e2e (Chromium)', command: ['npx', 'playwright', 'test'], report: '.test-report-e2e.json' },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
for (const suite of suites) {
  process.stdout.write(`\n=== ${suite.name} ===\n`);
  const isPlaywright = suite.command.includes('playwright');
  if (!suite.report) {
    const result = spawnSync(suite.command[0], suite.command.slice(1), { stdio: 'inherit' });
    if (result.status === 0) passed += 1;
    else {
      failed += 1;
      failures.push(suite.name);
    }
    continue;
  }
  rmSync(suite.report, { force: true });
  const args = isPlaywright
    ? [...suite.command.slice(1), '--reporter=list,json']
    : [
        ...suite.command.slice(1),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${suite.report}`,
      ];
  const result = spawnSync(suite.command[0], args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...suite.env,
      ...(isPlaywright ? { PLAYWRIGHT_JSON_OUTPUT_NAME: suite.report } : {}),
    },
  });
  const counts = readCounts(suite.report, isPlaywright);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  if (result.status !== 0 || counts.failed > 0) failures.push(suite.name);
  if (result.status !== 0 && counts.failed === 0) failed += 1;
}

process.stdout.write(`\nSuites failed: ${failures.length ? failures.join(', ') : 'none'}\n`);
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);

function readCounts(file: string, playwright: boolean): { passed: number; failed: number; skipped: number } {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (playwright) {
      const stats = report.stats ?? {};
      // A flaky test (failed, then passed on a retry) counts as failed: it is not known to work.
      return {
        passed: stats.expected ?? 0,
        failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
        skipped: stats.skipped ?? 0,
      };
    }
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
