/**
 * Demo reservations and vouchers (issue 15): for every office of the demo tree a few reservations
 * issued by the demo users, each with one to three vouchers of the demo products and their
 * travellers, in every status of SPEC §3, deterministic (the same seed gives the same data).
 * Every office of a demo login gets at least six reservations so each role finds work.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Transaction } from '../client';
import { offices, passengers, products, reservations, users, voucherPassengers, vouchers } from '../schema';

const NAMES = [
  'Lucía',
  'Martín',
  'Sofía',
  'Mateo',
  'Valentina',
  'Joaquín',
  'Camila',
  'Tomás',
  'Florencia',
  'Santiago',
  'Julieta',
  'Benjamín',
];
const SURNAMES = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Sánchez',
  'Romero',
  'Álvarez',
  'Torres',
];
const PAYMENT_METHODS = ['Tarjeta de crédito', 'Transferencia', 'Cuenta corriente', 'Mercado Pago'];
/** Mostly issued, some of every other status. */
const STATUS_CYCLE = [3, 3, 3, 4, 5, 6, 3, 1, 2, 3];

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export async function seedBookingsDemo(tx: Transaction): Promise<undefined> {
  const productRows = await tx
    .select({ id: products.id, longName: products.longName })
    .from(products)
    .where(eq(products.isEnabled, true))
    .orderBy(asc(products.id));
  if (!productRows.length) return undefined;
  const userRows = await tx
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    .where(isNotNull(users.officeId))
    .orderBy(asc(users.id));
  const loginOffices = new Set(userRows.map((user) => user.officeId));
  const [centralStaff] = await tx
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    .where(and(isNull(users.officeId), eq(users.isSuperuser, true)))
    .orderBy(asc(users.id))
    .limit(1);
  const officeRows = await tx.select({ id: offices.id }).from(offices).orderBy(asc(offices.id)).limit(40);
  const today = new Date().toISOString().slice(0, 10);
  let n = 0;
  for (const office of officeRows) {
    const count = loginOffices.has(office.id) ? 6 : 2;
    // Sold by a user of the office; an office without demo users had its sales entered by central
    // staff (the superuser, who has no office), never by another office's user (issue 32).
    const issuer = userRows.find((user) => user.officeId === office.id) ?? centralStaff;
    for (let index = 0; index < count; index++, n++) {
      const status = STATUS_CYCLE[n % STATUS_CYCLE.length];
      const dateIn = addDays(today, (n % 60) - 15);
      const dateOut = addDays(dateIn, 5 + (n % 25));
      const voucherCount = 1 + (n % 3);
      const price = 80 + ((n * 37) % 420);
      const [reservation] = await tx
        .insert(reservations)
        .values({
          userId: issuer?.id ?? null,
          userReservationId: userRows[(n + 3) % userRows.length]?.id ?? null,
          officeId: office.id,
          paymentMethod: PAYMENT_METHODS[n % PAYMENT_METHODS.length],
          dateEmision: new Date(Date.parse(`${addDays(dateIn, -10 - (n % 20))}T12:00:00Z`)),
          status,
          totalPrice: (price * voucherCount).toFixed(2),
          contactEmergencyName: NAMES[(n + 5) % NAMES.length],
          contactEmergencySurname: SURNAMES[(n + 7) % SURNAMES.length],
          contactEmergencyPhone: `11${String(40000000 + n * 7919).slice(0, 8)}`,
          dateIn,
          dateOut,
        })
        .returning({ id: reservations.id });
      for (let v = 0; v < voucherCount; v++) {
        const product = productRows[(n + v) % productRows.length];
        const name = NAMES[(n + v) % NAMES.length];
        const surname = SURNAMES[(n * 3 + v) % SURNAMES.length];
        const [pax] = await tx
          .insert(passengers)
          .values({
            name,
            surname,
            docNumber: String(20_000_000 + n * 131 + v),
            email: `${name}.${surname}.${n}${v}@example.com`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, ''),
            phone: `11${String(50000000 + n * 104729 + v).slice(0, 8)}`,
            birthDate: addDays('1960-01-01', (n * 523 + v * 97) % 16000),
          })
          .returning({ id: passengers.id });
        const [voucher] = await tx
          .insert(vouchers)
          .values({
            reservationId: reservation.id,
            productId: product.id,
            status,
            pvp: price.toFixed(2),
            finalPrice: price.toFixed(2),
            commission: (price * 0.15).toFixed(2),
            // Issue 32: net price = final price − commission, to the cent (contracts/voucherPrices).
            netPrice: (price - Number((price * 0.15).toFixed(2))).toFixed(2),
            rateLongName: `Tarifa ${5 + (n % 25)} días`,
          })
          .returning({ id: vouchers.id });
        await tx.insert(voucherPassengers).values({ voucherId: voucher.id, paxId: pax.id });
      }
    }
  }
  return undefined;
}
