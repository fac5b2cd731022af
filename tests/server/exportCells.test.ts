/**
 * Exports a spreadsheet can sum and sort (issue 32 'Money, dates and exports'): every export is
 * generated on a real database and read back with exceljs: its header holds the list's columns
 * (the module descriptor's headers) and the fields the list is filtered by, its date cells are
 * Dates shown 'dd/mm/yyyy' and its amounts numbers shown '#,##0.00'.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorOf } from '../../src/client/resources/descriptors';
import type { ExportReport } from '../../src/contracts/exports';
import { exportWorkerOf } from '../../src/server/resources/exports';
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

function expectAmounts(cells: ExcelJS.Cell[]) {
  const filled = cells.filter((cell) => cell.value !== null && cell.value !== '');
  expect(filled.length).toBeGreaterThan(0);
  for (const cell of filled) {
    expect(typeof cell.value).toBe('number');
    expect(cell.numFmt).toBe('#,##0.00');
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
    for (const amount of ['Precio final', 'Comisión', 'Precio neto'])
      expectAmounts(column(sheet, amount, rows));
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
