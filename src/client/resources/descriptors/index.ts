/**
 * Every client descriptor. A section of src/contracts/modules.ts with `screen: 'resource'` is
 * served by the generic screens over the descriptor of the same routing (checked by
 * tests/client/descriptors.test.ts both ways).
 */
import type { ResourceDescriptor } from '../descriptor';
import { blacklistDescriptor } from './blacklist';
import { categoriasDescriptor } from './categorias';
import { coberturasDescriptor } from './coberturas';
import { currenciesDescriptor } from './currencies';
import { facturacionDescriptor } from './facturacion';
import { gruposDescriptor } from './grupos';
import { oficinasDescriptor } from './oficinas';
import { paisesDescriptor } from './paises';
import { pasajerosDescriptor } from './pasajeros';
import { productoSpertaDescriptor } from './productoSperta';
import { proveedoresDescriptor } from './proveedores';
import { reintegrosDescriptor } from './reintegros';
import { reservasDescriptor } from './reservas';
import { tagsDescriptor } from './tags';
import { unidadNegocioDescriptor } from './unidadNegocio';
import { usuariosDescriptor } from './usuarios';
import { vouchersDescriptor } from './vouchers';
import { zonasDescriptor } from './zonas';

export const DESCRIPTORS: readonly ResourceDescriptor[] = [
  zonasDescriptor,
  paisesDescriptor,
  currenciesDescriptor,
  proveedoresDescriptor,
  categoriasDescriptor,
  tagsDescriptor,
  unidadNegocioDescriptor,
  coberturasDescriptor,
  productoSpertaDescriptor,
  pasajerosDescriptor,
  blacklistDescriptor,
  reintegrosDescriptor,
  usuariosDescriptor,
  gruposDescriptor,
  oficinasDescriptor,
  reservasDescriptor,
  vouchersDescriptor,
  facturacionDescriptor,
];

export function descriptorOf(routing: string): ResourceDescriptor | undefined {
  return DESCRIPTORS.find((descriptor) => descriptor.routing === routing);
}
