/**
 * The web client that `npm start` serves (issue 27): dist/client, built with Vite when it is
 * missing or older than its sources, and required to exist once that is done. A server that
 * cannot serve its client stops at start with the folder named, instead of answering 404 for
 * every page. `SKIP_CLIENT_BUILD=true` (API-only tests, `npm run dev`) serves the API alone.
 *
 * `npm start` calls this from scripts/start.mjs before the database work (issue 41: Vite's peak
 * then has the machine to itself), and the server again (it finds the client current).
 *
 * Vite runs in a child process: its bundler would otherwise stay in the server's heap for the
 * life of the process, under the start script's old-generation limit. Each build is written to
 * a staging folder and renamed into place, so an instance already serving dist/client never reads
 * a half-written one.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** A client that cannot be served, worded for the operator (printed without a stack). */
export class ClientBuildError extends Error {
  override name = 'ClientBuildError';
}

/** What the built client depends on: a newer file here means dist/client is stale. */
const CLIENT_SOURCES = [
  'src/client',
  'src/contracts',
  'machines',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

/**
 * Vite's bundler (rolldown) works in a pool of 1.5 threads per core by default, and its memory
 * grows with the pool: a machine with more cores would need more memory to make its first start.
 * One worker thread (issue 41; measured on 2 cores: peak 463 MB resident instead of 531, the build
 * a few seconds longer at most). The variables, when set, win.
 */
const BUILD_THREADS = { ROLLDOWN_WORKER_THREADS: '1', ROLLDOWN_MAX_BLOCKING_THREADS: '1' };

export interface PreparedClient {
  /** The folder to serve, or undefined for an API-only server. */
  clientDir: string | undefined;
  /** Whether this start had to build it. */
  built: boolean;
}

export async function prepareClient(root: string, skip: boolean): Promise<PreparedClient> {
  if (skip) return { clientDir: undefined, built: false };
  const clientDir = path.join(root, 'dist/client');
  const builtIndex = path.join(clientDir, 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const hasSources = existsSync(path.join(root, 'src/client'));
  const newestSource = hasSources
    ? Math.max(...CLIENT_SOURCES.map((source) => newestMtime(path.join(root, source))))
    : 0;
  let built = false;
  if (hasSources && builtAt < newestSource) {
    await buildClient(root, clientDir);
    built = true;
  }
  if (!existsSync(builtIndex))
    throw new ClientBuildError(
      `Falta la aplicación web: no existe ${builtIndex}. Ejecute 'npm install' y 'npm run build' ` +
        `en ${root} / The web client is missing: ${builtIndex} does not exist; run 'npm install' ` +
        `and 'npm run build' in ${root}.`,
    );
  return { clientDir, built };
}

async function buildClient(root: string, clientDir: string): Promise<void> {
  const viteCli = path.join(root, 'node_modules/vite/bin/vite.js');
  if (!existsSync(viteCli))
    throw new ClientBuildError(
      `La aplicación web en ${clientDir} falta o es anterior a sus fuentes, y Vite no está ` +
        `instalado: ejecute 'npm install' en ${root} / The web client in ${clientDir} is missing ` +
        `or stale and Vite is not installed: run 'npm install' in ${root}.`,
    );
  const staging = `${clientDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const output: Buffer[] = [];
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteCli, 'build', '--outDir', staging, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...BUILD_THREADS, ...process.env } },
    );
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (exitCode !== 0 || !existsSync(path.join(staging, 'index.html'))) {
    rmSync(staging, { recursive: true, force: true });
    throw new ClientBuildError(
      `No se pudo compilar la aplicación web en ${clientDir} (vite build terminó con ${exitCode}) / ` +
        `The web client could not be built into ${clientDir}:\n${Buffer.concat(output).toString('utf8').trim()}`,
    );
  }
  const previous = `${clientDir}.${process.pid}.old`;
  if (existsSync(clientDir)) renameSync(clientDir, previous);
  try {
    renameSync(staging, clientDir);
  } catch (error) {
    // Another instance renamed its build into place first: keep that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(clientDir)) throw error;
  }
  rmSync(previous, { recursive: true, force: true });
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
