/**
 * Issue 41 'Logs': requests are logged at debug (nothing per request at the default info level),
 * a request failing with a 500 is an error line and a warning is always shown; JSON lines for a
 * collector, one readable line per entry on a terminal (pino-pretty), LOG_FORMAT forcing either.
 * `npm start` on a terminal (util-linux `script` gives it one) writes readable lines by itself;
 * shutdown.test.ts checks its output with LOG_FORMAT=pretty and through a pipe (JSON).
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { startCommand } from '../../scripts/startCommand';
import { buildApp } from '../../src/server/app';
import { type LogSetup, logFormatOf } from '../../src/server/http/logging';
import type { RouteModule } from '../../src/server/routes';
import { freshTestDatabase, reachableTempDir } from './postgresAdmin';
import { createTestApp, type TestApp } from './support';
import { ADMIN_PASSWORD } from './testConfig';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
  testApp.context.config.exportWorker = false;
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

/** Routes of this test only: one that fails (a bug), one that warns. */
const testRoutes: RouteModule = async (app) => {
  app.get('/test/boom', async () => {
    throw new Error('a bug in a route');
  });
  app.get('/test/warn', async (request) => {
    request.log.warn({ what: 'disk' }, 'something the operator should see');
    return { ok: true };
  });
};

/** An app writing its log to memory; answers the app and its lines so far. */
async function loggingApp(setup: Omit<LogSetup, 'destination'>) {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const app: FastifyInstance = await buildApp(testApp.context, {
    logger: { ...setup, destination },
    rootRouteModules: [testRoutes],
  });
  await app.ready();
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '');
  return { app, lines };
}

async function exercise(app: FastifyInstance) {
  for (let index = 0; index < 5; index++)
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/api/no-such-route/' })).statusCode).toBe(404);
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      })
    ).statusCode,
  ).toBe(400);
  expect((await app.inject({ method: 'GET', url: '/test/warn' })).statusCode).toBe(200);
  const boom = await app.inject({ method: 'GET', url: '/test/boom' });
  expect(boom.statusCode).toBe(500);
}

describe('log format', () => {
  it('is readable on a terminal, JSON otherwise, and LOG_FORMAT forces either', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf(undefined, false)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
  });
});

describe('the log at info level', () => {
  it('has no line per request; a warning and a failed request (500) are there, as JSON', async () => {
    const { app, lines } = await loggingApp({ level: 'info', format: 'json' });
    try {
      await exercise(app);
      const entries = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
      const messages = entries.map((entry) => entry.msg);
      expect(messages).not.toContain('incoming request');
      expect(messages).not.toContain('request completed');
      expect(messages.some((message) => String(message).includes('not found'))).toBe(false);
      expect(messages).not.toContain('client error');
      const warning = entries.find((entry) => entry.msg === 'something the operator should see');
      expect(warning).toMatchObject({ level: 40, what: 'disk' });
      const failure = entries.find((entry) => entry.msg === 'unhandled error');
      expect(failure).toMatchObject({ level: 50, err: { message: 'a bug in a route' } });
      // Nothing else: the app's own start lines are not per request either.
      expect(entries.filter((entry) => (entry.level as number) < 40)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('in pretty format, one readable line per entry (time, level, message)', async () => {
    const { app, lines } = await loggingApp({ level: 'info', format: 'pretty' });
    try {
      await exercise(app);
      const output = lines();
      // One line per entry; an error's stack follows its line, indented.
      const entries = output.filter((line) => !/^\s/.test(line));
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatch(
        /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] WARN: something the operator should see .*"what":"disk"/,
      );
      expect(entries[1]).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] ERROR: unhandled error /);
      expect(output.slice(output.indexOf(entries[1]) + 1).join('\n')).toContain('Error: a bug in a route');
      for (const line of output) expect(line.startsWith('{')).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('the log at debug level', () => {
  it('shows every request, its status and its time', async () => {
    const { app, lines } = await loggingApp({ level: 'debug', format: 'json' });
    try {
      await exercise(app);
      const entries = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
      const completed = entries.filter((entry) => entry.msg === 'request completed');
      expect(completed).toHaveLength(9);
      expect(completed[0]).toMatchObject({ level: 20, res: { statusCode: 200 } });
      expect(typeof completed[0].responseTime).toBe('number');
      expect(entries.filter((entry) => entry.msg === 'incoming request')).toHaveLength(9);
      expect(entries.find((entry) => entry.msg === 'client error')).toMatchObject({ level: 20 });
    } finally {
      await app.close();
    }
  });
});

const SCRIPT = '/usr/bin/script';

describe.skipIf(!existsSync(SCRIPT))('npm start on a terminal', () => {
  it('writes readable lines without LOG_FORMAT, the start summary, and no line per request', async () => {
    const database = await freshTestDatabase(inject('seededTemplates').demo);
    const folder = reachableTempDir('observe-tty-');
    const port = await freePort();
    const command = startCommand();
    const quoted = [command.executable, ...command.args].map((part) => `'${part}'`).join(' ');
    // `script` runs the command on a pseudo-terminal: the server's stdout is a TTY.
    const child = spawn(SCRIPT, ['-qfec', quoted, '/dev/null'], {
      cwd: command.cwd,
      env: {
        ...process.env,
        DATA_DIR: path.join(folder, 'data'),
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        ADMIN_USERNAME: 'admin',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD,
        SKIP_CLIENT_BUILD: 'true',
        RECEIPT_READING: 'false',
        LOG_LEVEL: 'info',
        LOG_FORMAT: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const began = Date.now();
      while (!output.includes('Extranet lista en')) {
        if (child.exitCode !== null || Date.now() - began > 90_000)
          throw new Error(`npm start did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      for (let index = 0; index < 5; index++)
        expect((await fetch(`http://127.0.0.1:${port}/api/health/`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Colours and the terminal's line ends aside.
      const text = stripVTControlCharacters(output).replaceAll('\r', '');
      expect(text).toMatch(
        new RegExp(
          `^\\[\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\] INFO: Server listening at http://127\\.0\\.0\\.1:${port}$`,
          'm',
        ),
      );
      expect(text).toContain(`Extranet lista en http://127.0.0.1:${port}`);
      expect(text).not.toMatch(/^\{/m);
      expect(text).not.toMatch(/incoming request|request completed/);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
