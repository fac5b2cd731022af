/**
 * The xlsx writer of the export engine (issues 12, 39), run in the heavy-work child process
 * (../receiptReading/readingWorker.ts, at nice 10), never in the server's process: exceljs'
 * streaming WorkbookWriter turns rows into sheet XML and its zip deflates it here. The server
 * reads the rows (a batch per statement, no transaction held) and posts them; the zipped bytes
 * come back as whole parts of `partBytes`, which the server stores.
 *
 * One writer per export being written (`createXlsxWriter`); `rows` resolves once the batch is
 * written and the zip has caught up (the server waits on it: at most a few batches in flight).
 */
import { Writable } from 'node:stream';
// Only exceljs' streaming writer: the whole package (reader, CSV, document model) costs about
// 10 MB more resident memory for nothing it uses.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';

/** An amount that carries its own currency's number format (issue 40: CLP '#,##0', USD '#,##0.00'). */
export interface XlsxMoneyCell {
  amount: number;
  numFmt: string;
}

export type XlsxCell = string | number | boolean | Date | null | XlsxMoneyCell;

const isMoney = (value: XlsxCell): value is XlsxMoneyCell =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

export interface XlsxColumn {
  header: string;
  width: number;
  numFmt?: string;
}

export interface XlsxWriterOptions {
  sheetName: string;
  columns: readonly XlsxColumn[];
  partBytes: number;
  /** Deflate level of the zip (0-9; default ZIP_LEVEL). */
  zlibLevel?: number;
  /** A whole part of zipped bytes (the last one shorter). */
  onPart(bytes: Buffer): void;
}

export interface XlsxWriter {
  rows(rows: readonly XlsxCell[][]): Promise<void>;
  end(): Promise<void>;
}

/**
 * Deflate level: 1 instead of zlib's 6 (measured, bench/README.md 'Issue 39: heavy-work pool'):
 * sheet XML is so repetitive that level 1 still shrinks it about tenfold, for far less CPU.
 */
export const ZIP_LEVEL = 1;

/** Rows written between two yields (other requests of the child run between slices). */
const SLICE_ROWS = 500;
/** Sheet XML allowed to wait for the zip's deflate before the writer pauses. */
const MAX_PENDING_XML = 1024 * 1024;

interface StreamState {
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

export function createXlsxWriter(options: XlsxWriterOptions): XlsxWriter {
  let chunks: Buffer[] = [];
  let buffered = 0;
  const sendPart = () => {
    if (!buffered) return;
    const part = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, buffered);
    chunks = [];
    buffered = 0;
    options.onPart(part);
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      buffered += chunk.length;
      if (buffered >= options.partBytes) sendPart();
      done();
    },
    final(done) {
      sendPart();
      done();
    },
  });
  const workbook = new WorkbookWriter({
    stream: sink,
    // Styles carry the date and amount columns' number formats (issue 32); shared strings off:
    // the table of every distinct text would grow with the rows.
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: options.zlibLevel ?? ZIP_LEVEL } },
  });
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = options.columns.map((column, index) => ({
    header: column.header,
    key: `c${index}`,
    width: column.width,
  }));
  // One frozen style object per column, shared by its cells (the formatted ones carry their
  // number format, the others none): exceljs caches a style's id by object, so it is resolved once
  // per column. A cell left without one gets a new merged object of its row's and column's styles,
  // resolved again for each of a million cells (12 % of the writer's time, measured).
  const NO_STYLE = Object.freeze({});
  const columnStyles = options.columns.map((column) =>
    column.numFmt ? Object.freeze({ numFmt: column.numFmt }) : NO_STYLE,
  );
  // The same for the amounts that carry their currency's format: one shared object per format.
  const moneyStyles = new Map<string, object>();
  const moneyStyle = (numFmt: string) => {
    const known = moneyStyles.get(numFmt);
    if (known) return known;
    const style = Object.freeze({ numFmt });
    moneyStyles.set(numFmt, style);
    return style;
  };

  /**
   * exceljs pipes the sheet's XML to the zip without backpressure: when rows come faster than
   * deflate, the XML piles up. Wait while more than MAX_PENDING_XML waits in the zip entry stream.
   */
  const zipCaughtUp = async () => {
    const pipe = (sheet as unknown as { stream?: { pipes?: StreamState[] } }).stream?.pipes?.[0];
    const pending = () => (pipe?._writableState?.length ?? 0) + (pipe?._readableState?.length ?? 0);
    await new Promise((resolve) => setImmediate(resolve));
    while (pending() > MAX_PENDING_XML) await new Promise((resolve) => setTimeout(resolve, 2));
  };

  return {
    async rows(rows) {
      for (let from = 0; from < rows.length; from += SLICE_ROWS) {
        const end = Math.min(rows.length, from + SLICE_ROWS);
        for (let at = from; at < end; at++) {
          const values = rows[at];
          const row = sheet.addRow(values.map((value) => (isMoney(value) ? value.amount : value)));
          for (let index = 0; index < values.length; index++) {
            const value = values[index];
            if (value == null) continue;
            row.getCell(index + 1).style = isMoney(value)
              ? moneyStyle(value.numFmt)
              : (columnStyles[index] ?? NO_STYLE);
          }
          row.commit();
        }
        await zipCaughtUp();
      }
    },
    async end() {
      sheet.commit();
      await workbook.commit();
      if (!sink.writableFinished) await new Promise((resolve) => sink.once('finish', resolve));
    },
  };
}
