/**
 * `npm start`: bundles the server (src/server/main.ts and the sources it imports; packages stay
 * imports from node_modules) and its heavy-work child process (readingWorker.mjs) with esbuild,
 * puts the xlsx worker script and the migrations beside it, and runs it in this process.
 *
 * Why not `tsx src/server/main.ts`: tsx compiles TypeScript through module hooks that run in a
 * thread of their own for the life of the process. The bundled server starts at about 155 MB
 * resident instead of 225 MB, and package.json's start script spends that room on V8's heap:
 * - `--max-semi-space-size=16` (V8's default, said explicitly): under load a list answer's garbage
 *   dies young instead of being copied and promoted. Issues 11 and 15 measured 830-1,450 ms of
 *   scavenges per 20,000 voucher pages with 16 MB and 210-430 ms with 32, and ran 32; since the
 *   later passes (one statement per page, the heap growth flag below) 16 holds the lists' budgets
 *   at a million vouchers (first page 1,120 -> 1,314 req/s from 4 to 50 connections, p99 61 ms)
 *   and keeps the server 25 MB smaller, which issue 39's 500 MB under the upload flood needs.
 * - `--max-old-space-size=192`: without a limit (a quarter of the machine's memory) V8 let promoted
 *   garbage pile up to 160 MB during a million-voucher export before collecting it (peak RSS
 *   370-390 MB, budget 300); with 192 MB the export peaks at 240-250 MB. 200 mixed clients use at
 *   most 114 MB of heap (278 MB resident).
 * - `--heap-growing-percent=200`: a limit under 2 GB also makes V8 grow the old generation by only
 *   1.3 times what a full collection left live (about 45 MB here), so under list load it ran a
 *   mark-compact every 0.4 s (22 in 20,000 voucher pages), each pausing every request in flight:
 *   the list's p99 at 50 connections was 46-57 ms. Growing by 3 times, none ran in the same 20,000
 *   pages and p99 was 28-34 ms; the limit still caps the export.
 *
 * Bundling takes well under a second, so it runs on every start and never serves stale code. Each
 * build goes to dist/server/<hash of its files>/, written under a temporary name and renamed into
 * place: several instances started from one checkout (issue 11) never read a half-written file,
 * and an instance keeps its own build while a newer one starts. The tests and `npm run dev` run the
 * sources with tsx.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { build, stop as stopEsbuild } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The port first (issue 41): a taken port stops the start in a second, in one sentence, before
// any bundling, first-start preparation or client build. The server's own listen still decides.
const wantedPort = Number(process.env.PORT || 3000);
const wantedHost = process.env.HOST || '127.0.0.1';
if (Number.isInteger(wantedPort) && wantedPort > 0 && wantedPort < 65536) {
  const problem = await new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code));
    probe.listen(wantedPort, wantedHost, () => probe.close(() => resolve(null)));
  });
  if (problem === 'EADDRINUSE' || problem === 'EACCES') {
    console.error(
      problem === 'EADDRINUSE'
        ? `El puerto ${wantedPort} de ${wantedHost} ya está en uso (PORT): detenga el programa que lo usa o elija otro PORT.`
        : `No hay permiso para escuchar en el puerto ${wantedPort} de ${wantedHost} (PORT): use uno mayor que 1024.`,
    );
    process.exit(1);
  }
}
const buildsDir = path.join(root, 'dist/server');
const KEPT_BUILDS = 5;

const bundled = await build({
  // The server, the first start's database preparation (src/server/prepareData.ts, issue 33) and
  // the heavy-work child process (issue 39), each as <out>.mjs in the build's directory.
  entryPoints: [
    { in: path.join(root, 'src/server/main.ts'), out: 'main' },
    { in: path.join(root, 'src/server/prepareData.ts'), out: 'prepareData' },
    { in: path.join(root, 'src/server/services/receiptReading/readingWorker.ts'), out: 'readingWorker' },
    // The web client's build step (issue 41), run below before the database work.
    { in: path.join(root, 'src/server/clientBuild.ts'), out: 'clientBuild' },
  ],
  // At a build directory's depth, so the source map's paths lead back to src/.
  outdir: path.join(buildsDir, 'build'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});
// esbuild answers from a service process that otherwise stays beside the server for its whole
// life: 53 MB resident for nothing once the bundle is written (issue 33).
await stopEsbuild();

/** The build's files by their path inside its directory. */
const files = new Map(bundled.outputFiles.map((file) => [path.basename(file.path), file.contents]));
// What the server finds next to its own file (`new URL(..., import.meta.url)`): the migrations.
const migrations = path.join(root, 'src/server/db/migrations');
for (const entry of readdirSync(migrations, { recursive: true, withFileTypes: true }))
  if (entry.isFile()) {
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.join('migrations', path.relative(migrations, absolute)), readFileSync(absolute));
  }

const hash = createHash('sha256');
for (const [name, contents] of [...files].sort(([a], [b]) => a.localeCompare(b)))
  hash.update(name).update(contents);
const buildDir = path.join(buildsDir, hash.digest('hex').slice(0, 16));

if (!existsSync(buildDir)) {
  const staging = `${buildDir}.${process.pid}.tmp`;
  for (const [name, contents] of files) {
    mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
    writeFileSync(path.join(staging, name), contents);
  }
  try {
    renameSync(staging, buildDir);
  } catch (error) {
    // Another instance renamed the same build into place first.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(buildDir)) throw error;
  }
} else {
  const now = new Date();
  utimesSync(buildDir, now, now);
}

// Older builds go, but the newest few stay for instances still running them.
const builds = readdirSync(buildsDir)
  .filter((name) => /^[0-9a-f]{16}$/.test(name) && path.join(buildsDir, name) !== buildDir)
  .map((name) => ({ name, at: statSync(path.join(buildsDir, name)).mtimeMs }))
  .sort((a, b) => b.at - a.at);
for (const old of builds.slice(KEPT_BUILDS - 1))
  rmSync(path.join(buildsDir, old.name), { recursive: true, force: true });

// The start script's heap flags sized this thread's heap. Worker threads (the xlsx writer, OCR)
// size theirs themselves: V8 reads the flags whenever an isolate is created, and they would
// override the workers' resourceLimits (the xlsx writer, capped at 8 MB young and 32 MB old,
// thrashed under a 32 MB semi-space: a million-voucher export took 58 s instead of 23). Zero is
// V8's 'not set'.
v8.setFlagsFromString('--max-semi-space-size=0');
v8.setFlagsFromString('--max-old-space-size=0');

// The web client, when dist/client is missing or stale (a fresh clone, a pull), is built here
// (issue 41): Vite's child process (about 450 MB at its peak) runs alone, before the first start's
// preparation child and before the server starts PostgreSQL, migrates and seeds. Built alongside
// them, as the server did, a fresh clone's first start peaked at 1.27 GB for the whole tree. The
// server's own prepareClient then finds the client current.
if (process.env.SKIP_CLIENT_BUILD !== 'true') {
  const { ClientBuildError, prepareClient } = await import(
    pathToFileURL(path.join(buildDir, 'clientBuild.mjs')).href
  );
  try {
    await prepareClient(root, false);
  } catch (error) {
    if (!(error instanceof ClientBuildError) || process.env.DEBUG) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// A data directory without its embedded PostgreSQL cluster (a first start, or one written by the
// previous version with PGlite in pgdata) is prepared by a process of its own that then exits
// (src/server/prepareData.ts, issues 33 and 44): the heap that creating, seeding or copying grew
// is not the server's for its whole life. This process's old-space limit, but neither its large
// young generation nor its lazy heap growth, which serve request throughput.
const embeddedDataDir = process.env.DATABASE_URL ? null : path.resolve(process.env.DATA_DIR ?? './data');
const needsPreparation = (dataDir) =>
  !existsSync(path.join(dataDir, 'pg', 'PG_VERSION')) ||
  existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
if (embeddedDataDir && needsPreparation(embeddedDataDir)) {
  const prepared = spawnSync(
    process.execPath,
    [
      ...process.execArgv.filter((flag) => !/^--(max-semi-space-size|heap-growing-percent)=/.test(flag)),
      '--max-semi-space-size=4',
      '--enable-source-maps',
      path.join(buildDir, 'prepareData.mjs'),
    ],
    { stdio: 'inherit' },
  );
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
}

// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(buildDir, 'main.mjs')).href);
