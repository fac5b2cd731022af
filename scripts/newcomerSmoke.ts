/**
 * The newcomer smoke (issue 27), run by .ci/run before the suite: what a person does with the
 * README on a fresh machine, timed.
 * 1. A clean clone of this checkout's HEAD and `npm install` in it.
 * 2. `npm start` on a free port with the clone's own ./data (fresh), until it prints its address.
 * 3. GET /login and /refund answer 200 text/html, and every script and stylesheet they name 200.
 * 4. A demo staff login in Chromium reaches /dashboard, with no page error.
 * 5. Stopped (the embedded PostgreSQL stops with it: no postmaster.pid left), then `npm start`
 *    again on the same data directory: ready in under 10 s.
 * Exits non-zero on the first failure; prints the timings either way.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { removeCluster } from '../src/server/db/embeddedPostgres';
import { freePort } from './freePort';

const SECOND_START_BUDGET_MS = 10_000;
const DEMO_LOGIN = { username: 'soporte', password: 'Demo-Extranet-2026' };

const timings: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function step(text: string) {
  process.stdout.write(`--- newcomer smoke: ${text}\n`);
}

/** The environment of a person who has just cloned: nothing of this repository's test settings. */
function newcomerEnvironment(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' };
  for (const name of ['SKIP_CLIENT_BUILD', 'DATABASE_URL', 'DATA_DIR', 'HOST', 'PUBLIC_URL', 'JWT_SECRET'])
    delete env[name];
  for (const name of Object.keys(env))
    if (name.startsWith('npm_') || name.startsWith('E2E_')) delete env[name];
  return env;
}

interface StartedServer {
  child: ChildProcess;
  readyInMs: number;
  output: () => string;
}

/** `npm start` in `cwd`, resolved when it prints its address. */
function npmStart(cwd: string, port: number): Promise<StartedServer> {
  const began = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    env: newcomerEnvironment(port),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start printed no address in 300 s:\n${output}`)),
      300_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Extranet lista en')) {
        clearTimeout(timer);
        resolve({ child, readyInMs: performance.now() - began, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
}

async function stopServer(server: StartedServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.pid === undefined) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(-server.child.pid, 'SIGINT');
  const killer = setTimeout(() => server.child.pid && process.kill(-server.child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

function check(condition: boolean, problem: string): asserts condition {
  if (!condition) throw new Error(problem);
}

/** A page answers 200 text/html and every script and stylesheet it names answers 200. */
async function checkPage(base: string, pathname: string): Promise<number> {
  const response = await fetch(`${base}${pathname}`);
  const type = response.headers.get('content-type') ?? '';
  check(response.status === 200, `GET ${pathname} answered ${response.status}`);
  check(type.startsWith('text/html'), `GET ${pathname} answered ${type}, not text/html`);
  const html = await response.text();
  const assets = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*\srel="(?:stylesheet|modulepreload)"[^>]*\shref="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*\shref="([^"]+)"[^>]*\srel="(?:stylesheet|modulepreload)"/g),
  ].map((match) => match[1]);
  check(
    assets.some((asset) => asset.endsWith('.js')),
    `GET ${pathname} names no script`,
  );
  for (const asset of new Set(assets)) {
    const loaded = await fetch(new URL(asset, `${base}${pathname}`));
    check(loaded.status === 200, `${asset} (named by ${pathname}) answered ${loaded.status}`);
  }
  return assets.length;
}

async function signInThroughTheBrowser(base: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${base}/login`);
    await page.getByLabel('Email o usuario').fill(DEMO_LOGIN.username);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 });
    // The staff shell's menu and the dashboard's module cards: the app loaded, not only a URL.
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Inicio' }).getByRole('link').first().waitFor({ timeout: 30_000 });
    check(pageErrors.length === 0, `page errors: ${pageErrors.join('; ')}`);
  } finally {
    await browser.close();
  }
}

async function main() {
  const repository = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const workspace = mkdtempSync(path.join(tmpdir(), 'extranet-newcomer-'));
  const clone = path.join(workspace, 'extranet');
  let server: StartedServer | undefined;
  try {
    step(`git clone ${repository} (HEAD) into ${clone}`);
    execFileSync('git', ['clone', '--quiet', repository, clone], { stdio: 'inherit' });

    step('npm install');
    let began = performance.now();
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: clone,
      stdio: 'inherit',
      env: newcomerEnvironment(0),
    });
    timings.push(`install ${seconds(performance.now() - began)}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    step(`npm start on ${base} with a fresh ./data`);
    check(!existsSync(path.join(clone, 'data')), 'the clone already has a data directory');
    server = await npmStart(clone, port);
    timings.push(`first start ${seconds(server.readyInMs)}`);
    process.stdout.write(server.output());

    for (const pathname of ['/login', '/refund']) {
      const assets = await checkPage(base, pathname);
      step(`GET ${pathname}: 200 text/html, ${assets} scripts and styles loaded`);
    }
    began = performance.now();
    await signInThroughTheBrowser(base);
    step(
      `'${DEMO_LOGIN.username}' signed in through Chromium and reached /dashboard (${seconds(performance.now() - began)})`,
    );

    await stopServer(server);
    const postmasterPid = path.join(clone, 'data', 'pg', 'postmaster.pid');
    check(!existsSync(postmasterPid), `PostgreSQL kept running after the server stopped (${postmasterPid})`);
    step('the embedded PostgreSQL stopped with the server');
    step('second npm start on the same data directory');
    server = await npmStart(clone, port);
    timings.push(`second start ${seconds(server.readyInMs)}`);
    check(
      server.readyInMs < SECOND_START_BUDGET_MS,
      `the second start took ${seconds(server.readyInMs)} (budget ${seconds(SECOND_START_BUDGET_MS)})`,
    );
    await checkPage(base, '/login');
    await stopServer(server);
    server = undefined;
    step(`passed (${timings.join(', ')})`);
  } finally {
    if (server) await stopServer(server);
    // As root the cluster may live under /var/lib/extranet-pg, linked from data/pg.
    removeCluster(path.join(clone, 'data'));
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  step(
    `FAILED (${timings.join(', ') || 'no timing'}): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
