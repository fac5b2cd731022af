/**
 * Voucher PDFs (issue 15; SPEC §7 POST /pdfVoucher/ and /pdfMultiVoucher/): what is printed, loaded
 * here; voucherPrint.ts draws it (no database there, so a unit test renders built data).
 */
import { asc, eq, inArray } from 'drizzle-orm';
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
import type { VoucherPrintData } from './voucherPrint';

export {
  headerLayout,
  headerLines,
  type PdfBrand,
  renderVouchersPdf,
  type VoucherPrintData,
} from './voucherPrint';

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
