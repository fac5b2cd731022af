/**
 * The xlsx writer of the export engine (issues 12, 39), run in the heavy-work child process
 * (../receiptReading/readingWorker.ts, at nice 10), never in the server's process. The server
 * reads the rows (a batch per statement, no transaction held) and posts them; the zipped bytes
 * come back as whole parts of `partBytes`, which the server stores.
 *
 * The sheet's XML is written here as text, a row at a time, and deflated by Node's own zlib
 * (level 1, in libuv's thread pool) into a zip laid out by fflate's streaming `Zip`. Until issue 39
 * it was exceljs' streaming WorkbookWriter: a Row, a Cell and a value object per cell, a style
 * resolved per cell and an XML stream writer over them cost 24 s of CPU for a million vouchers
 * (12 cells each) where building the same XML as strings costs a few; the file is the same
 * workbook (one sheet, inline strings, no shared-strings table that grows with the rows, numbers
 * and dates as numbers with their number formats in styles.xml), which exceljs, Excel and
 * LibreOffice read.
 *
 * One writer per export being written (`createXlsxWriter`); `rows` resolves once the batch is
 * written and the deflate has caught up (the server waits on it: at most a few batches in flight).
 */
import zlib from 'node:zlib';
import { type DeflateOptions, Zip, ZipDeflate, type ZipInputFile } from 'fflate';

/** An amount that carries its own currency's number format (issue 40: CLP '#,##0', USD '#,##0.00'). */
export interface XlsxMoneyCell {
  amount: number;
  numFmt: string;
}

export type XlsxCell = string | number | boolean | Date | null | XlsxMoneyCell;

export interface XlsxColumn {
  header: string;
  width: number;
  numFmt?: string;
  /**
   * A date column: besides Dates, a text starting 'YYYY-MM-DD' is that day (rows posted as JSON
   * text, which has no Date; issue 39).
   */
  date?: boolean;
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
  /** Rows of cells, or their JSON text (an array of arrays: the server passes the database's text on). */
  rows(rows: readonly XlsxCell[][] | string): Promise<void>;
  end(): Promise<void>;
}

/**
 * Deflate level: 1 instead of zlib's 6 (measured, bench/README.md 'Issue 39: heavy-work pool'):
 * sheet XML is so repetitive that level 1 still shrinks it about tenfold, for far less CPU.
 */
export const ZIP_LEVEL = 1;

/** The number format of a Date in a column that declares none. */
export const DEFAULT_DATE_FORMAT = 'dd/mm/yyyy';

/** Rows turned into XML between two yields (other requests of the child run between slices). */
const SLICE_ROWS = 500;
/** XML gathered before it is handed to the deflate stream. */
const XML_CHUNK = 32 * 1024;
/** A zip entry without Zip64 holds less than 4 GiB (a million rows use about a tenth of it). */
const ZIP32_LIMIT = 0xffff_ffff;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's day 0 is 1899-12-30: the day number of 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/**
 * Characters text cannot hold as they are: markup, a carriage return (a reader turns it into a
 * line feed), and the control characters XML 1.0 forbids.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the forbidden characters is the point
const NEEDS_ESCAPE = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the forbidden characters is the point
const ESCAPED = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

/**
 * Text as XML character data or an attribute value: markup escaped, forbidden control characters
 * dropped (a lone surrogate becomes U+FFFD when the text is encoded as UTF-8).
 */
export function xmlText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (found) => ENTITIES[found] ?? '') : value;
}

/** A column's letters: 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A 'YYYY-MM-DD' text's day as Excel's serial day number; NaN when it is not one. */
export function isoDaySerial(value: string): number {
  const match = ISO_DAY.exec(value);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS + EXCEL_EPOCH_DAYS;
}

/** A Date as Excel's serial day number (the date's UTC day and time: `dateCell` makes UTC midnights). */
export const excelSerial = (date: Date) => date.getTime() / DAY_MS + EXCEL_EPOCH_DAYS;

const isMoney = (value: XlsxCell): value is XlsxMoneyCell =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

/** A text cell, `ref` its address: an inline string (no shared-strings table to grow). */
function textCell(ref: string, value: string): string {
  const last = value.length - 1;
  const preserve = value.charCodeAt(0) <= 32 || value.charCodeAt(last) <= 32;
  return `<c r="${ref}" t="inlineStr"><is><t${preserve ? ' xml:space="preserve"' : ''}>${xmlText(value)}</t></is></c>`;
}

/** The workbook's number formats as cell styles: index 0 is the default, then one per format met. */
class Styles {
  private readonly ids = new Map<string, number>();
  /** ` s="n"` of a format, registered on first use. */
  attribute(numFmt: string): string {
    let id = this.ids.get(numFmt);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(numFmt, id);
    }
    return ` s="${id}"`;
  }
  xml(): string {
    // Every format as a custom one (ids from 164), so a reader never maps it to a locale's builtin.
    const formats = [...this.ids.keys()];
    const numFmts = formats
      .map((format, index) => `<numFmt numFmtId="${164 + index}" formatCode="${xmlText(format)}"/>`)
      .join('');
    const xfs = formats
      .map(
        (_, index) =>
          `<xf numFmtId="${164 + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      )
      .join('');
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
      '<fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${formats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
      '</styleSheet>'
    );
  }
}

/** The package's fixed parts: content types, relationships, the workbook naming its one sheet. */
function packageParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="12000" windowHeight="24000"/></bookViews>' +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
        '</workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
  ];
}

export function createXlsxWriter(options: XlsxWriterOptions): XlsxWriter {
  const level = options.zlibLevel ?? ZIP_LEVEL;
  const mtime = new Date();
  let failure: Error | null = null;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  };

  // ---- the zipped bytes, cut into parts -----------------------------------------------------
  let chunks: Uint8Array[] = [];
  let buffered = 0;
  const sendPart = () => {
    if (!buffered) return;
    const part = Buffer.concat(chunks, buffered);
    chunks = [];
    buffered = 0;
    options.onPart(part);
  };
  let zipEnded: () => void = () => {};
  const zipDone = new Promise<void>((resolve) => {
    zipEnded = resolve;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      fail(error);
      zipEnded();
      return;
    }
    if (chunk.length) {
      chunks.push(chunk);
      buffered += chunk.length;
      if (buffered >= options.partBytes) sendPart();
    }
    if (final) {
      sendPart();
      zipEnded();
    }
  });
  const addSmall = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: level as DeflateOptions['level'] });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  for (const [name, text] of packageParts(options.sheetName)) addSmall(name, text);

  // ---- the sheet: XML text → zlib's raw deflate (thread pool) → the zip's entry ---------------
  // Room for the next chunk of XML while the thread pool deflates the last one.
  // (Node passes a zlib stream's options on to its Transform; the types do not say so.)
  const deflateOptions = { level, chunkSize: 64 * 1024, writableHighWaterMark: 2 * XML_CHUNK };
  const deflate = zlib.createDeflateRaw(deflateOptions);
  const sheet: ZipInputFile = {
    filename: 'xl/worksheets/sheet1.xml',
    compression: 8,
    size: 0,
    crc: 0,
    mtime,
    terminate: () => deflate.destroy(),
  };
  zip.add(sheet);
  let sheetEnded: () => void = () => {};
  const sheetDone = new Promise<void>((resolve) => {
    sheetEnded = resolve;
  });
  deflate.on('data', (chunk: Buffer) => sheet.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, false));
  deflate.on('end', () => {
    sheet.ondata?.(null, new Uint8Array(0), true);
    sheetEnded();
  });
  deflate.on('error', (error) => {
    fail(error);
    sheetEnded();
  });

  let xml = '';
  const flush = async () => {
    if (!xml) return;
    const bytes = Buffer.from(xml, 'utf8');
    xml = '';
    sheet.crc = zlib.crc32(bytes, sheet.crc);
    sheet.size += bytes.length;
    if (sheet.size > ZIP32_LIMIT)
      throw new Error('the sheet is larger than a zip without Zip64 holds (4 GiB)');
    if (!deflate.write(bytes) && !failure)
      await new Promise<void>((resolve) => {
        const done = () => {
          deflate.off('drain', done);
          deflate.off('error', done);
          resolve();
        };
        deflate.once('drain', done);
        deflate.once('error', done);
      });
    if (failure) throw failure;
  };

  const styles = new Styles();
  const columns = options.columns;
  const letters = columns.map((_, index) => columnLetters(index));
  const letterOf = (index: number) => {
    letters[index] ??= columnLetters(index);
    return letters[index];
  };
  /** ` s="n"` of a number format, registered on first use (a currency's, a Date's default). */
  const styleAttributes = new Map<string, string>();
  const styleOf = (numFmt: string) => {
    let style = styleAttributes.get(numFmt);
    if (style === undefined) {
      style = styles.attribute(numFmt);
      styleAttributes.set(numFmt, style);
    }
    return style;
  };
  /** ` s="n"` of each column's number format ('' without one). */
  const columnStyles = columns.map((column) => (column.numFmt ? styleOf(column.numFmt) : ''));
  const dateColumns = columns.map((column) => column.date === true);

  let rowNumber = 1;
  const rowXml = (values: readonly XlsxCell[]): string => {
    const at = rowNumber++;
    let row = `<row r="${at}">`;
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      if (value === null || value === undefined) continue;
      const ref = letterOf(index) + at;
      switch (typeof value) {
        case 'string':
          if (dateColumns[index]) {
            const serial = isoDaySerial(value);
            if (Number.isFinite(serial))
              row += `<c r="${ref}"${columnStyles[index] || styleOf(DEFAULT_DATE_FORMAT)}><v>${serial}</v></c>`;
            else if (value !== '') row += textCell(ref, value);
          } else if (value !== '') row += textCell(ref, value);
          break;
        case 'number':
          if (Number.isFinite(value)) row += `<c r="${ref}"${columnStyles[index] ?? ''}><v>${value}</v></c>`;
          break;
        case 'boolean':
          row += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
          break;
        default:
          if (value instanceof Date) {
            const serial = excelSerial(value);
            if (Number.isFinite(serial))
              row += `<c r="${ref}"${columnStyles[index] || styleOf(DEFAULT_DATE_FORMAT)}><v>${serial}</v></c>`;
          } else if (isMoney(value) && Number.isFinite(value.amount)) {
            row += `<c r="${ref}"${styleOf(value.numFmt)}><v>${value.amount}</v></c>`;
          }
      }
    }
    return `${row}</row>`;
  };

  xml =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    (columns.length
      ? `<cols>${columns
          .map(
            (column, index) =>
              `<col min="${index + 1}" max="${index + 1}" width="${Number.isFinite(column.width) ? column.width : 20}" customWidth="1"/>`,
          )
          .join('')}</cols>`
      : '') +
    '<sheetData>' +
    rowXml(columns.map((column) => column.header));

  return {
    async rows(given) {
      if (failure) throw failure;
      const rows = typeof given === 'string' ? (JSON.parse(given) as XlsxCell[][]) : given;
      for (let from = 0; from < rows.length; from += SLICE_ROWS) {
        const end = Math.min(rows.length, from + SLICE_ROWS);
        for (let at = from; at < end; at++) {
          xml += rowXml(rows[at]);
          if (xml.length >= XML_CHUNK) await flush();
        }
        if (end < rows.length) await new Promise((resolve) => setImmediate(resolve));
      }
      await flush();
    },
    async end() {
      if (failure) throw failure;
      xml +=
        '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
      await flush();
      deflate.end();
      await sheetDone;
      if (failure) throw failure;
      addSmall('xl/styles.xml', styles.xml());
      zip.end();
      await zipDone;
      if (failure) throw failure;
    },
  };
}
