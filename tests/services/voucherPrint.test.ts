/**
 * The printed voucher's layout (issue 40, 'Printed vouchers'; SPEC §7 POST /pdfVoucher/ and
 * /pdfMultiVoucher/): vouchers with 1 to 40 coverages, long names that wrap, rendered by the
 * product's renderer from built data (no database) and read back with pdfjs-dist. From the PDF's
 * own text positions: no two text boxes overlap, the 24-hour phone is printed whole on every page,
 * every coverage is printed, and no body text crosses the 'ASISTENCIA 24 HORAS' box.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderVouchersPdf, type VoucherPrintData } from '../../src/server/services/voucherPrint';
import { type Area, assistanceBox, readPages, type TextBox, voucherPageProblems } from './voucherPdfText';

const PHONE = '+54 11 5252-0000';
const BRAND = { brandName: 'Asistencia Demo', assistancePhone: PHONE };

/** The assistance box as the renderer draws it (a rectangle: pdfjs reads text, not paths). */
let box: Area;

beforeAll(async () => {
  box = await assistanceBox(PHONE);
});

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

type Box = TextBox;

/** Checks one voucher's pages (./voucherPdfText.ts): no overlap, the phone whole on each page, every coverage printed. */
function checkVoucher(voucher: VoucherPrintData, pages: Box[][]) {
  expect(
    voucherPageProblems(pages, {
      phone: PHONE,
      box,
      coverages: voucher.coverages.map((coverage) => coverage.name),
      emergency: voucher.emergency,
    }),
  ).toEqual([]);
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
