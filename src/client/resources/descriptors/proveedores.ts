/**
 * Proveedores (SPEC §2: columns short_name, long_name, phone_contact, email_contact, created_at,
 * updated_at; filtered by long_name; §7 /supplier/).
 */

import { formatLocalDate } from '../../../contracts/format';
import { supplierContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';

export const proveedoresDescriptor = defineDescriptor({
  routing: 'proveedores',
  contract: supplierContract,
  columns: [
    'short_name',
    'long_name',
    'phone_contact',
    'email_contact',
    { key: 'created_at', render: (row) => formatLocalDate(row.created_at) },
    { key: 'updated_at', optional: true, render: (row) => formatLocalDate(row.updated_at) },
  ],
  filters: ['long_name'],
  fields: [
    { name: 'short_name', span: 4, maxLength: 50 },
    { name: 'long_name', span: 8, maxLength: 255 },
    { name: 'phone_contact', type: 'digits', span: 6, maxLength: 50 },
    { name: 'email_contact', type: 'email', span: 6, maxLength: 254 },
  ],
});
