/**
 * Pasajeros (SPEC §2: columns name, surname, email, birth_date, doc_type, doc_number; filters
 * name, doc_type, doc_number; create guarded by voucher/add; §3 doc_type default DNI; /pax/).
 */
import { DEFAULT_DOC_TYPE, DOC_TYPES, paxContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';
import { countryOptions } from './options';

const docTypeOptions = DOC_TYPES.map((docType) => ({ value: docType, label: docType }));

export const pasajerosDescriptor = defineDescriptor({
  routing: 'pasajeros',
  contract: paxContract,
  columns: ['name', 'surname', 'email', { key: 'birth_date', optional: true }, 'doc_type', 'doc_number'],
  filters: ['name', { param: 'doc_type', options: docTypeOptions }, 'doc_number'],
  fields: [
    { name: 'name', span: 6, maxLength: 150 },
    { name: 'surname', span: 6, maxLength: 150 },
    {
      name: 'doc_type',
      type: 'select',
      span: 3,
      options: docTypeOptions,
      numeric: false,
      default: DEFAULT_DOC_TYPE,
    },
    { name: 'doc_number', type: 'digits', span: 5, maxLength: 30 },
    { name: 'birth_date', type: 'date', span: 4 },
    { name: 'email', type: 'email', span: 6, maxLength: 254 },
    { name: 'phone', type: 'digits', span: 6, maxLength: 30 },
    { name: 'country', type: 'select', span: 6, options: countryOptions },
    { name: 'nationality', type: 'select', span: 6, options: countryOptions },
  ],
  recordName: (row) => `${String(row.name ?? '')} ${String(row.surname ?? '')}`.trim(),
});
