/**
 * Demo promotions (issue 14): a sale promotion with one product and three offices, a provider
 * promotion with two products and the offices both are assigned to, and one without products yet.
 * The demo vouchers of a promotion's product sold by one of its offices were sold under it
 * (`promotion_id` and `promotion_long_name`; the promotion exports, migration 0018).
 */
import { sql } from 'drizzle-orm';
import type { Transaction } from '../client';

export async function seedPromotionsDemo(tx: Transaction): Promise<undefined> {
  await tx.execute(sql`
    insert into promotions (short_name, long_name, description, reservation_date_from, reservation_date_to,
                            travel_date_from, travel_date_to, total_days, promotion_type)
    values
      ('VER27', 'Verano 2027', 'Descuento de temporada para viajes de verano', '2026-11-01', '2027-01-31',
       '2026-12-15', '2027-03-15', 30, 'venta'),
      ('PROV-EU', 'Proveedor Europa', 'Productos de proveedor para viajes a Europa', '2026-10-01', '2027-06-30',
       '2026-10-15', '2027-09-30', 60, 'proveedor'),
      ('INV27', 'Invierno 2027', 'Promoción de invierno, todavía sin productos', '2027-04-01', '2027-06-30',
       '2027-06-01', '2027-08-31', 15, 'venta')
  `);
  await tx.execute(sql`
    insert into promotion_product (promotion_id, product_id)
    select pr.id, p.id from promotions pr
    cross join (select id from products order by id limit 1) p
    where pr.short_name = 'VER27'
  `);
  await tx.execute(sql`
    insert into promotion_product (promotion_id, product_id)
    select pr.id, p.id from promotions pr
    cross join (select id from products order by id limit 2) p
    where pr.short_name = 'PROV-EU'
  `);
  await tx.execute(sql`
    insert into promotion_product_office (promotion_product_id, office_id)
    select pp.id, o.id from promotion_product pp
    join promotions pr on pr.id = pp.promotion_id and pr.short_name = 'VER27'
    cross join (select id from offices order by id limit 3) o
  `);
  await tx.execute(sql`
    insert into promotion_product_office (promotion_product_id, office_id)
    select pp.id, po.office_id from promotion_product pp
    join promotions pr on pr.id = pp.promotion_id and pr.short_name = 'PROV-EU'
    join product_offices po on po.product_id = pp.product_id
  `);
  await tx.execute(sql`
    update vouchers v set promotion_id = sold.promotion_id, promotion_long_name = sold.long_name
    from (
      select distinct on (v2.id) v2.id as voucher_id, pr.id as promotion_id, pr.long_name
      from vouchers v2
      join reservations r on r.id = v2.reservation_id
      join promotion_product pp on pp.product_id = v2.product_id
      join promotion_product_office ppo on ppo.promotion_product_id = pp.id and ppo.office_id = r.office_id
      join promotions pr on pr.id = pp.promotion_id
      order by v2.id, pr.id
    ) sold
    where v.id = sold.voucher_id
  `);
  return undefined;
}
