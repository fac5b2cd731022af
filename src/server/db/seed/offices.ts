/**
 * Demo offices (the office core; the full office module extends them later), each in its country,
 * so 'Ir a mi sitio' (SPEC §2) reaches a country's url_redirect for the demo users.
 */
import { inArray } from 'drizzle-orm';
import type { Transaction } from '../client';
import { countries, offices } from '../schema';

const DEMO_OFFICES = [
  ['CASA', 'Casa Central Buenos Aires', 'ARG'],
  ['COR', 'Sucursal Córdoba', 'ARG'],
  ['MDZ', 'Sucursal Mendoza', 'ARG'],
  ['ROS', 'Sucursal Rosario', 'ARG'],
  ['SCL', 'Oficina Santiago de Chile', 'CHL'],
  ['MAD', 'Oficina Madrid', 'ESP'],
] as const;

export async function seedOfficesDemo(tx: Transaction): Promise<number[]> {
  const countryRows = await tx
    .select({ id: countries.id, iso3: countries.shortName })
    .from(countries)
    .where(inArray(countries.shortName, [...new Set(DEMO_OFFICES.map(([, , iso3]) => iso3))]));
  const countryIdOf = (iso3: string) => countryRows.find((row) => row.iso3 === iso3)?.id ?? null;
  const rows = await tx
    .insert(offices)
    .values(
      DEMO_OFFICES.map(([shortName, longName, iso3]) => ({
        shortName,
        longName,
        countryId: countryIdOf(iso3),
      })),
    )
    .returning({ id: offices.id });
  return rows.map((row) => row.id);
}
