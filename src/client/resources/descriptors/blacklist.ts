/**
 * Lista Negra (SPEC §2: columns id, doc_number, name, surname, date_from, date_to; create form
 * limited to Admin, i.e. pax_black_list/add; §3 form fields docnumber, first_name, last_name,
 * desde, hasta mapped to the entity's; /pax_black_list/).
 */
import { blacklistContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';

export const blacklistDescriptor = defineDescriptor({
  routing: 'blacklist',
  contract: blacklistContract,
  columns: ['id', 'doc_number', 'name', 'surname', 'date_from', 'date_to'],
  filters: ['doc_number', 'name', 'surname'],
  fields: [
    { name: 'docnumber', source: 'doc_number', type: 'digits', span: 4, maxLength: 30 },
    { name: 'first_name', source: 'name', span: 4, maxLength: 150 },
    { name: 'last_name', source: 'surname', span: 4, maxLength: 150 },
    { name: 'desde', source: 'date_from', type: 'date', span: 6 },
    // Optional (open-ended listing): an empty field sends null, as the contract and server expect.
    {
      name: 'hasta',
      source: 'date_to',
      type: 'date',
      span: 6,
      toBody: (value) => (String(value).trim() === '' ? null : value),
    },
  ],
  recordName: (row) =>
    `${String(row.name ?? '')} ${String(row.surname ?? '')} (${String(row.doc_number ?? '')})`,
});
