/** Demo offices (the office core; the full office module extends them later). */
import type { Transaction } from '../client';
import { offices } from '../schema';

const DEMO_OFFICES = [
  ['CASA', 'Casa Central Buenos Aires'],
  ['COR', 'Sucursal Córdoba'],
  ['MDZ', 'Sucursal Mendoza'],
  ['ROS', 'Sucursal Rosario'],
  ['SCL', 'Oficina Santiago de Chile'],
  ['MAD', 'Oficina Madrid'],
] as const;

export async function seedOfficesDemo(tx: Transaction): Promise<number[]> {
  const rows = await tx
    .insert(offices)
    .values(DEMO_OFFICES.map(([shortName, longName]) => ({ shortName, longName })))
    .returning({ id: offices.id });
  return rows.map((row) => row.id);
}
