/**
 * Demo data of the public refund portal: one claimable voucher per payment-rule family (ARG,
 * CHL, COL, MEX, USA, ESP for IBAN, PER for the CCI, BRA for the other countries), plus one
 * voucher past the 30-day window and one cancelled voucher. Robust to seed order: countries,
 * coverages and a product are reused when present and created (short names 'REF-...') otherwise.
 * Returns the `Demo refund login: documento <DOCUMENT> voucher <VOUCHER>` lines main.ts prints.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { localTodayIso } from '../../../contracts/refund';
import { findCountryByIso3 } from '../../../contracts/static';
import type { Transaction } from '../client';
import {
  countries,
  coverages,
  offices,
  passengers,
  productCoverages,
  products,
  reservations,
  users,
  voucherPassengers,
  vouchers,
} from '../schema';

function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

interface DemoTraveller {
  name: string;
  surname: string;
  docNumber: string;
  country: string;
  email: string;
  phone: string;
  /** Trip dates relative to today. */
  inDays: number;
  outDays: number;
  status: number;
  claimable: boolean;
}

export const DEMO_REFUND_TRAVELLERS: readonly DemoTraveller[] = [
  t('Lucía', 'Fernández', '30123456', 'ARG', -20, -10),
  t('Matías', 'Rojas', '16789012', 'CHL', -15, -5),
  t('Valentina', 'Gómez', '1020304050', 'COL', -12, -2),
  t('Diego', 'Hernández', 'HEDD850101', 'MEX', -25, -20),
  t('Emily', 'Johnson', 'X98765432', 'USA', -2, 15),
  t('Javier', 'García', '12345678Z', 'ESP', -8, -1),
  t('Rosa', 'Quispe', '45678912', 'PER', -30, -29),
  t('João', 'Silva', '12345678909', 'BRA', -3, 10),
  { ...t('Pedro', 'Vencido', '30999888', 'ARG', -60, -45), claimable: false },
  { ...t('Ana', 'Cancelada', '30777666', 'ARG', -10, -3), status: 2, claimable: false },
];

function t(
  name: string,
  surname: string,
  docNumber: string,
  country: string,
  inDays: number,
  outDays: number,
) {
  const email = `${name}.${surname}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return {
    name,
    surname,
    docNumber,
    country,
    email: `${email}@example.com`,
    phone: `11${docNumber.replace(/\D/g, '').padEnd(8, '0').slice(0, 8)}`,
    inDays,
    outDays,
    status: 3,
    claimable: true,
  };
}

const DEMO_COVERAGES = [
  {
    shortName: 'REF-MED',
    longNameEs: 'Asistencia médica por enfermedad',
    requiredItems: ['Factura o recibo de pago', 'Informe o certificado médico'],
    isMultiCause: false,
  },
  {
    shortName: 'REF-FARM',
    longNameEs: 'Gastos de farmacia',
    requiredItems: ['Receta médica', 'Factura de farmacia'],
    isMultiCause: false,
  },
  {
    shortName: 'REF-EQUI',
    longNameEs: 'Demora de equipaje',
    requiredItems: [
      'Constancia de reclamo a la aerolínea (PIR)',
      'Tarjeta de embarque',
      'Comprobantes de compra',
    ],
    isMultiCause: false,
  },
  {
    shortName: 'REF-CANC',
    longNameEs: 'Cancelación de viaje multicausa',
    requiredItems: ['Carta de penalidad del prestador', 'Comprobantes de pago de los servicios'],
    isMultiCause: true,
  },
];

/** A product with a multi-cause coverage and at least two others; created when none exists. */
async function demoProductId(tx: Transaction): Promise<number> {
  const candidates = await tx
    .select({ productId: productCoverages.productId, isMultiCause: coverages.isMultiCause })
    .from(productCoverages)
    .innerJoin(coverages, eq(coverages.id, productCoverages.coverageId))
    .innerJoin(products, eq(products.id, productCoverages.productId))
    .where(eq(products.isEnabled, true));
  const byProduct = new Map<number, { multi: number; other: number }>();
  for (const row of candidates) {
    const entry = byProduct.get(row.productId) ?? { multi: 0, other: 0 };
    if (row.isMultiCause) entry.multi++;
    else entry.other++;
    byProduct.set(row.productId, entry);
  }
  const suitable = [...byProduct.entries()]
    .filter(([, counts]) => counts.multi >= 1 && counts.other >= 2)
    .sort(([a], [b]) => a - b);
  if (suitable.length) return suitable[0][0];

  await tx
    .insert(coverages)
    .values(DEMO_COVERAGES.map((coverage) => ({ ...coverage, longNameEn: '', longNamePo: '' })))
    .onConflictDoNothing({ target: coverages.shortName });
  const coverageRows = await tx
    .select({ id: coverages.id })
    .from(coverages)
    .where(
      inArray(
        coverages.shortName,
        DEMO_COVERAGES.map((coverage) => coverage.shortName),
      ),
    );
  const [product] = await tx
    .insert(products)
    .values({ shortName: 'REF-DEMO', longName: 'Plan Viajero Demo (reintegros)', isEnabled: true })
    .returning({ id: products.id });
  await tx
    .insert(productCoverages)
    .values(coverageRows.map((coverage) => ({ productId: product.id, coverageId: coverage.id })))
    .onConflictDoNothing();
  return product.id;
}

/** The countries table row for an ISO-3 code (by the spec's ident), created when missing. */
async function countryId(tx: Transaction, iso3: string): Promise<number | null> {
  const country = findCountryByIso3(iso3);
  if (!country) return null;
  const [existing] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.ident, country.ident));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(countries)
    .values({ ident: country.ident, shortName: country.iso3, longName: country.name })
    .onConflictDoNothing()
    .returning({ id: countries.id });
  return created?.id ?? null;
}

async function passengerId(
  tx: Transaction,
  traveller: DemoTraveller,
  countryRowId: number | null,
): Promise<number> {
  const [existing] = await tx
    .select({ id: passengers.id })
    .from(passengers)
    .where(and(eq(passengers.docNumber, traveller.docNumber), eq(passengers.surname, traveller.surname)))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(passengers)
    .values({
      name: traveller.name,
      surname: traveller.surname,
      docNumber: traveller.docNumber,
      docType: traveller.country === 'ARG' ? 'DNI' : 'PASAPORTE',
      email: traveller.email,
      phone: traveller.phone,
      countryId: countryRowId,
      nationalityId: countryRowId,
      birthDate: '1985-01-01',
    })
    .returning({ id: passengers.id });
  return created.id;
}

/**
 * Who sold a traveller's voucher (issue 32: no demo reservation without an office, so Facturación
 * groups it under its office's currency): the first demo office of the traveller's country that has
 * a demo user, else the first office that has one; the seller is that office's first user.
 */
async function demoSellers(tx: Transaction) {
  const sellers = await tx
    .select({ userId: users.id, officeId: offices.id, countryId: offices.countryId })
    .from(users)
    .innerJoin(offices, eq(offices.id, users.officeId))
    .orderBy(asc(offices.id), asc(users.id));
  return (countryRowId: number | null) =>
    sellers.find((seller) => seller.countryId === countryRowId) ?? sellers[0] ?? null;
}

export async function seedRefundsDemo(tx: Transaction): Promise<string[]> {
  const today = localTodayIso();
  const productId = await demoProductId(tx);
  const sellerIn = await demoSellers(tx);
  const lines: string[] = [];
  for (const traveller of DEMO_REFUND_TRAVELLERS) {
    const travellerCountryId = await countryId(tx, traveller.country);
    const paxId = await passengerId(tx, traveller, travellerCountryId);
    const seller = sellerIn(travellerCountryId);
    const [reservation] = await tx
      .insert(reservations)
      .values({
        officeId: seller?.officeId ?? null,
        userId: seller?.userId ?? null,
        userReservationId: seller?.userId ?? null,
        paymentMethod: 'Tarjeta',
        // Sold ten days before the trip, with the traveller's family as the emergency contact.
        dateEmision: new Date(`${addDays(today, traveller.inDays - 10)}T12:00:00Z`),
        createdAt: new Date(`${addDays(today, traveller.inDays - 10)}T12:00:00Z`),
        contactEmergencyName: 'Familia',
        contactEmergencySurname: traveller.surname,
        contactEmergencyPhone: traveller.phone,
        status: traveller.status,
        totalPrice: '250.00',
        dateIn: addDays(today, traveller.inDays),
        dateOut: addDays(today, traveller.outDays),
      })
      .returning({ id: reservations.id });
    const [voucher] = await tx
      .insert(vouchers)
      .values({
        reservationId: reservation.id,
        productId,
        status: traveller.status,
        pvp: '250.00',
        finalPrice: '250.00',
        netPrice: '200.00',
        commission: '50.00',
        rateLongName: 'Tarifa demo',
      })
      .returning({ id: vouchers.id });
    await tx.insert(voucherPassengers).values({ voucherId: voucher.id, paxId });
    if (traveller.claimable) {
      lines.push(`Demo refund login: documento ${traveller.docNumber} voucher ${voucher.id}`);
    }
  }
  return lines;
}
