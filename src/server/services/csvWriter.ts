/**
 * The one CSV writer of the product (issue 39): every CSV the server writes goes through
 * `csvStream`, built on csv-stringify (quoting, BOM, record delimiter), never by hand.
 *
 * Spreadsheets: UTF-8 with a BOM (Excel reads the accents), ';' between cells (the Spanish
 * locale's list separator), CRLF between records; a cell holding ';', '"', CR or LF is quoted
 * with its quotes doubled.
 *
 * CSV injection (OWASP 'CSV Injection'): a text cell that begins with '=', '+', '-', '@', a tab or
 * a carriage return is a formula to a spreadsheet (`=HYPERLINK("http://evil.example","x")` in an
 * office's name). Such a cell is written with a single quote before it (`'=HYPERLINK(…)`), which
 * the spreadsheet shows as text. The one exception is a cell that is nothing but a decimal
 * number (`-12.50`, a negative amount as the serializers write it, or a JavaScript number): it
 * cannot be a formula, and prefixing it would turn a readable amount into text.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** What makes a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number, negative or not: never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell as written: prefixed with `'` when a spreadsheet would run it as a formula. */
export function neutralizedCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export interface CsvColumn<Row> {
  key: keyof Row & string;
  header: string;
}

/**
 * The CSV of `rows` (any iterable, async or not, of objects; read as the stream is read, so a
 * large file is never whole in memory) under a header line of the columns' headers. An error of
 * `rows` destroys the returned stream (the answer is cut, never completed as if it were whole).
 */
export function csvStream<Row extends object>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): Readable {
  const writer = stringify({
    bom: true,
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header: neutralizedCell(header) })),
    delimiter: ';',
    record_delimiter: 'windows',
    // csv-stringify quotes the delimiter, quotes and the whole CRLF; a lone CR or LF too.
    quoted_match: /[\r\n]/,
    cast: {
      string: (value) => neutralizedCell(value),
      date: (value) => value.toISOString(),
      boolean: (value) => (value ? 'true' : 'false'),
    },
  });
  return pipeline(Readable.from(rows, { objectMode: true }), writer, () => {
    // Errors destroy `writer`, which the caller streams; nothing else to do.
  });
}
