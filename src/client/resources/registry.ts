/**
 * Screens of the back-office sections, by routing. A section without an entry shows
 * 'en construcción'; the link and the permission filtering are real either way. Each entry is
 * lazy so a module's code loads only when opened. The master-data modules (issue 3) share one
 * area, ResourceArea, which picks the module's descriptor by its `routing` prop.
 */
import type { ComponentType } from 'react';

export type SectionAreaLoader = () => Promise<{ default: ComponentType<{ routing: string }> }>;

const resourceArea: SectionAreaLoader = () => import('../views/resources/ResourceArea');

export const sectionAreas: Record<string, SectionAreaLoader> = {
  zonas: resourceArea,
  paises: resourceArea,
  currencies: resourceArea,
  proveedores: resourceArea,
  categorias: resourceArea,
  tags: resourceArea,
  unidad_negocio: resourceArea,
  coberturas: resourceArea,
  producto_sperta: resourceArea,
  pasajeros: resourceArea,
  blacklist: resourceArea,
  reintegros: resourceArea,
  usuarios: () => import('./descriptors/usuarios'),
  grupos: () => import('./descriptors/grupos'),
};
