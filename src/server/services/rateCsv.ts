/**
 * The rate CSV of a product (issue 13; docs/products.md): a header row
 * `dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda`, then one row per trip-length band
 * (days) and age band with its price and currency (ISO code). Parsed with csv-parse (node-csv:
 * RFC 4180 quoting, comma or semicolon, BOM), then every row is checked; a file with any problem
 * answers each bad row and column in Spanish and nothing is kept.
 *
 * Checks: UTF-8 text without NUL bytes (else 'not a CSV'), the header, 1 to MAX_RATE_ROWS rows,
 * six columns, whole days 1 to 365 (to >= from), whole ages 0 to 120 (to >= from), a price that
 * is a non-negative decimal with up to 2 decimals, a known currency, and no two rows whose day
 * bands AND age bands overlap (a trip would have two prices).
 */
import { parse } from 'csv-parse/sync';
import { messages } from '../../contracts/messages';
import {
  MAX_RATE_ROWS,
  RATE_CSV_COLUMNS,
  type RateFileError,
  type RateRow,
} from '../../contracts/productWizard';

const text = messages.products;

export type RateParse =
  | { ok: true; rows: RateRow[] }
  | { ok: false; errors: RateFileError[]; problem: string };

const fileProblem = (problem: string): RateParse => ({ ok: false, errors: [], problem });

function decodeUtf8(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Checks a rate file. `currencyOf` answers whether an ISO code names a known currency (the
 * caller reads them once from the database).
 */
export function parseRateCsv(bytes: Buffer, knownCurrencies: ReadonlySet<string>): RateParse {
  const source = decodeUtf8(bytes);
  if (source === null) return fileProblem(text.csvNotCsv);
  // The delimiter is the header's: ';' (spreadsheets with a decimal comma) or ','.
  const firstLine = source.slice(0, source.indexOf('\n') === -1 ? undefined : source.indexOf('\n'));
  const delimiter = firstLine.includes(';') ? ';' : ',';
  let records: string[][];
  let lines: number[];
  try {
    const parsed = parse(source, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      max_record_size: 4096,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    records = parsed.map((entry) => entry.record);
    lines = parsed.map((entry) => entry.info.lines);
  } catch {
    return fileProblem(text.csvNotCsv);
  }
  const [header, ...body] = records;
  const expected = RATE_CSV_COLUMNS.join(',');
  if (!header || header.map((cell) => cell.toLowerCase()).join(',') !== expected) {
    // A binary or unrelated text file fails here too.
    return fileProblem(text.csvHeader(expected));
  }
  if (body.length === 0) return fileProblem(text.csvEmpty);
  if (body.length > MAX_RATE_ROWS) return fileProblem(text.csvTooManyRows(MAX_RATE_ROWS));

  const errors: RateFileError[] = [];
  const rows: { row: RateRow; line: number }[] = [];
  const add = (row: number, column: string, problem: string) =>
    errors.push({ row, column, message: text.csvCell(row, column, problem) });

  body.forEach((cells, index) => {
    const line = lines[index + 1] ?? index + 2;
    if (cells.length !== RATE_CSV_COLUMNS.length) {
      add(line, '*', text.csvColumns(cells.length, RATE_CSV_COLUMNS.length));
      return;
    }
    const [daysFrom, daysTo, ageFrom, ageTo, price, currency] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    let valid = true;
    const integer = (value: string, column: string, min: number, max: number, rangeText: string) => {
      if (value === '') {
        add(line, column, text.csvRequired);
        valid = false;
        return 0;
      }
      if (!/^-?\d{1,6}$/.test(value)) {
        add(line, column, text.csvInteger);
        valid = false;
        return 0;
      }
      const number = Number(value);
      if (number < min || number > max) {
        add(line, column, rangeText);
        valid = false;
      }
      return number;
    };
    const dFrom = integer(daysFrom, 'dias_desde', 1, 365, text.csvDaysRange);
    const dTo = integer(daysTo, 'dias_hasta', 1, 365, text.csvDaysRange);
    const aFrom = integer(ageFrom, 'edad_desde', 0, 120, text.csvAgeRange);
    const aTo = integer(ageTo, 'edad_hasta', 0, 120, text.csvAgeRange);
    if (valid && dTo < dFrom) {
      add(line, 'dias_hasta', text.csvBandOrder('dias_desde'));
      valid = false;
    }
    if (valid && aTo < aFrom) {
      add(line, 'edad_hasta', text.csvBandOrder('edad_desde'));
      valid = false;
    }
    const normalizedPrice = price.replace(',', '.');
    if (price === '') {
      add(line, 'precio', text.csvRequired);
      valid = false;
    } else if (/^-\s*\d/.test(normalizedPrice)) {
      add(line, 'precio', text.csvPriceNegative);
      valid = false;
    } else if (!/^\d+(\.\d{1,2})?$/.test(normalizedPrice)) {
      add(line, 'precio', text.csvPriceNumber);
      valid = false;
    } else if (normalizedPrice.split('.')[0]!.length > 12) {
      add(line, 'precio', text.csvPriceTooBig);
      valid = false;
    }
    const code = currency.toUpperCase();
    if (code === '') {
      add(line, 'moneda', text.csvRequired);
      valid = false;
    } else if (!knownCurrencies.has(code)) {
      add(line, 'moneda', text.csvCurrencyUnknown(currency.slice(0, 20)));
      valid = false;
    }
    if (valid)
      rows.push({
        line,
        row: {
          days_from: dFrom,
          days_to: dTo,
          age_from: aFrom,
          age_to: aTo,
          price: normalizedPrice,
          currency: code,
        },
      });
  });

  // Overlapping bands: sorted by the first day, each row against the rows that start before it ends.
  const sorted = [...rows].sort((a, b) => a.row.days_from - b.row.days_from || a.line - b.line);
  const overlapping = new Set<number>();
  for (let i = 0; i < sorted.length; i += 1) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.row.days_from <= a.row.days_to; j += 1) {
      const b = sorted[j]!;
      if (b.row.age_from <= a.row.age_to && a.row.age_from <= b.row.age_to) {
        const [first, second] = a.line < b.line ? [a, b] : [b, a];
        if (overlapping.has(second.line)) continue;
        overlapping.add(second.line);
        add(second.line, 'dias_desde', text.csvOverlap(first.line));
      }
    }
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { ok: false, errors, problem: text.csvErrorCount(errors.length) };
  }
  return { ok: true, rows: rows.map((entry) => entry.row) };
}
