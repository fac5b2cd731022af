/**
 * The printed voucher's layout (issue 40, 'Printed vouchers'; SPEC §7 POST /pdfVoucher/ and
 * /pdfMultiVoucher/): vouchers with 1 to 40 coverages, long names that wrap, rendered by the
 * product's renderer from built data (no database) and read back with pdfjs-dist. From the PDF's
 * own text positions: no two text boxes overlap, the 24-hour phone is printed whole on every page,
 * every coverage is printed, and no body text crosses the 'ASISTENCIA 24 HORAS' box.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import {
  footerLayout,
  renderVouchersPdf,
  type VoucherPrintData,
} from '../../src/server/services/voucherPrint';

const PHONE = '+54 11 5252-0000';
const BRAND = { brandName: 'Asistencia Demo', assistancePhone: PHONE };

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: PdfJs;
/** The assistance box as the renderer draws it (a rectangle: pdfjs reads text, not paths). */
let box: { left: number; right: number; bottom: number; top: number };

beforeAll(async () => {
  // pdfjs 6 expects Promise.withResolvers (Node 22); Node 20 lacks it (as in tests/server/refunds.test.ts).
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const created = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: created, resolve, reject };
  };
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await PDFDocument.create();
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const drawn = footerLayout(fonts, 595.28, PHONE).box;
  box = { left: drawn.x, right: drawn.x + drawn.width, bottom: drawn.y, top: drawn.y + drawn.height };
});

/** What the assistance box holds: its title, its note and the phone. */
const IN_BOX = new Set(['ASISTENCIA 24 HORAS', messages.bookings.pdf.assistanceText, PHONE]);

const LONG_NAMES = [
  'Asistencia médica por enfermedad no preexistente, incluida la internación y los medicamentos recetados',
  'Traslado sanitario y repatriación de restos en caso de fallecimiento del titular durante el viaje',
  'Compensación por demora, pérdida o daño del equipaje despachado en vuelo regular de línea aérea',
];

/** A voucher with `count` coverages: every third name long enough to wrap, limits of every kind. */
function voucherWith(count: number): VoucherPrintData {
  return {
    id: 1000 + count,
    reservationId: 500 + count,
    status: 3,
    productName: `Plan Mundial Premium ${count} coberturas con deportes invernales y embarazo hasta la semana 32`,
    supplierName: 'Proveedor Internacional de Asistencia al Viajero S.A.',
    rateName: 'Tarifa anual multiviaje con estadías de hasta 90 días',
    officeName: 'Oficina Central Buenos Aires',
    dateIn: '2026-07-01',
    dateOut: '2026-07-30',
    dateEmision: new Date('2026-06-15T12:00:00Z'),
    emergency: 'María José Fernández de la Torre Echeverría +54 9 11 4444-5555',
    pax: [
      {
        name: 'Lucía Inés',
        surname: 'Pérez Gómez de Alvear',
        doc_type: 'PASAPORTE',
        doc_number: 'AAB123456',
        birth_date: '1985-03-02',
      },
      { name: 'Juan', surname: 'Pérez', doc_type: 'DNI', doc_number: '30111222', birth_date: null },
    ],
    coverages: Array.from({ length: count }, (_, index) => ({
      name:
        index % 3 === 0
          ? `${index + 1}. ${LONG_NAMES[(index / 3) % LONG_NAMES.length]}`
          : `${index + 1}. Cobertura número ${index + 1}`,
      description: '',
      limit: index % 7 === 6 ? null : String(1000 * (index + 1) ** 3),
      currency: index % 2 ? 'EUR' : 'USD',
    })),
  };
}

interface Box {
  str: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
  baseline: number;
}

/**
 * Every text item of each page as a box: from the descender (Helvetica's, 0.21 of the size) below
 * the baseline up to the full font size above it. pdfjs' own spacer items (blank) are left out.
 */
async function readPages(bytes: Uint8Array): Promise<Box[][]> {
  const task = pdfjs.getDocument({
    data: bytes,
    standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
  });
  const document = await task.promise;
  const pages: Box[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const boxes: Box[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , , x, y] = item.transform as number[];
      const size = item.height;
      boxes.push({
        str: item.str,
        left: x,
        right: x + item.width,
        bottom: y - 0.21 * size,
        top: y + size,
        baseline: y,
      });
    }
    pages.push(boxes);
  }
  await task.destroy();
  return pages;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;

function overlapsOn(page: Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < page.length; i++)
    for (let j = i + 1; j < page.length; j++)
      if (overlaps(page[i], page[j])) found.push(`'${page[i].str}' over '${page[j].str}'`);
  return found;
}

const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Checks one voucher's pages: no overlap, the phone whole on each page, every coverage printed. */
function checkVoucher(voucher: VoucherPrintData, pages: Box[][]) {
  const count = voucher.coverages.length;
  for (const [index, page] of pages.entries()) {
    expect(overlapsOn(page), `${count} coverages, page ${index + 1}`).toEqual([]);
    const phone = page.filter((box) => box.str === PHONE);
    expect(phone, `${count} coverages, page ${index + 1}: the phone, whole`).toHaveLength(1);
    expect(
      page.filter((box) => box.str === 'ASISTENCIA 24 HORAS'),
      `${count} coverages, page ${index + 1}`,
    ).toHaveLength(1);
    // Only the box's own lines are inside it, and nothing else comes within 2 points of it.
    const near = {
      ...box,
      left: box.left - 2,
      right: box.right + 2,
      bottom: box.bottom - 2,
      top: box.top + 2,
    };
    const crossing = page.filter((item) => overlaps(item, { ...near, str: '', baseline: 0 }));
    expect(crossing.map((item) => item.str).sort(), `${count} coverages, page ${index + 1}: the box`).toEqual(
      [...IN_BOX].sort(),
    );
    for (const item of crossing)
      expect(item.bottom >= box.bottom && item.top <= box.top && item.right <= box.right).toBe(true);
  }
  const printed = squeeze(pages.flatMap((page) => page.map((box) => box.str)).join(' '));
  for (const coverage of voucher.coverages)
    expect(printed, `${count} coverages: '${coverage.name}' printed`).toContain(coverage.name);
  if (voucher.emergency) expect(printed).toContain(voucher.emergency);
}

describe('printed vouchers (issue 40)', () => {
  it('a voucher with 1 to 40 coverages: no text over another, the phone on every page, every coverage', async () => {
    for (let count = 1; count <= 40; count++) {
      const voucher = voucherWith(count);
      const pages = await readPages(await renderVouchersPdf(BRAND, [voucher], `Voucher ${voucher.id}`));
      checkVoucher(voucher, pages);
      // A short voucher stays one page; a long one flows on (issue 40).
      if (count === 1) expect(pages).toHaveLength(1);
      if (count === 40) expect(pages.length).toBeGreaterThan(1);
    }
  }, 60_000);

  it('the multivoucher gives each voucher its own pages, each page with the phone', async () => {
    const vouchers = [1, 19, 20, 40, 3].map(voucherWith);
    const pages = await readPages(await renderVouchersPdf(BRAND, vouchers, 'Multivoucher'));
    // Each page names its voucher in its header: 'Voucher N° 1019' or 'Voucher N° 1019 (continuación)'.
    const owner = (page: Box[]) =>
      Number(page.map((box) => /^Voucher N° (\d+)/.exec(box.str)?.[1]).find(Boolean) ?? Number.NaN);
    const owners = pages.map(owner);
    expect(owners.every((id) => Number.isInteger(id))).toBe(true);
    // Pages come in voucher order, each voucher's together.
    expect([...new Set(owners)]).toEqual(vouchers.map((voucher) => voucher.id));
    for (const voucher of vouchers)
      checkVoucher(
        voucher,
        pages.filter((_, index) => owners[index] === voucher.id),
      );
  });
});
