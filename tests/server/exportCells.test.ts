/**
 * Exports a spreadsheet can sum and sort (issue 32 'Money, dates and exports'): every export is
 * generated on a real database and read back with exceljs: its header holds the list's columns
 * (the module descriptor's headers) and the fields the list is filtered by, its date cells are
 * Dates shown 'dd/mm/yyyy' and its amounts numbers shown '#,##0.00', or, where a row has a currency,
 * with that currency's ISO 4217 minor units ('#,##0' for CLP; issue 40).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorOf } from '../../src/client/resources/descriptors';
import type { ExportReport } from '../../src/contracts/exports';
import { amountNumberFormat, exportWorkerOf } from '../../src/server/resources/exports';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

async function exported(url: string): Promise<ExcelJS.Worksheet> {
  const started = await admin({ method: 'GET', url });
  expect(started.statusCode, started.body).toBe(200);
  const { hash } = started.json<{ hash: string }>();
  const deadline = Date.now() + 90_000;
  let report: ExportReport | undefined;
  while (Date.now() < deadline) {
    exportWorkerOf(testApp.context)?.wake();
    report = (await admin({ method: 'GET', url: `/api/report/${hash}/` })).json<ExportReport>();
    if (report.status !== 'Pending') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(report?.status).toBe('OK');
  const file = await admin({ method: 'GET', url: `/api/report/${hash}/file/` });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** The header's texts. */
const headerOf = (sheet: ExcelJS.Worksheet) =>
  (sheet.getRow(1).values as unknown[]).slice(1).map((value) => String(value ?? ''));

/** The cells of the column headed `header` in the data rows (not the header, nor the totals). */
function column(sheet: ExcelJS.Worksheet, header: string, rows: number): ExcelJS.Cell[] {
  const index = headerOf(sheet).indexOf(header) + 1;
  expect(index, header).toBeGreaterThan(0);
  return Array.from({ length: rows }, (_, row) => sheet.getRow(row + 2).getCell(index));
}

function expectDates(cells: ExcelJS.Cell[]) {
  const filled = cells.filter((cell) => cell.value !== null && cell.value !== '');
  expect(filled.length).toBeGreaterThan(0);
  for (const cell of filled) {
    expect(cell.value).toBeInstanceOf(Date);
    expect(cell.numFmt).toBe('dd/mm/yyyy');
  }
}

function expectAmounts(cells: ExcelJS.Cell[], numFmt: (cell: ExcelJS.Cell) => string = () => '#,##0.00') {
  const filled = cells.filter((cell) => cell.value !== null && cell.value !== '');
  expect(filled.length).toBeGreaterThan(0);
  for (const cell of filled) {
    expect(typeof cell.value).toBe('number');
    expect(cell.numFmt).toBe(numFmt(cell));
  }
}

const listHeaders = (routing: string) => descriptorOf(routing)!.columns.map((column) => column.header);

describe('exports a spreadsheet can sum and sort', () => {
  it('filter_invoicing.xlsx: the list columns, dates as dates, amounts as numbers', async () => {
    const sheet = await exported('/api/invoicing_report/');
    const header = headerOf(sheet);
    expect(header).toEqual(expect.arrayContaining(listHeaders('facturacion')));
    // Issue 40: 'Facturado' followed 'Estado de facturación' with the same values: one column.
    expect(header).not.toContain('Facturado');
    const rows = Math.min(sheet.rowCount - 1, 40);
    for (const date of ['Fecha de creación', 'Fecha de inicio']) expectDates(column(sheet, date, rows));
    const currencyColumn = header.indexOf('Moneda') + 1;
    const currencyOf = (cell: ExcelJS.Cell) =>
      String(sheet.getRow(Number(cell.row)).getCell(currencyColumn).value ?? '');
    for (const amount of ['Precio final', 'Comisión', 'Precio neto'])
      expectAmounts(column(sheet, amount, rows), (cell) => amountNumberFormat(currencyOf(cell)));
  });

  it("filter_invoicing.xlsx: each amount with its row's currency's minor units (issue 40: no ',00' in CLP)", async () => {
    const sheet = await exported('/api/invoicing_report/');
    const header = headerOf(sheet);
    const currencyColumn = header.indexOf('Moneda') + 1;
    expect(currencyColumn).toBeGreaterThan(0);
    const amountColumns = ['Precio final', 'Comisión', 'Precio neto'].map((name) => header.indexOf(name) + 1);
    const formatsSeen = new Map<string, string>();
    // Every row, the totals rows (one per currency) too.
    for (let index = 2; index <= sheet.rowCount; index += 1) {
      const row = sheet.getRow(index);
      const currency = String(row.getCell(currencyColumn).value ?? '');
      for (const column of amountColumns) {
        const cell = row.getCell(column);
        if (cell.value === null || cell.value === '') continue;
        expect(typeof cell.value).toBe('number');
        expect(cell.numFmt, `${currency} row ${index}`).toBe(amountNumberFormat(currency));
        formatsSeen.set(currency, cell.numFmt);
      }
    }
    // The demo data bills in pesos chilenos and in currencies with cents.
    expect(formatsSeen.get('CLP')).toBe('#,##0');
    expect([...formatsSeen.values()]).toContain('#,##0.00');
  });

  it('amountNumberFormat: ISO 4217 minor units', () => {
    expect(amountNumberFormat('CLP')).toBe('#,##0');
    expect(amountNumberFormat('JPY')).toBe('#,##0');
    expect(amountNumberFormat('USD')).toBe('#,##0.00');
    expect(amountNumberFormat('ARS')).toBe('#,##0.00');
    expect(amountNumberFormat('KWD')).toBe('#,##0.000');
    expect(amountNumberFormat('')).toBe('#,##0.00');
    expect(amountNumberFormat(null)).toBe('#,##0.00');
  });

  it('filter_voucher.xlsx: the list columns, dates as dates, the price as a number', async () => {
    const sheet = await exported('/api/csv_voucher_filter/');
    expect(headerOf(sheet)).toEqual(expect.arrayContaining(listHeaders('vouchers')));
    const rows = Math.min(sheet.rowCount - 1, 40);
    const header = headerOf(sheet);
    expectDates(column(sheet, header[2], rows));
    expectDates(column(sheet, header[3], rows));
    expectAmounts(column(sheet, header[header.length - 1], rows));
  });

  it('filter_offices.xlsx: the list columns and the search modes (business unit, tags, country)', async () => {
    const sheet = await exported('/api/office_report/');
    expect(headerOf(sheet)).toEqual(
      expect.arrayContaining([
        ...listHeaders('oficinas'),
        'Unidad de negocio',
        'Tags',
        'País',
        'Abreviatura',
      ]),
    );
    const children = column(sheet, 'Oficinas hijas', sheet.rowCount - 1).map((cell) => cell.value);
    expect(children.some((value) => typeof value === 'string' && value.includes('Sucursal'))).toBe(true);
  });
});
