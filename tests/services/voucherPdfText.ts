/**
 * Reading a printed voucher back from its PDF (issue 40, 'Printed vouchers'): the text items of
 * each page as boxes, from pdfjs-dist's own text positions, and what is wrong with a voucher's
 * pages (two boxes overlapping, the 24-hour phone missing or cut, text crossing the 'ASISTENCIA
 * 24 HORAS' box, a coverage not printed). Shared by the renderer's test
 * (tests/services/voucherPrint.test.ts) and the browser suite's check of a voucher printed by the
 * shipped server (tests/e2e/figures.spec.ts); each asserts the problems list is empty.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { messages } from '../../src/contracts/messages';
import { footerLayout } from '../../src/server/services/voucherPrint';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | undefined;

/** pdfjs-dist's legacy build (Node), with Promise.withResolvers where Node 20 lacks it. */
function pdfJs(): Promise<PdfJs> {
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
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
}

export interface TextBox {
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
export async function readPages(bytes: Uint8Array): Promise<TextBox[][]> {
  const pdfjs = await pdfJs();
  const task = pdfjs.getDocument({
    data: bytes,
    standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
  });
  const document = await task.promise;
  const pages: TextBox[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const boxes: TextBox[] = [];
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

export const overlaps = (a: TextBox, b: TextBox) =>
  a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;

/** Every pair of a page's boxes that overlap, as "'a' over 'b'". */
export function overlapsOn(page: readonly TextBox[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < page.length; i++)
    for (let j = i + 1; j < page.length; j++)
      if (overlaps(page[i], page[j])) found.push(`'${page[i].str}' over '${page[j].str}'`);
  return found;
}

export type Area = Pick<TextBox, 'left' | 'right' | 'bottom' | 'top'>;

/** The 'ASISTENCIA 24 HORAS' box as the renderer draws it on A4 (pdfjs reads text, not paths). */
export async function assistanceBox(phone: string): Promise<Area> {
  const document = await PDFDocument.create();
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const drawn = footerLayout(fonts, 595.28, phone).box;
  return { left: drawn.x, right: drawn.x + drawn.width, bottom: drawn.y, top: drawn.y + drawn.height };
}

const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * What is wrong with one voucher's pages (empty: nothing): on every page no text over another,
 * the phone printed whole once, 'ASISTENCIA 24 HORAS' once, and only the box's own lines inside
 * it (nothing else within 2 points of it); over the pages, every coverage and the emergency
 * contact printed.
 */
export function voucherPageProblems(
  pages: readonly (readonly TextBox[])[],
  expected: { phone: string; box: Area; coverages: readonly string[]; emergency?: string | null },
): string[] {
  const { phone, box } = expected;
  const inBox = [messages.bookings.pdf.assistanceText, 'ASISTENCIA 24 HORAS', phone].sort();
  const problems: string[] = [];
  const count = expected.coverages.length;
  for (const [index, page] of pages.entries()) {
    const where = `${count} coverages, page ${index + 1}`;
    for (const overlap of overlapsOn(page)) problems.push(`${where}: ${overlap}`);
    const phones = page.filter((item) => item.str === phone).length;
    if (phones !== 1) problems.push(`${where}: the phone printed whole ${phones} times`);
    const titles = page.filter((item) => item.str === 'ASISTENCIA 24 HORAS').length;
    if (titles !== 1) problems.push(`${where}: 'ASISTENCIA 24 HORAS' printed ${titles} times`);
    const near = { left: box.left - 2, right: box.right + 2, bottom: box.bottom - 2, top: box.top + 2 };
    const crossing = page.filter((item) => overlaps(item, { ...near, str: '', baseline: 0 }));
    const crossingTexts = crossing.map((item) => item.str).sort();
    if (JSON.stringify(crossingTexts) !== JSON.stringify(inBox))
      problems.push(`${where}: the box holds ${JSON.stringify(crossingTexts)}`);
    for (const item of crossing)
      if (!(item.bottom >= box.bottom && item.top <= box.top && item.right <= box.right))
        problems.push(`${where}: '${item.str}' crosses the box's edge`);
  }
  const printed = squeeze(pages.flatMap((page) => page.map((item) => item.str)).join(' '));
  for (const coverage of expected.coverages)
    if (!printed.includes(squeeze(coverage))) problems.push(`${count} coverages: '${coverage}' not printed`);
  if (expected.emergency && !printed.includes(squeeze(expected.emergency)))
    problems.push(`the emergency contact '${expected.emergency}' not printed`);
  return problems;
}
