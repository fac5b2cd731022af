/**
 * Demo rates of the demo products (issue 13): every product gets the general rate of the README
 * template (docs/tarifa_plantilla.csv) and the first two demo offices, so Mostrar shows a rate
 * table and the wizard's Editar and Clonar start from a complete product.
 */
import { sql } from 'drizzle-orm';
import { RATE_CSV_TEMPLATE } from '../../../contracts/productWizard';
import type { Transaction } from '../client';

export async function seedProductsDemo(tx: Transaction): Promise<undefined> {
  const rows = RATE_CSV_TEMPLATE.trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
  for (const [daysFrom, daysTo, ageFrom, ageTo, price, currency] of rows) {
    await tx.execute(sql`
      insert into product_rates (product_id, office_id, days_from, days_to, age_from, age_to, price, currency_id)
      select p.id, null, ${Number(daysFrom)}, ${Number(daysTo)}, ${Number(ageFrom)}, ${Number(ageTo)}, ${price},
             (select id from currencies where short_name = ${currency})
      from products p
      where exists (select 1 from currencies where short_name = ${currency})
    `);
  }
  await tx.execute(sql`
    insert into product_offices (product_id, office_id)
    select p.id, o.id from products p cross join (select id from offices order by id limit 2) o
    on conflict do nothing
  `);
  return undefined;
}
