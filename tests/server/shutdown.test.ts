/**
 * Issue 41 'Graceful shutdown': `npm start` (package.json's start script) takes writes under load
 * (parallel creates of a tag), gets SIGTERM mid-way, and is started again on the same data
 * directory and database. Every create the client got a 2xx for is in the database; the requests
 * in flight at the SIGTERM (their headers read, their bodies still arriving) complete with a 2xx;
 * later requests are refused (connection refused, or a Spanish 503), never half-done; the process
 * ends by itself with code 0. The two starts also show the log an operator reads (issue 41
 * 'Logs'): the start summary, no line per request, pretty lines with LOG_FORMAT=pretty and JSON
 * lines when the output is not a terminal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { startCommand } from '../../scripts/startCommand';
import { messages } from '../../src/contracts/messages';
import { freshTestDatabase, reachableTempDir } from './postgresAdmin';
import { ADMIN_PASSWORD } from './testConfig';

const CREATES = 200;
const PARALLEL = 8;
/** Acknowledged creates after which SIGTERM is sent. */
const SIGTERM_AFTER = 60;

let database: { url: string; drop(): Promise<void> };
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await freshTestDatabase(inject('seededTemplates').demo);
  dataDir = path.join(reachableTempDir('observe-shutdown-'), 'data');
}, 60_000);
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.drop();
  if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; at: number }>;
}

async function start(extra: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const command = startCommand();
  const child = spawn(command.executable, command.args, {
    cwd: command.cwd,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
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
      SHUTDOWN_SECONDS: '10',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() - began > 90_000) throw new Error(`npm start did not get ready:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { child, port, output: () => output, exited };
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return `Bearer ${((await response.json()) as { access: string }).access}`;
}

/**
 * A create whose headers and first half of body are sent now; `finish` sends the rest and
 * answers the status and body.
 */
function slowCreate(port: number, authorization: string, name: string) {
  const body = Buffer.from(JSON.stringify({ short_name: name, long_name: 'En vuelo al apagar' }));
  const half = Math.floor(body.length / 2);
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tags/',
        headers: { authorization, 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += String(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.write(body.subarray(0, half));
    finishers.set(name, () => request.end(body.subarray(half)));
  });
  return answered;
}
const finishers = new Map<string, () => void>();

describe('SIGTERM under load', () => {
  it('loses no acknowledged write, completes the requests in flight, and restarts on the same data', async () => {
    const first = await start({ LOG_FORMAT: 'pretty' });
    const authorization = await signIn(first.port);
    const url = `http://127.0.0.1:${first.port}/api/tags/`;

    const acknowledged: string[] = [];
    const refused: string[] = [];
    const otherAnswers: { status: number; text: string }[] = [];
    let next = 0;
    let signalled = false;
    let sendSignal: () => void = () => {};
    const signalSent = new Promise<void>((resolve) => {
      sendSignal = resolve;
    });
    const slow: Promise<{ status: number; body: string }>[] = [];
    const worker = async () => {
      while (next < CREATES) {
        const name = `APAG${String(next++).padStart(3, '0')}`;
        let answer: { status: number; text: string } | null = null;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ short_name: name, long_name: 'Apagado bajo carga' }),
          });
          answer = { status: response.status, text: await response.text() };
        } catch {
          // Connection refused or closed: the client was told nothing was written.
        }
        if (answer && answer.status >= 200 && answer.status < 300) acknowledged.push(name);
        else {
          refused.push(name);
          // Only the stopping server's refusal, never an error of the write itself.
          if (answer) otherAnswers.push(answer);
        }
        if (!signalled && acknowledged.length >= SIGTERM_AFTER) {
          signalled = true;
          // Three requests in flight: headers read, half of their body sent.
          for (const index of [0, 1, 2]) slow.push(slowCreate(first.port, authorization, `VUELO${index}`));
          await new Promise((resolve) => setTimeout(resolve, 300));
          first.child.kill('SIGTERM');
          sendSignal();
        }
      }
    };
    const load = Promise.all(Array.from({ length: PARALLEL }, worker));
    await Promise.race([
      signalSent,
      load.then(() => {
        throw new Error(
          `the load ended before ${SIGTERM_AFTER} creates were acknowledged:\n${first.output()}`,
        );
      }),
    ]);
    const signalledAt = performance.now();
    // The rest of their bodies arrives after the SIGTERM.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const finish of finishers.values()) finish();
    const inFlight = await Promise.all(slow);
    await load;
    const exit = await first.exited;

    for (const answer of inFlight) expect(answer.status, answer.body).toBe(201);
    for (const answer of otherAnswers)
      expect(answer).toEqual({
        status: 503,
        text: JSON.stringify({ detail: messages.operations.shuttingDown }),
      });
    expect(exit.code).toBe(0);
    expect((exit.at - signalledAt) / 1000).toBeLessThan(10);
    expect(acknowledged.length).toBeGreaterThanOrEqual(SIGTERM_AFTER);
    expect(acknowledged.length + refused.length).toBe(CREATES);

    // The first start's log: its summary, readable lines (LOG_FORMAT=pretty), no line per request.
    const firstLog = first.output();
    expect(firstLog).toContain(`Extranet lista en http://127.0.0.1:${first.port}`);
    expect(firstLog).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: stopping: waiting for the requests in flight/m,
    );
    expect(firstLog).not.toMatch(/incoming request|request completed/);

    // Started again on the same data directory and database: every acknowledged create is there.
    const second = await start({});
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const stored = await client.query<{ name: string }>(
        "select short_name as name from tags where short_name like 'APAG%' or short_name like 'VUELO%'",
      );
      await client.end();
      const names = new Set(stored.rows.map((row) => row.name));
      for (const name of [...acknowledged, 'VUELO0', 'VUELO1', 'VUELO2']) expect(names).toContain(name);
      // Not a stored write the client was not told of either: every stored one was acknowledged.
      expect(names.size).toBe(acknowledged.length + 3);
      const secondAuthorization = await signIn(second.port);
      const listed = await fetch(`http://127.0.0.1:${second.port}/api/tags/?short_name=APAG&limit=1`, {
        headers: { authorization: secondAuthorization },
      });
      expect(listed.status).toBe(200);
      // Output to a pipe: JSON lines, and the same summary.
      const secondLog = second.output();
      expect(secondLog).toContain(`Extranet lista en http://127.0.0.1:${second.port}`);
      const logLines = secondLog.split('\n').filter((line) => line.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) expect(JSON.parse(line)).toHaveProperty('level');
      expect(secondLog).not.toMatch(/incoming request|request completed/);
    } finally {
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    }
  }, 240_000);
});
