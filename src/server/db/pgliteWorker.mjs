// PGlite in a worker thread (issue 11): the embedded database runs its queries here, so a slow
// query never blocks the HTTP event loop. Plain JavaScript so that it loads as a worker under
// tsx, vitest and plain Node alike; the typed driver is ./pgliteProxy.ts.
//
// Messages from the main thread: {id, op, ...}; answers: {id, ok, result} or {id, ok: false, error}.
//   init   {dataDir, settings, templatePath}   open PGlite (pg_trgm loaded) with `settings`
//                                          (postgresql.conf lines); a new data directory starts
//                                          from the template cluster (./pgliteSettings.ts)
//   query  {sql, params, rowMode, identity, tx?}   one statement (in transaction `tx` when given)
//   exec   {sql, tx?}                      a script of statements
//   begin  {}                              opens a transaction; answers once it holds PGlite
//   end    {tx, commit}                    commits or rolls back transaction `tx`
//   dump   {path}                          writes the cluster as an uncompressed archive to `path`
//                                          (the server tests' seeded template)
//   listen {channel}                       LISTEN: each NOTIFY on `channel` is posted as
//                                          {notification: {channel, payload}}
//   close  {}
// PGlite serializes statements and transactions itself: a statement sent outside an open
// transaction waits for it, as it would in process.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { extract } from 'tar';

/** @type {PGlite | undefined} */
let db;
/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, finish: (commit: boolean) => void, done: Promise<unknown> }>} */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');
/** Channels this worker LISTENs on. */
const listening = new Set();

/** @param {unknown} error */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const copy = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) copy[key] = value;
  }
  return copy;
}

/** @param {number} tx */
function target(tx) {
  if (tx === undefined || tx === null) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

const identity = (/** @type {unknown} */ value) => value;

/**
 * PGlite in `dataDir` (absent: in memory) with `settings`. A data directory without a cluster
 * starts from the template instead of running initdb (a nested second instance); a template this
 * PGlite cannot open is left for initdb, after clearing what it wrote. Answers the database and how
 * it was opened: 'existing', 'template' or 'initdb'.
 *
 * On disk the template is unpacked here, by `tar`, into a staging folder renamed into place (a
 * crash never leaves half a cluster), and PGlite then opens it as an existing cluster. Handing the
 * archive to PGlite (`loadDataDir`) unpacks it inside its WebAssembly heap, which never shrinks:
 * the first start peaked at 540 MB resident that way, 391 MB this way (bench/memory.bench.ts).
 * @param {{ dataDir?: string, settings: string[], templatePath: string }} options
 */
async function openEmbedded({ dataDir, settings, templatePath }) {
  const target = dataDir ?? 'memory://';
  const options = { extensions: { pg_trgm }, postgresqlconf: settings };
  const onDisk = dataDir !== undefined && !dataDir.startsWith('memory://');
  const isNew = !onDisk || !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!isNew) return { db: await PGlite.create(target, options), openedFrom: 'existing' };
  if (existsSync(templatePath)) {
    try {
      if (!onDisk) {
        const loadDataDir = new Blob([readFileSync(templatePath)]);
        return { db: await PGlite.create(target, { ...options, loadDataDir }), openedFrom: 'template' };
      }
      await unpackTemplate(templatePath, dataDir);
      return { db: await PGlite.create(target, options), openedFrom: 'template' };
    } catch (error) {
      process.emitWarning(`PGlite could not open the template ${templatePath}; running initdb (${error})`);
      if (onDisk) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { db: await PGlite.create(target, options), openedFrom: 'initdb' };
}

/**
 * The template cluster unpacked into `dataDir` (which holds no cluster: an empty or missing folder).
 * @param {string} templatePath
 * @param {string} dataDir
 */
async function unpackTemplate(templatePath, dataDir) {
  const staging = `${dataDir}.${process.pid}.template`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // The archive's paths are absolute ('/base/1/…', as PGlite writes them); tar strips the '/'.
  try {
    await extract({ file: templatePath, cwd: staging });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
}

/** @param {any} message */
async function handle(message) {
  switch (message.op) {
    case 'init': {
      const opened = await openEmbedded(message);
      db = opened.db;
      return opened.openedFrom;
    }
    case 'query': {
      const parsers = Object.fromEntries((message.identity ?? []).map((oid) => [oid, identity]));
      const result = await target(message.tx).query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await target(message.tx).exec(message.sql);
      return results.map((result) => ({
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      }));
    }
    case 'begin': {
      /** @type {{ tx: any, finish: (commit: boolean) => void, done: Promise<unknown> }} */
      const entry = { tx: undefined, finish: () => {}, done: Promise.resolve() };
      const decided = new Promise((settle) => {
        entry.finish = settle;
      });
      /** @type {() => void} */
      let opened = () => {};
      const ready = new Promise((settle) => {
        opened = () => settle(undefined);
      });
      entry.done = db
        .transaction(async (tx) => {
          entry.tx = tx;
          transactions.set(message.id, entry);
          opened();
          if (!(await decided)) throw ROLLBACK;
        })
        .catch((error) => {
          if (error !== ROLLBACK) throw error;
        });
      // A failed BEGIN rejects `done` before the transaction opens.
      await Promise.race([ready, entry.done]);
      return message.id;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transaction ${message.tx} is not open`);
      open.finish(Boolean(message.commit));
      try {
        await open.done;
      } finally {
        transactions.delete(message.tx);
      }
      return null;
    }
    case 'dump': {
      const archive = await db.dumpDataDir('none');
      writeFileSync(String(message.path), Buffer.from(await archive.arrayBuffer()));
      return null;
    }
    case 'listen': {
      const channel = String(message.channel);
      if (!listening.has(channel)) {
        listening.add(channel);
        await db.listen(channel, (payload) =>
          parentPort?.postMessage({ notification: { channel, payload } }),
        );
      }
      return null;
    }
    case 'close':
      await db?.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort?.on('message', (message) => {
  handle(message).then(
    (result) => parentPort?.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort?.postMessage({ id: message.id, ok: false, error: plainError(error) }),
  );
});
