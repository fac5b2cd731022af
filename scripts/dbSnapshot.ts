/**
 * `npm run db:snapshot` (issue 41): makes the newest migration's drizzle snapshot
 * (src/server/db/migrations/meta/<NNNN>_snapshot.json) describe the current schema
 * (src/server/db/schema), so `npm run db:generate` on a clean tree writes nothing.
 *
 * A migration written by hand (SQL and a journal entry, no snapshot) leaves drizzle-kit comparing
 * the schema with an older snapshot: its next `generate` repeats every statement written since.
 * This script runs `drizzle-kit generate` into a temporary copy of the migrations folder; when it
 * writes a migration there, that migration's snapshot becomes the newest journal entry's snapshot
 * here (chained to the newest snapshot that exists), and the SQL drizzle-kit wrote is thrown away.
 * The statements are printed: they must be exactly what the hand-written migrations since the
 * previous snapshot did. tests/server/migrationSnapshots.test.ts checks that against a migrated
 * database.
 *
 * Snapshots from branches merged together (two made from the same parent) are chained first.
 *
 * Run: npm run db:snapshot            (writes the snapshot)
 *      npm run db:snapshot -- --check (writes nothing; exits 1 when a snapshot is due)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = path.join(root, 'src/server/db/migrations');
const SCHEMA = path.join(root, 'src/server/db/schema/index.ts');
const DRIZZLE_KIT = path.join(root, 'node_modules/drizzle-kit/bin.cjs');

interface Journal {
  entries: { idx: number; tag: string }[];
}

interface Snapshot {
  id: string;
  prevId: string;
  [key: string]: unknown;
}

export interface GenerateResult {
  /** The SQL drizzle-kit wrote (empty when the schema and the newest snapshot agree). */
  sql: string;
  /** The snapshot it wrote beside that SQL, or null. */
  snapshot: Snapshot | null;
  /** drizzle-kit's own output (for a failure message). */
  output: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * `drizzle-kit generate` on a temporary copy of `migrationsDir` (drizzle-kit only accepts an `out`
 * relative to its working directory): what it wrote, and nothing changed here.
 */
export function generateIntoCopy(migrationsDir = MIGRATIONS_DIR): GenerateResult {
  const work = mkdtempSync(path.join(tmpdir(), 'extranet-db-snapshot-'));
  try {
    cpSync(migrationsDir, path.join(work, 'migrations'), { recursive: true });
    chainSnapshots(path.join(work, 'migrations'));
    const before = new Set(readdirSync(path.join(work, 'migrations')));
    writeFileSync(
      path.join(work, 'drizzle.config.json'),
      JSON.stringify({ dialect: 'postgresql', schema: SCHEMA, out: './migrations' }),
    );
    // stdin closed: a question (a table renamed or dropped?) fails instead of waiting for an answer.
    const run = spawnSync(process.execPath, [DRIZZLE_KIT, 'generate', '--config', 'drizzle.config.json'], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    if (run.status !== 0)
      throw new Error(`drizzle-kit generate terminó con ${run.status ?? run.signal}:\n${output}`);
    const written = readdirSync(path.join(work, 'migrations')).filter(
      (name) => !before.has(name) && name.endsWith('.sql'),
    );
    if (written.length === 0) return { sql: '', snapshot: null, output };
    const [file] = written;
    const prefix = file.slice(0, file.indexOf('_'));
    return {
      sql: readFileSync(path.join(work, 'migrations', file), 'utf8'),
      snapshot: readJson<Snapshot>(path.join(work, 'migrations/meta', `${prefix}_snapshot.json`)),
      output,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Branches merged together can each carry a snapshot made from the same parent (say 0025's):
 * drizzle-kit then refuses the folder as a collision. A snapshot whose parent an earlier one
 * already claimed is chained to the snapshot just before it (in file order); answers the files it
 * changed. Only prevId changes; what each snapshot describes stays as written.
 */
export function chainSnapshots(migrationsDir = MIGRATIONS_DIR): string[] {
  const meta = path.join(migrationsDir, 'meta');
  const files = readdirSync(meta)
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name))
    .sort();
  const changed: string[] = [];
  let previous: Snapshot | null = null;
  const parents = new Set<string>();
  for (const name of files) {
    const file = path.join(meta, name);
    const snapshot = readJson<Snapshot>(file);
    if (previous && parents.has(snapshot.prevId)) {
      snapshot.prevId = previous.id;
      writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
      changed.push(file);
    }
    parents.add(snapshot.prevId);
    previous = snapshot;
  }
  return changed;
}

/** The newest journal entry's snapshot file. */
export function newestSnapshotFile(migrationsDir = MIGRATIONS_DIR): string {
  const journal = readJson<Journal>(path.join(migrationsDir, 'meta/_journal.json'));
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('The migration journal has no entries.');
  const prefix = newest.tag.slice(0, newest.tag.indexOf('_'));
  return path.join(migrationsDir, 'meta', `${prefix}_snapshot.json`);
}

function main() {
  const check = process.argv.includes('--check');
  if (!check)
    for (const file of chainSnapshots())
      process.stdout.write(`Chained ${path.relative(root, file)} to the snapshot before it.\n`);
  const result = generateIntoCopy();
  if (!result.snapshot) {
    process.stdout.write('The newest snapshot already matches src/server/db/schema: nothing to write.\n');
    return;
  }
  const target = newestSnapshotFile();
  process.stdout.write(
    `src/server/db/schema differs from the newest snapshot by these statements; they must be what ` +
      `the migrations since that snapshot did:\n\n${result.sql}\n\n`,
  );
  if (check) {
    process.stdout.write(
      `A snapshot is due: run npm run db:snapshot (it writes ${path.relative(root, target)}).\n`,
    );
    process.exitCode = 1;
    return;
  }
  // drizzle-kit chained the new snapshot to the newest one that exists (prevId); a snapshot already
  // at the target's name (a stale one) is replaced, keeping that chain.
  if (existsSync(target)) {
    const stale = readJson<Snapshot>(target);
    result.snapshot.prevId = stale.prevId;
  }
  writeFileSync(target, `${JSON.stringify(result.snapshot, null, 2)}\n`);
  process.stdout.write(`Wrote ${path.relative(root, target)}.\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
