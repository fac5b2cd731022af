/**
 * Unidades de Negocio (SPEC §2: columns short_name, long_name, countryInfo; filters short_name,
 * long_name and country name; §7 /bussines_unit/).
 */
import { businessUnitContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';
import { countryOptions } from './options';

export const unidadNegocioDescriptor = defineDescriptor({
  routing: 'unidad_negocio',
  contract: businessUnitContract,
  columns: [
    'short_name',
    'long_name',
    {
      key: 'countryInfo',
      sortField: 'country',
      render: (row) => {
        const info = row.countryInfo as { long_name?: string } | null;
        return info?.long_name ?? '';
      },
    },
  ],
  filters: ['short_name', 'long_name', 'country_name', 'enabled'],
  fields: [
    { name: 'short_name', span: 4, maxLength: 50 },
    { name: 'long_name', span: 8, maxLength: 255 },
    { name: 'country', type: 'select', span: 6, options: countryOptions },
    { name: 'enabled', type: 'checkbox', span: 6, default: true },
  ],
});
