/**
 * Issue 30 §4, the staff side's readings: multi-cause services by their Spanish labels (never
 * 'transporte.vuelos'), the list's 'Nombre' as the full name, a traveller's history entries as a
 * catalogue label ('Viajero (voucher N)'), the bank fields offered per country.
 */
import { describe, expect, it } from 'vitest';
import { reintegrosDescriptor } from '../../src/client/resources/descriptors/reintegros';
import { whoOf } from '../../src/client/views/resources/RecordHistory';
import { serviceLabel } from '../../src/client/views/resources/refundReview/labels';
import type { HistoryEntry } from '../../src/contracts/engine';
import { multiCauseRows } from '../../src/contracts/refund/claims';
import { bankFieldsFor } from '../../src/contracts/refund/lifecycle';

const selected = { selected: true, montoPagado: '10.00', montoRecuperado: '0.00' };

describe('multi-cause services', () => {
  it('labels every stored service key in Spanish', () => {
    const rows = multiCauseRows({
      alojamientos: selected,
      transporte: {
        selected: true,
        vuelos: selected,
        trenes: selected,
        bus: selected,
        crucero: selected,
        transfer: selected,
      },
      excursiones: selected,
      otro: { ...selected, nombreServicio: 'Show' },
    });
    expect(rows).toHaveLength(8);
    const labels = rows.map((row) => serviceLabel(row.service, row.serviceName));
    for (const label of labels) expect(label).not.toMatch(/^[a-z]+(\.[a-z]+)?$/);
    expect(labels).toContain('Transporte: vuelos');
    expect(labels).toContain('Otro: Show');
  });
});

describe("the list's 'Nombre'", () => {
  it('shows name and surname', () => {
    const column = reintegrosDescriptor.columns.find((entry) => entry.key === 'name')!;
    expect(column.header).toBe('Nombre');
    expect(column.render({ id: 1, name: 'Matías', surname: 'Rojas Pérez' })).toBe('Matías Rojas Pérez');
  });
});

describe('who wrote a history entry', () => {
  const entry = (username: string, name = ''): HistoryEntry =>
    ({ user: { id: null, username, name } }) as unknown as HistoryEntry;
  it('names a traveller by the catalogue, staff by name and username', () => {
    expect(whoOf(entry('public:voucher:12'))).toBe('Viajero (voucher 12)');
    expect(whoOf(entry('public:refund-link:7'))).toBe('Viajero (enlace del reintegro 7)');
    expect(whoOf(entry('admin', 'Administrador'))).toBe('Administrador (admin)');
  });
});

describe('bank fields a staff request offers', () => {
  it("are the refund's country's own", () => {
    expect(bankFieldsFor('PER')).toEqual([
      'refund_method',
      'payment_method',
      'owner',
      'bank',
      'account_type',
      'account_number',
      'swift',
      'doc_number',
      'bank_adress',
    ]);
    expect(bankFieldsFor('MEX')).toContain('cable');
    expect(bankFieldsFor('ESP')).toContain('iban');
    expect(bankFieldsFor('ARG')).not.toContain('iban');
  });
});
