/** Every master-data descriptor by routing (issue 3). */
import type { ResourceDescriptor } from '../descriptor';
import { blacklistDescriptor } from './blacklist';
import { categoriasDescriptor } from './categorias';
import { coberturasDescriptor } from './coberturas';
import { currenciesDescriptor } from './currencies';
import { paisesDescriptor } from './paises';
import { pasajerosDescriptor } from './pasajeros';
import { productoSpertaDescriptor } from './productoSperta';
import { proveedoresDescriptor } from './proveedores';
import { reintegrosDescriptor } from './reintegros';
import { tagsDescriptor } from './tags';
import { unidadNegocioDescriptor } from './unidadNegocio';
import { zonasDescriptor } from './zonas';

export const masterDataDescriptors: Record<string, ResourceDescriptor> = {
  zonas: zonasDescriptor,
  paises: paisesDescriptor,
  currencies: currenciesDescriptor,
  proveedores: proveedoresDescriptor,
  categorias: categoriasDescriptor,
  tags: tagsDescriptor,
  unidad_negocio: unidadNegocioDescriptor,
  coberturas: coberturasDescriptor,
  producto_sperta: productoSpertaDescriptor,
  pasajeros: pasajerosDescriptor,
  blacklist: blacklistDescriptor,
  reintegros: reintegrosDescriptor,
};
