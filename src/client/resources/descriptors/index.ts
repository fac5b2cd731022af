/**
 * Every client descriptor, keyed by the module table (src/contracts/moduleTable.ts): a row with
 * `screen: 'resource'` is served by the generic screens over its descriptor, and the type requires
 * one for each such row (tests/client/descriptors.test.ts checks each descriptor's routing is its
 * key).
 */
import type { DescriptorModuleKey } from '../../../contracts/moduleTable';
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

/** The descriptor of every module the generic screens serve: the type requires one per such row. */
export const MODULE_DESCRIPTORS = {
  oficinas: oficinasDescriptor,
  facturacion: facturacionDescriptor,
  reservas: reservasDescriptor,
  pasajeros: pasajerosDescriptor,
  vouchers: vouchersDescriptor,
  producto_sperta: productoSpertaDescriptor,
  reintegros: reintegrosDescriptor,
  coberturas: coberturasDescriptor,
  zonas: zonasDescriptor,
  paises: paisesDescriptor,
  proveedores: proveedoresDescriptor,
  categorias: categoriasDescriptor,
  tags: tagsDescriptor,
  currencies: currenciesDescriptor,
  blacklist: blacklistDescriptor,
  unidad_negocio: unidadNegocioDescriptor,
  usuarios: usuariosDescriptor,
  grupos: gruposDescriptor,
} satisfies Record<DescriptorModuleKey, ResourceDescriptor>;

export const DESCRIPTORS: readonly ResourceDescriptor[] = Object.values(MODULE_DESCRIPTORS);

export function descriptorOf(routing: string): ResourceDescriptor | undefined {
  return DESCRIPTORS.find((descriptor) => descriptor.routing === routing);
}
