// The xlsx writer of the export engine (issue 12) in a worker thread: exceljs' streaming
// WorkbookWriter turns rows into sheet XML and archiver zips it here, so that CPU work never
// blocks the HTTP event loop, and the worker's heap is capped (resourceLimits in ./exports.ts),
// so a million rows cannot grow the server's memory. Plain JavaScript so that it loads as a
// worker under tsx, vitest and plain Node alike (as ../db/pgliteWorker.mjs).
//
// Messages from the main thread:
//   {type: 'start', sheetName, columns: [{header, width, numFmt?}], partBytes}
//   {type: 'rows', rows: Cell[][]}   answered {type: 'ack'} once the zip has caught up
//   {type: 'end'}                    answered {type: 'done'} after the last bytes
// Answers: {type: 'part', chunk} (partBytes of zipped bytes, transferred), {type: 'error', message}.
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
// Only exceljs' streaming writer: the whole package (reader, CSV, document model) costs the
// worker about 10 MB more resident memory for nothing it uses.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';

/** Rows written between two yields. */
const SLICE_ROWS = 250;
/** Sheet XML allowed to wait for the zip's deflate before the writer pauses. */
const MAX_PENDING_XML = 1024 * 1024;

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** The zipped bytes, sent to the main thread as whole parts of `partBytes` (one transfer each). */
let partBytes = 1024 * 1024;
/** @type {Buffer[]} */
let chunks = [];
let buffered = 0;
function sendPart() {
  if (!buffered) return;
  const part = new Uint8Array(buffered);
  let offset = 0;
  for (const chunk of chunks) {
    part.set(chunk, offset);
    offset += chunk.length;
  }
  chunks = [];
  buffered = 0;
  port.postMessage({ type: 'part', chunk: part }, [part.buffer]);
}
const sink = new Writable({
  write(chunk, _encoding, done) {
    chunks.push(chunk);
    buffered += chunk.length;
    if (buffered >= partBytes) sendPart();
    done();
  },
  final(done) {
    sendPart();
    done();
  },
});

/** @type {any} */
let workbook;
/** @type {any} */
let sheet;
/** @type {object[]} */
let columnStyles = [];
const NO_STYLE = Object.freeze({});

// Issue 40: an amount cell may carry its own currency's format ({amount, numFmt}: MoneyCell in
// ./exports.ts); one shared style object per format, as for the columns.
/** @param {unknown} value @returns {value is {amount: number, numFmt: string}} */
const isMoney = (value) =>
  typeof value === 'object' && value !== null && !(value instanceof Date) && 'numFmt' in value;
/** @param {unknown} value */
const plainValue = (value) => (isMoney(value) ? value.amount : value);
/** @type {Map<string, object>} */
const moneyStyles = new Map();
/** @param {string} numFmt */
function moneyStyle(numFmt) {
  const known = moneyStyles.get(numFmt);
  if (known) return known;
  const style = Object.freeze({ numFmt });
  moneyStyles.set(numFmt, style);
  return style;
}

/**
 * exceljs pipes the sheet's XML to archiver without backpressure: when rows come faster than
 * deflate, the XML piles up. Wait while more than MAX_PENDING_XML waits in the zip entry stream
 * (exceljs' StreamBuf `pipes`, archiver's readable-stream state).
 */
async function zipCaughtUp() {
  const pipe = sheet?.stream?.pipes?.[0];
  const pending = () => (pipe?._writableState?.length ?? 0) + (pipe?._readableState?.length ?? 0);
  await new Promise((resolve) => setImmediate(resolve));
  while (pending() > MAX_PENDING_XML) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** @param {any} message */
async function handle(message) {
  if (message.type === 'start') {
    partBytes = message.partBytes;
    workbook = new WorkbookWriter({
      stream: sink,
      // Styles carry the date and amount columns' number formats (issue 32).
      useStyles: true,
      useSharedStrings: false,
    });
    sheet = workbook.addWorksheet(message.sheetName);
    // One style object per column, shared by its cells: exceljs caches a style's id by object, so
    // a shared one is resolved once, not rendered again for every cell (a million rows).
    columnStyles = message.columns.map(
      /** @param {{numFmt?: string}} column */
      (column) => Object.freeze(column.numFmt ? { numFmt: column.numFmt } : {}),
    );
    sheet.columns = message.columns.map(
      /** @param {{header: string, width: number, numFmt?: string}} column @param {number} index */
      (column, index) => ({
        header: column.header,
        key: `c${index}`,
        width: column.width,
      }),
    );
  } else if (message.type === 'rows') {
    const rows = message.rows;
    for (let from = 0; from < rows.length; from += SLICE_ROWS) {
      for (const values of rows.slice(from, from + SLICE_ROWS)) {
        const row = sheet.addRow(values.map(plainValue));
        row.eachCell(
          /** @param {any} cell @param {number} index */
          (cell, index) => {
            const value = values[index - 1];
            cell.style = isMoney(value) ? moneyStyle(value.numFmt) : (columnStyles[index - 1] ?? NO_STYLE);
          },
        );
        row.commit();
      }
      await zipCaughtUp();
    }
    port.postMessage({ type: 'ack' });
  } else if (message.type === 'end') {
    sheet.commit();
    await workbook.commit();
    if (!sink.writableFinished) await new Promise((resolve) => sink.once('finish', resolve));
    port.postMessage({ type: 'done' });
  }
}

let queue = Promise.resolve();
port.on('message', (message) => {
  queue = queue
    .then(() => handle(message))
    .catch((error) =>
      port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
});
