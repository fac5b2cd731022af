/**
 * The voucher PDF's drawing (issue 15; SPEC §7 'Reservations, vouchers, passengers': POST
 * /pdfVoucher/ and /pdfMultiVoucher/): A4, in Spanish, with the traveller(s), product, supplier,
 * coverages with their limits, the travel dates, the 24-hour assistance phone and a QR code of the
 * voucher number; the brand comes from config (BRAND_NAME, ASSISTANCE_PHONE). pdf-lib draws it;
 * `qrcode` (node-qrcode, small and well kept) only computes the QR matrix, which is drawn as
 * rectangles (no image step). No database here: voucherPdf.ts loads what is printed.
 * Issue 40: positions come from measured text heights; the coverages flow onto continuation pages
 * and every page carries the footer with the 24-hour phone (docs/bookings.md, 'PDFs').
 */
// pdf-lib and qrcode load with the first PDF, not at start (issue 33).
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { STATUS, statusName } from '../../contracts/bookings';
import { formatDate, formatMoney, formatUtcDate } from '../../contracts/format';
import { messages } from '../../contracts/messages';

const text = messages.bookings.pdf;
/** Statuses only an issued voucher reaches (a cancellation request follows EMITIDO). */
const ISSUED_STATUSES: readonly number[] = [STATUS.EMITIDO, STATUS.PEDIDO_DE_CANCELACION];

export interface PdfBrand {
  brandName: string;
  assistancePhone: string;
}

export interface VoucherPrintData {
  id: number;
  reservationId: number;
  status: number;
  productName: string;
  supplierName: string;
  rateName: string;
  officeName: string;
  dateIn: string;
  dateOut: string;
  dateEmision: Date;
  emergency: string;
  pax: { name: string; surname: string; doc_type: string; doc_number: string; birth_date: string | null }[];
  coverages: { name: string; description: string; limit: string | null; currency: string }[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
/** The page's colours, made with pdf-lib's `rgb` once it is loaded. */
function paletteOf(rgb: typeof import('pdf-lib').rgb) {
  return {
    dark: rgb(0.12, 0.16, 0.22),
    accent: rgb(0.05, 0.33, 0.6),
    grey: rgb(0.42, 0.45, 0.5),
    white: rgb(1, 1, 1),
    black: rgb(0, 0, 0),
    rule: rgb(0.85, 0.87, 0.9),
  };
}
type Palette = ReturnType<typeof paletteOf>;
type QrEncoder = typeof import('qrcode');

const days = (from: string, to: string) =>
  Math.max(1, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);

/** Replaces what the standard fonts (WinAnsi) cannot draw, so a name never breaks a PDF. */
const printable = (value: string) => value.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function drawQr(
  page: PDFPage,
  { palette, qrCode }: { palette: Palette; qrCode: QrEncoder },
  value: string,
  x: number,
  y: number,
  size: number,
) {
  const qr = qrCode.create(value, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + 2);
  page.drawRectangle({ x, y, width: size, height: size, color: palette.white });
  for (let row = 0; row < count; row++)
    for (let column = 0; column < count; column++)
      if (qr.modules.get(row, column))
        page.drawRectangle({
          x: x + (column + 1) * cell,
          y: y + size - (row + 2) * cell,
          width: cell,
          height: cell,
          color: palette.black,
        });
}

/**
 * Where the header's parts sit, in points from the page's foot: the QR below the brand band at the
 * right, the title and two lines at the left, and the top of the first section below both.
 */
export function headerLayout(width: number, height: number) {
  const size = 100;
  const qr = { x: width - MARGIN - size, y: height - 100 - size, size };
  const lines = [height - 130, height - 150, height - 164] as const;
  return { qr, lines, sectionsTop: Math.min(lines[2], qr.y) - 6 };
}

/** The header's two lines: the reservation and status, then the date that fits the status. */
export function headerLines(
  data: Pick<VoucherPrintData, 'reservationId' | 'status' | 'dateEmision' | 'officeName'>,
) {
  // Only an issued voucher says 'Emitido'; a pending one shows when it was booked (issue 32).
  const dated = ISSUED_STATUSES.includes(data.status) ? text.issued : text.bookedOn;
  return [
    `${text.reservation} ${data.reservationId}   ${text.status}: ${statusName(data.status)}`,
    `${dated}: ${formatUtcDate(data.dateEmision)}   ${text.office}: ${data.officeName}`,
  ] as const;
}

/** The text cut with '…' to fit `maxWidth` points (a long office name never runs under the QR). */
function fitted(value: string, font: PDFFont, size: number, maxWidth: number): string {
  const clean = printable(value);
  if (font.widthOfTextAtSize(clean, size) <= maxWidth) return clean;
  let cut = clean;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

type Fonts = { regular: PDFFont; bold: PDFFont };

// The layout's spacing, in points (issue 40): every position below is computed from these and from
// the fonts' measured heights, so no two lines can meet whatever the data's length.
/** Between blocks; also the assistance box's inner padding. */
const GAP = 10;
/** Between two lines of one block. */
const LINE_GAP = 2.5;
/** The terms line's descender stays this far above the page's foot. */
const FOOT = 34;
/** Above a section's heading, and between its rule and its first line. */
const SECTION_BEFORE = 14;
const SECTION_AFTER = 6;
/** Between two rows of a section (a hairline splits the coverage table's rows in the middle). */
const ROW_GAP = 3.5;
/** Where a passenger's document starts, and the coverage table's widest and narrowest limit column. */
const DOCUMENT_X = 300;
const LIMIT_COLUMN = { min: 100, max: 190 };
/** A coverage's name is cut with '...' past this many lines (a name is never a page long). */
const NAME_LINES = 6;

/** A line's box at `size`: the font's measured descender below the baseline, the em above it. */
function lineBox(font: PDFFont, size: number) {
  const descent = font.heightAtSize(size) - font.heightAtSize(size, { descender: false });
  return { ascent: size, descent, height: size + descent };
}

/** Lines of one font and size, drawn from `x`. */
interface TextBlock {
  lines: string[];
  font: PDFFont;
  size: number;
  x: number;
}

/**
 * The text broken at spaces to fit `maxWidth` (a word wider than that is cut where it fills a
 * line); runs of spaces inside a line stay, as the header's separators use them.
 */
function wrap(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const words = printable(value).trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (!line && !word) continue;
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    let rest = word;
    while (rest.length > 1 && font.widthOfTextAtSize(rest, size) > maxWidth) {
      let end = rest.length - 1;
      while (end > 1 && font.widthOfTextAtSize(rest.slice(0, end), size) > maxWidth) end--;
      lines.push(rest.slice(0, end));
      rest = rest.slice(end);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line.trimEnd());
  return lines;
}

function textBlock(
  value: string,
  font: PDFFont,
  size: number,
  x: number,
  maxWidth: number,
  maxLines = Number.POSITIVE_INFINITY,
): TextBlock {
  const lines = wrap(value, font, size, maxWidth);
  if (lines.length > maxLines)
    lines.splice(
      maxLines - 1,
      lines.length,
      fitted(lines.slice(maxLines - 1).join(' '), font, size, maxWidth),
    );
  return { lines, font, size, x };
}

const blockHeight = (block: TextBlock) =>
  block.lines.length * lineBox(block.font, block.size).height + (block.lines.length - 1) * LINE_GAP;

/** Draws the block with its first line's top at `top`. */
function drawBlock(page: PDFPage, block: TextBlock, top: number, color: Color) {
  const box = lineBox(block.font, block.size);
  block.lines.forEach((line, index) => {
    if (!line) return;
    page.drawText(line, {
      x: block.x,
      y: top - box.ascent - index * (box.height + LINE_GAP),
      size: block.size,
      font: block.font,
      color,
    });
  });
}

/**
 * The foot of every page, built bottom-up from measured heights: the terms line (with, at its
 * right, which page of the voucher this is), then the 'ASISTENCIA 24 HORAS' box holding its
 * title, the note and the phone. The page's body never goes below `bodyFloor`.
 */
export function footerLayout(fonts: Fonts, width: number, phone: string) {
  const x = MARGIN + GAP + 2;
  const inner = width - 2 * x;
  const terms = lineBox(fonts.regular, 8);
  const termsBaseline = FOOT + terms.descent;
  const title = textBlock(text.assistance.toUpperCase(), fonts.bold, 10, x, inner, 1);
  const note = textBlock(text.assistanceText, fonts.regular, 9, x, inner);
  const number = textBlock(phone, fonts.bold, 14, x, inner);
  const parts = [title, note, number];
  const boxY = termsBaseline + terms.ascent + GAP;
  const height = 2 * GAP + parts.reduce((sum, part) => sum + blockHeight(part), 0) + 2 * (LINE_GAP + 2);
  const box = { x: MARGIN, y: boxY, width: width - 2 * MARGIN, height };
  const tops: number[] = [];
  let top = boxY + height - GAP;
  for (const part of parts) {
    tops.push(top);
    top -= blockHeight(part) + LINE_GAP + 2;
  }
  return {
    box,
    termsBaseline,
    title: { block: title, top: tops[0] },
    note: { block: note, top: tops[1] },
    phone: { block: number, top: tops[2] },
    bodyFloor: boxY + height + GAP + 4,
  };
}
type Footer = ReturnType<typeof footerLayout>;

function drawFooter(page: PDFPage, fonts: Fonts, palette: Palette, footer: Footer, label: string | null) {
  const { accent, dark, grey } = palette;
  const [width] = A4;
  page.drawRectangle({ ...footer.box, borderColor: accent, borderWidth: 1.2 });
  drawBlock(page, footer.title.block, footer.title.top, accent);
  drawBlock(page, footer.note.block, footer.note.top, dark);
  drawBlock(page, footer.phone.block, footer.phone.top, dark);
  const labelWidth = label ? fonts.regular.widthOfTextAtSize(printable(label), 8) : 0;
  const termsWidth = width - 2 * MARGIN - (label ? labelWidth + 2 * GAP : 0);
  page.drawText(fitted(text.terms, fonts.regular, 8, termsWidth), {
    x: MARGIN,
    y: footer.termsBaseline,
    size: 8,
    font: fonts.regular,
    color: grey,
  });
  if (label)
    page.drawText(printable(label), {
      x: width - MARGIN - labelWidth,
      y: footer.termsBaseline,
      size: 8,
      font: fonts.regular,
      color: grey,
    });
}

/** The first page's header: brand band, title, reservation lines and the QR; answers where the body starts. */
function drawFirstHeader(
  page: PDFPage,
  fonts: Fonts,
  drawing: { palette: Palette; qrCode: QrEncoder },
  brand: PdfBrand,
  data: VoucherPrintData,
): number {
  const { dark, accent, grey, white } = drawing.palette;
  const [width, height] = A4;
  const write = (value: string, y: number, options: { size: number; bold?: boolean; color: Color }) =>
    page.drawText(printable(value), {
      x: MARGIN,
      y,
      size: options.size,
      font: options.bold ? fonts.bold : fonts.regular,
      color: options.color,
    });
  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: accent });
  write(fitted(brand.brandName, fonts.bold, 20, width - 2 * MARGIN), height - 45, {
    size: 20,
    bold: true,
    color: white,
  });
  write(text.title, height - 70, { size: 11, color: white });
  // The QR sits beside the title and the header lines, which stop short of it; the sections start
  // below both (issue 32: the QR no longer overlaps the PASAJERO rule).
  const layout = headerLayout(width, height);
  drawQr(page, drawing, `VOUCHER-${data.id}`, layout.qr.x, layout.qr.y, layout.qr.size);
  const beside = layout.qr.x - MARGIN - 12;
  const [title, reservation, issued] = layout.lines;
  write(fitted(`${text.voucher} ${data.id}`, fonts.bold, 18, beside), title, {
    size: 18,
    bold: true,
    color: dark,
  });
  write(fitted(headerLines(data)[0], fonts.regular, 10, beside), reservation, { size: 10, color: grey });
  write(fitted(headerLines(data)[1], fonts.regular, 10, beside), issued, { size: 10, color: grey });
  return layout.sectionsTop;
}

/** A continuation page's header: a narrower band, 'Voucher N° n (continuación)' and the reservation line. */
function drawContinuationHeader(
  page: PDFPage,
  fonts: Fonts,
  palette: Palette,
  brand: PdfBrand,
  data: VoucherPrintData,
): number {
  const [width, height] = A4;
  const band = 50;
  const content = width - 2 * MARGIN;
  page.drawRectangle({ x: 0, y: height - band, width, height: band, color: palette.accent });
  const brandLine = textBlock(brand.brandName, fonts.bold, 14, MARGIN, content, 1);
  drawBlock(page, brandLine, height - (band - blockHeight(brandLine)) / 2, palette.white);
  const title = textBlock(
    `${text.voucher} ${data.id} (${text.continued})`,
    fonts.bold,
    14,
    MARGIN,
    content,
    1,
  );
  const titleTop = height - band - 2 * GAP;
  drawBlock(page, title, titleTop, palette.dark);
  const line = textBlock(headerLines(data)[0], fonts.regular, 10, MARGIN, content, 1);
  const lineTop = titleTop - blockHeight(title) - LINE_GAP - 2;
  drawBlock(page, line, lineTop, palette.grey);
  return lineTop - blockHeight(line);
}

/** One part of a row: a block at `offset` below the row's top. */
interface Cell {
  block: TextBlock;
  offset: number;
  color: Color;
}
const rowHeight = (row: readonly Cell[]) =>
  Math.max(0, ...row.map((cell) => cell.offset + blockHeight(cell.block)));

/**
 * Draws one voucher on as many pages as it needs (issue 40): the body flows down from the header,
 * and a row that would reach the footer starts a continuation page, which repeats the running
 * section's heading (and the coverage table's column header). A section's heading never ends a
 * page: it moves on with its first row. Every page gets the footer with the 24-hour phone.
 */
function drawVoucher(
  document: import('pdf-lib').PDFDocument,
  fonts: Fonts,
  drawing: { palette: Palette; qrCode: QrEncoder },
  brand: PdfBrand,
  footer: Footer,
  data: VoucherPrintData,
) {
  const { dark, accent, grey } = drawing.palette;
  const [width] = A4;
  const right = width - MARGIN;
  const content = right - MARGIN;
  const pages: PDFPage[] = [];
  let page = document.addPage(A4);
  pages.push(page);
  /** The lowest point the page's body has used. */
  let cursor = drawFirstHeader(page, fonts, drawing, brand, data);
  /** Redraws the running section's heading atop a continuation page. */
  let continuation: (() => void) | null = null;

  /** Starts a continuation page unless `height` more fits above the footer. */
  const room = (height: number) => {
    if (cursor - height >= footer.bodyFloor) return false;
    page = document.addPage(A4);
    pages.push(page);
    cursor = drawContinuationHeader(page, fonts, drawing.palette, brand, data);
    continuation?.();
    return true;
  };
  const headingBox = lineBox(fonts.bold, 11);
  const headingHeight = SECTION_BEFORE + headingBox.height + 2 + SECTION_AFTER;
  const heading = (title: string) => {
    const block = textBlock(title.toUpperCase(), fonts.bold, 11, MARGIN, content, 1);
    const top = cursor - SECTION_BEFORE;
    drawBlock(page, block, top, accent);
    const rule = top - blockHeight(block) - 2;
    page.drawLine({
      start: { x: MARGIN, y: rule },
      end: { x: right, y: rule },
      thickness: 0.7,
      color: accent,
    });
    cursor = rule - SECTION_AFTER;
  };
  /**
   * Draws a row `before` points under the cursor; on a new page if it does not fit, then
   * `afterBreak` points under the repeated heading.
   */
  const put = (row: readonly Cell[], before: number, afterBreak = before) => {
    const broke = room(before + rowHeight(row));
    const top = cursor - (broke ? afterBreak : before);
    for (const cell of row) drawBlock(page, cell.block, top - cell.offset, cell.color);
    cursor = top - rowHeight(row);
    return broke;
  };
  /** A section: its heading stays with its first rows (`keep`: their height), and repeats on continuation pages. */
  const section = (title: string, keep: number, after?: () => void) => {
    continuation = null;
    room(headingHeight + keep);
    heading(title);
    after?.();
    continuation = () => {
      heading(`${title} (${text.continued})`);
      after?.();
    };
  };
  const line = (value: string, options: { bold?: boolean; size?: number; color?: Color } = {}): Cell[] => [
    {
      block: textBlock(value, options.bold ? fonts.bold : fonts.regular, options.size ?? 10, MARGIN, content),
      offset: 0,
      color: options.color ?? dark,
    },
  ];

  // Travellers: the name at the left, the document at the right, the birth date under the name.
  const paxRows = data.pax.map((passenger): Cell[] => {
    const name = textBlock(
      `${passenger.surname.toUpperCase()}, ${passenger.name}`,
      fonts.bold,
      10,
      MARGIN,
      DOCUMENT_X - GAP - MARGIN,
    );
    const row: Cell[] = [
      { block: name, offset: 0, color: dark },
      {
        block: textBlock(
          `${text.document}: ${passenger.doc_type} ${passenger.doc_number}`,
          fonts.regular,
          10,
          DOCUMENT_X,
          right - DOCUMENT_X,
        ),
        offset: 0,
        color: dark,
      },
    ];
    if (passenger.birth_date)
      row.push({
        block: textBlock(
          `${text.birthDate}: ${formatDate(passenger.birth_date)}`,
          fonts.regular,
          9,
          MARGIN,
          content,
        ),
        offset: blockHeight(name) + LINE_GAP,
        color: grey,
      });
    return row;
  });
  section(text.traveller, paxRows.length ? rowHeight(paxRows[0]) : 0);
  for (const [index, row] of paxRows.entries()) put(row, index ? ROW_GAP : 0, 0);

  const product = line(`${text.product}: ${data.productName}`, { bold: true });
  section(text.product, rowHeight(product));
  put(product, 0);
  put(line(`${text.supplier}: ${data.supplierName}   ${text.rate}: ${data.rateName}`), LINE_GAP + 2, 0);

  const dates = line(
    `${text.from} ${formatDate(data.dateIn)}  ${text.to} ${formatDate(data.dateOut)}  (${days(data.dateIn, data.dateOut)} ${text.days})`,
    { bold: true },
  );
  section(text.dates, rowHeight(dates));
  put(dates, 0);

  // Coverages: a table of name and limit, its column header repeated on every page it reaches.
  const limits = data.coverages.map((coverage) =>
    coverage.limit === null ? '-' : formatMoney(coverage.limit, coverage.currency),
  );
  const limitWidth = Math.min(
    LIMIT_COLUMN.max,
    Math.max(
      LIMIT_COLUMN.min,
      fonts.bold.widthOfTextAtSize(printable(text.limit.toUpperCase()), 9),
      ...limits.map((limit) => fonts.regular.widthOfTextAtSize(printable(limit), 10)),
    ),
  );
  const limitX = right - limitWidth;
  const nameWidth = limitX - 2 * GAP - MARGIN;
  const columnHeader: Cell[] = [
    {
      block: textBlock(text.coverage.toUpperCase(), fonts.bold, 9, MARGIN, nameWidth, 1),
      offset: 0,
      color: grey,
    },
    {
      block: textBlock(text.limit.toUpperCase(), fonts.bold, 9, limitX, limitWidth, 1),
      offset: 0,
      color: grey,
    },
  ];
  const tableHeader = () => {
    const top = cursor;
    for (const cell of columnHeader) drawBlock(page, cell.block, top, cell.color);
    const rule = top - rowHeight(columnHeader) - 2;
    page.drawLine({ start: { x: MARGIN, y: rule }, end: { x: right, y: rule }, thickness: 0.5, color: grey });
    cursor = rule;
  };
  const coverageRows = data.coverages.map((coverage, index): Cell[] => [
    {
      block: textBlock(coverage.name, fonts.regular, 10, MARGIN, nameWidth, NAME_LINES),
      offset: 0,
      color: dark,
    },
    { block: textBlock(limits[index], fonts.regular, 10, limitX, limitWidth), offset: 0, color: dark },
  ]);
  if (!coverageRows.length) {
    const none = line(text.noCoverages, { color: grey });
    section(text.coverages, rowHeight(none));
    put(none, 0);
  } else {
    section(text.coverages, rowHeight(columnHeader) + 2 + ROW_GAP + rowHeight(coverageRows[0]), tableHeader);
    for (const [index, row] of coverageRows.entries()) {
      const previous = cursor;
      // A hairline between two rows of one page.
      if (!put(row, ROW_GAP) && index) {
        const rule = previous - ROW_GAP / 2;
        page.drawLine({
          start: { x: MARGIN, y: rule },
          end: { x: right, y: rule },
          thickness: 0.3,
          color: drawing.palette.rule,
        });
      }
    }
  }

  if (data.emergency) {
    const emergency = line(data.emergency);
    section(text.emergencyContact, rowHeight(emergency));
    put(emergency, 0);
  }
  continuation = null;

  for (const [index, each] of pages.entries()) {
    const label = pages.length > 1 ? text.pageOf(data.id, index + 1, pages.length) : null;
    drawFooter(each, fonts, drawing.palette, footer, label);
  }
}

/**
 * One PDF with each voucher on its own pages (a single voucher or a reservation's multivoucher):
 * usually one page, more when its coverages do not fit (issue 40).
 */
export async function renderVouchersPdf(
  brand: PdfBrand,
  data: readonly VoucherPrintData[],
  title: string,
): Promise<Uint8Array> {
  const [{ PDFDocument, StandardFonts, rgb }, qrCode] = await Promise.all([
    import('pdf-lib'),
    import('qrcode'),
  ]);
  const drawing = { palette: paletteOf(rgb), qrCode };
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setAuthor(brand.brandName);
  document.setLanguage('es-AR');
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const footer = footerLayout(fonts, A4[0], brand.assistancePhone);
  for (const voucher of data) drawVoucher(document, fonts, drawing, brand, footer, voucher);
  return document.save();
}
