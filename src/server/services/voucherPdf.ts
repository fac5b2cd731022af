/**
 * Voucher PDFs (issue 15; SPEC §7 POST /pdfVoucher/ and /pdfMultiVoucher/): A4, in Spanish, one
 * page per voucher with the traveller(s), product, supplier, coverages with their limits, the
 * travel dates, the 24-hour assistance phone and a QR code of the voucher number; the brand comes
 * from config (BRAND_NAME, ASSISTANCE_PHONE). pdf-lib draws it; `qrcode` (node-qrcode, small and
 * well kept) only computes the QR matrix, which is drawn as rectangles (no image step).
 */
import { asc, eq, inArray } from 'drizzle-orm';
// pdf-lib and qrcode load with the first PDF, not at start (issue 33).
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { STATUS, statusName } from '../../contracts/bookings';
import { formatDate, formatMoney, formatUtcDate } from '../../contracts/format';
import { messages } from '../../contracts/messages';
import {
  coverages,
  currencies,
  offices,
  productCoverages,
  products,
  reservations,
  suppliers,
  vouchers,
} from '../db/schema';
import { paxOfVouchers } from '../resources/bookings';
import type { Reader } from '../resources/engine';

const text = messages.bookings.pdf;
/** Statuses only an issued voucher reaches (a cancellation request follows EMITIDO). */
const ISSUED_STATUSES: readonly number[] = [STATUS.EMITIDO, STATUS.PEDIDO_DE_CANCELACION];

export interface PdfBrand {
  brandName: string;
  assistancePhone: string;
}

interface VoucherPrintData {
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

/** Everything printed for these vouchers, in id order (two queries plus one per distinct product). */
export async function loadPrintData(reader: Reader, ids: readonly number[]): Promise<VoucherPrintData[]> {
  if (!ids.length) return [];
  const rows = await reader
    .select({
      id: vouchers.id,
      reservationId: vouchers.reservationId,
      status: vouchers.status,
      productId: vouchers.productId,
      productName: products.longName,
      supplierName: suppliers.longName,
      rateName: vouchers.rateLongName,
      officeName: offices.longName,
      dateIn: reservations.dateIn,
      dateOut: reservations.dateOut,
      dateEmision: reservations.dateEmision,
      emergencyName: reservations.contactEmergencyName,
      emergencySurname: reservations.contactEmergencySurname,
      emergencyPhone: reservations.contactEmergencyPhone,
    })
    .from(vouchers)
    .innerJoin(reservations, eq(reservations.id, vouchers.reservationId))
    .leftJoin(products, eq(products.id, vouchers.productId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(offices, eq(offices.id, reservations.officeId))
    .where(inArray(vouchers.id, [...ids]))
    .orderBy(asc(vouchers.id));
  const productIds = [...new Set(rows.map((row) => row.productId).filter((id): id is number => id !== null))];
  const coverageRows = productIds.length
    ? await reader
        .select({
          productId: productCoverages.productId,
          name: coverages.longNameEs,
          description: coverages.description,
          limit: productCoverages.limitAmount,
          currency: currencies.shortName,
        })
        .from(productCoverages)
        .innerJoin(coverages, eq(coverages.id, productCoverages.coverageId))
        .leftJoin(currencies, eq(currencies.id, productCoverages.currencyId))
        .where(inArray(productCoverages.productId, productIds))
        .orderBy(asc(coverages.longNameEs), asc(coverages.id))
    : [];
  const pax = await paxOfVouchers(
    reader,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    reservationId: row.reservationId,
    status: row.status,
    productName: row.productName ?? '',
    supplierName: row.supplierName ?? '',
    rateName: row.rateName,
    officeName: row.officeName ?? '',
    dateIn: row.dateIn,
    dateOut: row.dateOut,
    dateEmision: row.dateEmision,
    emergency: [row.emergencyName, row.emergencySurname, row.emergencyPhone].filter(Boolean).join(' '),
    pax: pax.get(row.id) ?? [],
    coverages: coverageRows
      .filter((coverage) => coverage.productId === row.productId)
      .map((coverage) => ({
        name: coverage.name,
        description: coverage.description,
        limit: coverage.limit,
        currency: coverage.currency ?? 'USD',
      })),
  }));
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

function drawVoucherPage(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  drawing: { palette: Palette; qrCode: QrEncoder },
  brand: PdfBrand,
  data: VoucherPrintData,
) {
  const { dark, accent, grey, white } = drawing.palette;
  const [width, height] = A4;
  let y = height - MARGIN;
  const write = (
    value: string,
    options: { x?: number; size?: number; bold?: boolean; color?: Color } = {},
  ) => {
    page.drawText(printable(value), {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 10,
      font: options.bold ? fonts.bold : fonts.regular,
      color: options.color ?? dark,
    });
  };
  // Header band with the brand.
  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: accent });
  y = height - 45;
  write(brand.brandName, { size: 20, bold: true, color: white });
  y = height - 70;
  write(text.title, { size: 11, color: white });
  // The QR sits beside the title and the header lines, which stop short of it; the sections start
  // below both (issue 32: the QR no longer overlaps the PASAJERO rule).
  const layout = headerLayout(width, height);
  drawQr(page, drawing, `VOUCHER-${data.id}`, layout.qr.x, layout.qr.y, layout.qr.size);
  const beside = layout.qr.x - MARGIN - 12;
  const [title, reservation, issued] = layout.lines;
  y = title;
  write(fitted(`${text.voucher} ${data.id}`, fonts.bold, 18, beside), { size: 18, bold: true });
  y = reservation;
  write(fitted(headerLines(data)[0], fonts.regular, 10, beside), { color: grey });
  y = issued;
  write(fitted(headerLines(data)[1], fonts.regular, 10, beside), { color: grey });
  y = layout.sectionsTop;

  const section = (title: string) => {
    y -= 28;
    write(title.toUpperCase(), { size: 11, bold: true, color: accent });
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: width - MARGIN, y: y - 4 },
      thickness: 0.7,
      color: accent,
    });
    y -= 18;
  };
  section(text.traveller);
  for (const passenger of data.pax) {
    write(`${passenger.surname.toUpperCase()}, ${passenger.name}`, { bold: true });
    write(`${text.document}: ${passenger.doc_type} ${passenger.doc_number}`, { x: 300 });
    y -= 13;
    if (passenger.birth_date) {
      write(`${text.birthDate}: ${formatDate(passenger.birth_date)}`, { color: grey, size: 9 });
      y -= 13;
    }
  }
  section(text.product);
  write(`${text.product}: ${data.productName}`, { bold: true });
  y -= 14;
  write(`${text.supplier}: ${data.supplierName}   ${text.rate}: ${data.rateName}`);
  section(text.dates);
  write(
    `${text.from} ${formatDate(data.dateIn)}  ${text.to} ${formatDate(data.dateOut)}  (${days(data.dateIn, data.dateOut)} ${text.days})`,
    { bold: true },
  );
  section(text.coverages);
  if (!data.coverages.length) write(text.noCoverages, { color: grey });
  for (const coverage of data.coverages.slice(0, 22)) {
    write(coverage.name);
    write(
      `${text.limit}: ${coverage.limit === null ? '-' : formatMoney(coverage.limit, coverage.currency)}`,
      { x: 360 },
    );
    y -= 14;
  }
  if (data.emergency) {
    section(text.emergencyContact);
    write(data.emergency);
  }
  // The assistance box at the foot of the page.
  page.drawRectangle({
    x: MARGIN,
    y: 70,
    width: width - 2 * MARGIN,
    height: 70,
    borderColor: accent,
    borderWidth: 1.2,
  });
  y = 118;
  write(text.assistance.toUpperCase(), { x: MARGIN + 12, bold: true, color: accent });
  y = 101;
  write(`${text.assistanceText}`, { x: MARGIN + 12, size: 9 });
  y = 82;
  write(brand.assistancePhone, { x: MARGIN + 12, size: 14, bold: true });
  y = 50;
  write(text.terms, { size: 8, color: grey });
}

/** One PDF with a page per voucher (a single voucher or a reservation's multivoucher). */
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
  for (const voucher of data) drawVoucherPage(document.addPage(A4), fonts, drawing, brand, voucher);
  return document.save();
}
