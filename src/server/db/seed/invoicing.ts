/**
 * Demo data of Facturación (issue 16): how each seeded reservation was paid, following its
 * office's payment switches (office_payments: card with up to its instalments, GDS, wallet, web
 * payment; credit when the office pays on credit; transfer always), in the office's currency.
 *
 * Reservations belong to Reservas; this seeder only reads them. When no seeded reservation has an
 * office yet (an installation without the Reservas demo), it first adds a small invoicing demo set:
 * reservations of the last three months in offices of several countries, so the list, the
 * currencies and the totals have something to show.
 */
import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../contracts/invoicing';
import type { Transaction } from '../client';
import {
  countries,
  currencies,
  officePayments,
  offices,
  reservationPayments,
  reservations,
  vouchers,
} from '../schema';

const DEMO_RESERVATIONS = 90;
const DEMO_OFFICES_PER_COUNTRY = 3;

/** A deterministic pseudo-random sequence (the demo is the same on every machine). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const money = (value: number) => value.toFixed(2);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function seedDemoReservations(tx: Transaction, random: () => number): Promise<number> {
  const candidates = await tx
    .select({ id: offices.id, countryId: offices.countryId })
    .from(offices)
    .innerJoin(countries, eq(countries.id, offices.countryId))
    .where(isNotNull(countries.currencyId))
    .orderBy(offices.id);
  const perCountry = new Map<number, number[]>();
  for (const office of candidates) {
    const list = perCountry.get(office.countryId!) ?? [];
    if (list.length < DEMO_OFFICES_PER_COUNTRY) list.push(office.id);
    perCountry.set(office.countryId!, list);
  }
  const officeIds = [...perCountry.values()].flat();
  if (!officeIds.length) return 0;
  const now = new Date();
  for (let index = 0; index < DEMO_RESERVATIONS; index += 1) {
    const created = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (index % 3), 1 + (index % 27), 13),
    );
    const dateIn = new Date(created.getTime() + (10 + (index % 40)) * 86_400_000);
    const dateOut = new Date(dateIn.getTime() + (5 + (index % 15)) * 86_400_000);
    const [reservation] = await tx
      .insert(reservations)
      .values({
        officeId: officeIds[index % officeIds.length],
        status: index % 11 === 0 ? 2 : 3,
        dateIn: isoDay(dateIn),
        dateOut: isoDay(dateOut),
        createdAt: created,
        dateEmision: created,
      })
      .returning({ id: reservations.id });
    const voucherCount = 1 + (index % 3);
    let total = 0;
    for (let voucher = 0; voucher < voucherCount; voucher += 1) {
      const finalPrice = Math.round((80 + random() * 900) * 100) / 100;
      const commission = Math.round(finalPrice * 0.15 * 100) / 100;
      total += finalPrice;
      await tx.insert(vouchers).values({
        reservationId: reservation.id,
        // Every eleventh reservation is cancelled with all its vouchers: it cannot be invoiced.
        status: index % 11 === 0 ? 2 : 3,
        pvp: money(finalPrice),
        finalPrice: money(finalPrice),
        commission: money(commission),
        netPrice: money(finalPrice - commission),
        rateLongName: 'Tarifa demo',
      });
    }
    await tx
      .update(reservations)
      .set({ totalPrice: money(total) })
      .where(eq(reservations.id, reservation.id));
  }
  return DEMO_RESERVATIONS;
}

export async function seedInvoicingDemo(tx: Transaction): Promise<string[]> {
  const random = sequence(16);
  const [withOffice] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(isNotNull(reservations.officeId))
    .limit(1);
  const created = withOffice ? 0 : await seedDemoReservations(tx, random);

  const unpaid = await tx
    .select({
      id: reservations.id,
      createdAt: reservations.createdAt,
      total: sql<string>`coalesce((select sum(${vouchers.finalPrice}) from ${vouchers} where ${vouchers.reservationId} = ${reservations.id}), ${reservations.totalPrice})`,
      currency: currencies.shortName,
      payOnCredit: offices.payOnCredit,
      card: officePayments.payByCard,
      instalments: officePayments.instalments,
      gds: officePayments.payWithGds,
      wallet: officePayments.walletProvider,
      web: officePayments.webPaymentProvider,
    })
    .from(reservations)
    .leftJoin(offices, eq(offices.id, reservations.officeId))
    .leftJoin(countries, eq(countries.id, offices.countryId))
    .leftJoin(currencies, eq(currencies.id, countries.currencyId))
    .leftJoin(officePayments, eq(officePayments.officeId, offices.id))
    .where(
      and(
        notExists(
          tx
            .select({ one: sql`1` })
            .from(reservationPayments)
            .where(eq(reservationPayments.reservationId, reservations.id)),
        ),
      ),
    )
    .orderBy(reservations.id);

  let payments = 0;
  for (const reservation of unpaid) {
    const methods: PaymentMethod[] = ['transfer'];
    if (reservation.card) methods.push('card');
    if (reservation.gds) methods.push('gds');
    if (reservation.wallet) methods.push('wallet');
    if (reservation.web) methods.push('web_payment');
    if (reservation.payOnCredit) methods.push('credit');
    const total = Number(reservation.total);
    if (!(total > 0)) continue;
    const method = methods[Math.floor(random() * methods.length)];
    // Some reservations are paid in two parts: a deposit by transfer and the rest.
    const split = random() < 0.25 && method !== 'transfer';
    const first = split ? Math.round(total * 0.3 * 100) / 100 : total;
    const paidAt = new Date(reservation.createdAt.getTime() + 86_400_000);
    const parts: { method: PaymentMethod; amount: number; day: Date }[] = split
      ? [
          { method: 'transfer', amount: first, day: reservation.createdAt },
          { method, amount: Math.round((total - first) * 100) / 100, day: paidAt },
        ]
      : [{ method, amount: total, day: paidAt }];
    for (const part of parts) {
      const instalments =
        part.method === 'card'
          ? 1 + Math.floor(random() * Math.max(1, Math.min(36, reservation.instalments ?? 1)))
          : 1;
      payments += 1;
      await tx.insert(reservationPayments).values({
        reservationId: reservation.id,
        method: part.method,
        amount: money(part.amount),
        currency: reservation.currency ?? '',
        instalments,
        paidAt: isoDay(part.day),
        reference: `${part.method.toUpperCase().replace('_', '-')}-${String(reservation.id).padStart(6, '0')}-${payments}`,
      });
    }
  }
  return [
    `Facturación demo: ${created ? `${created} reservas de ejemplo, ` : ''}${payments} pagos registrados.`,
  ];
}
