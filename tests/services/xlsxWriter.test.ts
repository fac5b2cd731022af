/**
 * The export engine's xlsx writer (issue 39: sheet XML written as text, deflated by zlib, zipped
 * by fflate) read back with exceljs: texts (markup, forbidden control characters, spaces at the
 * ends, any Unicode), numbers, booleans, dates with their column's format, amounts with their
 * currency's format, empty cells, widths, the sheet's name, and the parts it is cut into.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  createXlsxWriter,
  excelSerial,
  isoDaySerial,
  type XlsxCell,
  type XlsxColumn,
  xmlText,
} from '../../src/server/services/heavyWork/xlsxWriter';

async function write(
  columns: XlsxColumn[],
  batches: XlsxCell[][][],
  partBytes = 1024 * 1024,
  sheetName = 'Vouchers',
): Promise<{ bytes: Buffer; parts: Buffer[] }> {
  const parts: Buffer[] = [];
  const writer = createXlsxWriter({ sheetName, columns, partBytes, onPart: (part) => parts.push(part) });
  for (const rows of batches) await writer.rows(rows);
  await writer.end();
  return { bytes: Buffer.concat(parts), parts };
}

async function read(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

const COLUMNS: XlsxColumn[] = [
  { header: 'ID', width: 10 },
  { header: 'Oficina <&> "uno"', width: 30 },
  { header: 'Fecha de inicio', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Precio final', width: 14, numFmt: '#,##0.00' },
  { header: 'Activo', width: 8 },
];

describe('xlsx writer', () => {
  it('writes what exceljs reads back: texts, numbers, dates and amounts with their formats, empty cells', async () => {
    const date = new Date(Date.UTC(2026, 10, 26));
    const { bytes } = await write(COLUMNS, [
      [
        [1, 'Viajes <del> Sur & "Cía" \u0001\u0008', date, 1234.5, true],
        [2, '  espacios  ', null, { amount: 150000, numFmt: '#,##0' }, false],
      ],
      [[3, '', date, { amount: 10.125, numFmt: '#,##0.000' }, null]],
    ]);
    const workbook = await read(bytes);
    const sheet = workbook.getWorksheet('Vouchers')!;
    expect(sheet).toBeDefined();
    expect(sheet.rowCount).toBe(4);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((column) => column.header));
    expect(sheet.getColumn(2).width).toBe(30);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    // Markup kept as text, the control characters XML forbids dropped.
    expect(first.getCell(2).value).toBe('Viajes <del> Sur & "Cía" ');
    expect(first.getCell(3).value).toEqual(date);
    expect(first.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(4).value).toBe(1234.5);
    expect(first.getCell(4).numFmt).toBe('#,##0.00');
    expect(first.getCell(5).value).toBe(true);

    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toBe('  espacios  ');
    expect(second.getCell(3).value).toBeNull();
    expect(second.getCell(4).value).toBe(150000);
    expect(second.getCell(4).numFmt).toBe('#,##0');
    expect(second.getCell(5).value).toBe(false);

    const third = sheet.getRow(4);
    expect(third.getCell(1).value).toBe(3);
    expect(third.getCell(2).value).toBeNull();
    expect(third.getCell(4).value).toBe(10.125);
    expect(third.getCell(4).numFmt).toBe('#,##0.000');
    expect(third.getCell(5).value).toBeNull();
  });

  it("takes rows as JSON text (the database's cells): a date column's 'YYYY-MM-DD' texts are dates", async () => {
    const columns: XlsxColumn[] = [
      { header: 'ID', width: 10 },
      { header: 'Fecha de inicio', width: 12, numFmt: 'dd/mm/yyyy', date: true },
      { header: 'Precio final', width: 14, numFmt: '#,##0.00' },
    ];
    const parts: Buffer[] = [];
    const writer = createXlsxWriter({
      sheetName: 'Vouchers',
      columns,
      partBytes: 1024,
      onPart: (part) => parts.push(part),
    });
    await writer.rows(
      JSON.stringify([
        [7, '2026-11-26', 10.5],
        [8, null, { amount: 3000, numFmt: '#,##0' }],
        // Not a day: kept as the text it is. Not a finite number: no cell.
        [9, 'sin fecha', null],
      ]),
    );
    await writer.rows([[10, new Date(Date.UTC(2027, 0, 2)), Number.NaN]]);
    await writer.end();
    const sheet = (await read(Buffer.concat(parts))).worksheets[0];
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date(Date.UTC(2026, 10, 26)));
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(2).getCell(3).value).toBe(10.5);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(3).value).toBe(3000);
    expect(sheet.getRow(3).getCell(3).numFmt).toBe('#,##0');
    expect(sheet.getRow(4).getCell(2).value).toBe('sin fecha');
    expect(sheet.getRow(5).getCell(2).value).toEqual(new Date(Date.UTC(2027, 0, 2)));
    expect(sheet.getRow(5).getCell(3).value).toBeNull();
    expect(isoDaySerial('2026-11-26')).toBe(46352);
    expect(isoDaySerial('26/11/2026')).toBeNaN();
  });

  it('keeps any text as it was, but the control characters XML 1.0 forbids', async () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the writer drops
    const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 20 }),
        async (texts) => {
          const { bytes } = await write([{ header: 'Texto', width: 20 }], [texts.map((text) => [text])]);
          const sheet = (await read(bytes)).worksheets[0];
          texts.forEach((text, index) => {
            // Lone surrogates become U+FFFD in UTF-8.
            const expected = Buffer.from(text.replace(forbidden, ''), 'utf8').toString('utf8');
            const value = sheet.getRow(index + 2).getCell(1).value;
            expect(value ?? '').toBe(expected);
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('cuts the file into parts of at least partBytes (the last shorter), a valid zip of the workbook', async () => {
    const rows: XlsxCell[][] = Array.from({ length: 20_000 }, (_, index) => [
      index,
      `Oficina ${index} ${Math.random().toString(36)}`,
      new Date(Date.UTC(2026, 0, 1 + (index % 365))),
      index * 1.25,
      index % 2 === 0,
    ]);
    const { bytes, parts } = await write(COLUMNS, [rows.slice(0, 10_000), rows.slice(10_000)], 64 * 1024);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts.slice(0, -1)) expect(part.length).toBeGreaterThanOrEqual(64 * 1024);
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(entries).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = (await read(bytes)).worksheets[0];
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).getCell(1).value).toBe(19_999);
    expect(sheet.getRow(20_001).getCell(2).value).toBe(rows[19_999][1]);
  });

  it('escapes a sheet name and a format as attributes', async () => {
    const { bytes } = await write(
      [{ header: 'Monto', width: 12, numFmt: '"US$" #,##0.00' }],
      [[[5]]],
      1024,
      'Ventas & "más"',
    );
    const workbook = await read(bytes);
    const sheet = workbook.getWorksheet('Ventas & "más"')!;
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('"US$" #,##0.00');
  });

  it('names columns and dates as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect(excelSerial(new Date(Date.UTC(1970, 0, 1)))).toBe(25569);
    expect(excelSerial(new Date(Date.UTC(2026, 10, 26)))).toBe(46352);
    expect(xmlText('a<b>&"c"\u0000')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });
});
