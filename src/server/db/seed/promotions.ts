/**
 * Demo promotions (issue 14): a sale promotion with one product and three offices, a provider
 * promotion with two products and the offices both are assigned to, and one without products yet.
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
  return undefined;
}
