/**
 * The office core on the resource engine (SPEC §7 'Offices'): GET /office/ (office/view, or
 * user/add for the Usuarios form's office select) and GET /office/{id}/ (office/view, or one's
 * own office for 'Ir a mi sitio'). The full office module (writes, sub-records) comes later.
 */
import { officeContract } from '../../contracts/offices';
import { can } from '../../contracts/permissions';
import { offices } from '../db/schema';
import { defineResource } from './engine';

export const officeResource = defineResource({
  contract: officeContract,
  table: offices,
  operations: ['list', 'detail'],
  serialize: (office) => ({
    id: office.id,
    short_name: office.shortName,
    long_name: office.longName,
    is_enabled: office.isEnabled,
    country: office.countryId,
  }),
  filters: { long_name: { kind: 'contains', on: [offices.longName] } },
  ordering: { long_name: offices.longName },
  permissions: {
    list: (principal) => can(principal, 'office', 'view') || can(principal, 'user', 'add'),
    // One's own office is readable without office/view ('Ir a mi sitio').
    detail: (principal, office) => can(principal, 'office', 'view') || office?.id === principal.officeId,
  },
});
