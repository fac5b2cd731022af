/**
 * The voucher form's passengers (issue 15, SPEC §6 'all passenger fields'): each passenger field is
 * editable exactly for Ejecutivo, Supervisor, Soporte, Soporte Pais, Gerente de Pais and Super
 * Administrador and read-only for every other role (src/contracts/access.ts); the form sends only
 * what the role may edit, so an Agencia's save never carries the passengers or the prices.
 */
import { describe, expect, it } from 'vitest';
import { formFieldAccess, validateValues } from '../../src/client/api/resources';
import { vouchersDescriptor } from '../../src/client/resources/descriptors/vouchers';
import type { AccessSubject } from '../../src/contracts/access';

const subject = (groupId: number): AccessSubject => ({
  isSuperuser: false,
  groups: [groupId],
  permissions: ['voucher/view', 'voucher/add'],
});

// Written out from SPEC §6, not derived from src/contracts/roleRules.ts.
const PASSENGER_EDITORS = [13, 19, 20, 34, 35, 21];
const OTHERS = [14, 15, 16, 17, 18, 33];
const PASSENGER_FIELDS = [
  'name',
  'surname',
  'phone',
  'doc_type',
  'doc_number',
  'birth_date',
  'country',
  'email',
  'nationality',
];

const record = {
  id: 7,
  reservation: 3,
  status: 3,
  status_administracion: null,
  observations: '',
  pvp: '100.00',
  final_price: '100.00',
  commission: '10.00',
  net_price: '90.00',
  voucher_filter_proveedor: '',
  pax: [
    {
      id: 41,
      name: 'Lucía',
      surname: 'Pérez',
      phone: '1144445555',
      doc_type: 'DNI',
      doc_number: '30111222',
      birth_date: '1990-05-04',
      country: 1,
      email: 'lucia@example.com',
      nationality: 1,
    },
  ],
};

describe('voucher form passengers', () => {
  it.each(PASSENGER_EDITORS)('group %i edits every passenger field', (groupId) => {
    const access = formFieldAccess(vouchersDescriptor, subject(groupId), 'edit') ?? {};
    for (const field of PASSENGER_FIELDS) expect([field, access[`pax.${field}`]]).toEqual([field, 'edit']);
    expect(access.pax).toBe('edit');
  });

  it.each(OTHERS)('group %i sees every passenger field read-only', (groupId) => {
    const access = formFieldAccess(vouchersDescriptor, subject(groupId), 'edit') ?? {};
    for (const field of PASSENGER_FIELDS) expect([field, access[`pax.${field}`]]).toEqual([field, 'read']);
    expect(access.pax).toBe('read');
  });

  it('an Ejecutivo sends the passengers it edited (with their ids), status and observations only', () => {
    const values = vouchersDescriptor.toValues(record, 'edit');
    const edited = {
      ...values,
      pax: [{ ...(values.pax as Record<string, unknown>[])[0], name: 'Ana', birth_date: '05/04/1991' }],
    } as typeof values;
    const body = validateValues(
      vouchersDescriptor,
      edited,
      'edit',
      formFieldAccess(vouchersDescriptor, subject(13), 'edit'),
    );
    expect(Object.keys(body).sort()).toEqual(['observations', 'pax', 'status']);
    expect(body.pax).toEqual([
      {
        id: 41,
        name: 'Ana',
        surname: 'Pérez',
        phone: '1144445555',
        doc_type: 'DNI',
        doc_number: '30111222',
        birth_date: '05/04/1991',
        country: 1,
        email: 'lucia@example.com',
        nationality: 1,
      },
    ]);
  });

  it('an Agencia sends neither the passengers nor the prices', () => {
    const body = validateValues(
      vouchersDescriptor,
      vouchersDescriptor.toValues(record, 'edit'),
      'edit',
      formFieldAccess(vouchersDescriptor, subject(16), 'edit'),
    );
    expect(Object.keys(body).sort()).toEqual(['status', 'voucher_filter_proveedor']);
  });
});
