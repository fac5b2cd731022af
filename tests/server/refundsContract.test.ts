/** The browser-facing helpers of src/contracts/refund/ (SPEC §5 masks, dates, per-country fields). */
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import {
  accountTypesFor,
  bankOptionsFor,
  cciUnverified,
  emptyMultiCause,
  emptyRefundPayment,
  hasAllowedExtension,
  localTodayIso,
  multiCauseSchema,
  paymentFieldLabel,
  paymentFieldsFor,
  paymentProblems,
  paymentWarnings,
  type RefundPayment,
  readRefundAmount,
  sinisterDateInputSchema,
} from '../../src/contracts/refund';

const text = messages.refund;

describe('typed amounts (issue 40: one parser, src/contracts/money.ts)', () => {
  it('reads what is typed into exact decimal strings and back', () => {
    const read = (typed: string, currency?: string) => {
      const reading = readRefundAmount(typed, currency);
      return reading.ok ? reading.decimal : null;
    };
    expect(read('1.234.567,89')).toBe('1234567.89');
    expect(read('1,234,567.89')).toBe('1234567.89');
    expect(read('1234,5')).toBe('1234.50');
    expect(read('0,01')).toBe('0.01');
    expect(read('84.900', 'CLP')).toBe('84900');
    for (const bad of ['-1', '12345678', 'abc', '1.23,00', '1,5,5']) expect(read(bad)).toBeNull();
    expect(formatAmount('1234567.89')).toBe('1.234.567,89');
    expect(formatAmount('5')).toBe('5,00');
  });
});

describe('event date input', () => {
  it('turns DD/MM/AAAA (or ISO YYYY-MM-DD) into ISO, refusing bad dates and the future', () => {
    expect(sinisterDateInputSchema.parse('14/03/2025')).toBe('2025-03-14');
    const [year, month, day] = localTodayIso().split('-');
    expect(sinisterDateInputSchema.parse(`${day}/${month}/${year}`)).toBe(localTodayIso());
    expect(sinisterDateInputSchema.safeParse('31/02/2025').error?.issues[0].message).toBe(text.dateInvalid);
    // Issue 42: the unambiguous ISO form is read in every language; not a calendar date, refused.
    expect(sinisterDateInputSchema.parse('2025-03-14')).toBe('2025-03-14');
    expect(sinisterDateInputSchema.safeParse('2025-02-30').error?.issues[0].message).toBe(text.dateInvalid);
    expect(sinisterDateInputSchema.safeParse('14-03-2025').error?.issues[0].message).toBe(text.dateInvalid);
    expect(sinisterDateInputSchema.safeParse(`01/01/${Number(year) + 1}`).error?.issues[0].message).toBe(
      text.dateOutOfRange,
    );
  });
});

describe('multi-cause rules', () => {
  it('needs a service, a transport sub-service, amounts and the other service name', () => {
    const value = emptyMultiCause();
    expect(multiCauseSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
      text.serviceRequired,
    ]);
    value.transporte.selected = true;
    expect(multiCauseSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
      text.transportServiceRequired,
    ]);
    value.transporte.bus.selected = true;
    value.otro.selected = true;
    const messagesFound = multiCauseSchema
      .safeParse(value)
      .error?.issues.map((issue) => issue.path.join('.'));
    expect(messagesFound).toEqual([
      'transporte.bus.montoPagado',
      'transporte.bus.montoRecuperado',
      'otro.montoPagado',
      'otro.montoRecuperado',
      'otro.nombreServicio',
    ]);
  });

  it('clears the amounts of unchecked services and of sub-services when transporte is unchecked', () => {
    const value = emptyMultiCause();
    value.alojamientos = { selected: true, montoPagado: '10', montoRecuperado: '0' };
    value.excursiones = { selected: false, montoPagado: '99', montoRecuperado: '1' };
    value.transporte.vuelos = { selected: true, montoPagado: '5', montoRecuperado: '1' };
    const parsed = multiCauseSchema.parse(value);
    expect(parsed.alojamientos).toEqual({ selected: true, montoPagado: '10.00', montoRecuperado: '0.00' });
    expect(parsed.excursiones).toEqual({ selected: false, montoPagado: '', montoRecuperado: '' });
    expect(parsed.transporte.vuelos).toEqual({ selected: false, montoPagado: '', montoRecuperado: '' });
  });
});

describe('payment fields per country', () => {
  it('shows the SPEC §5 fields of each family', () => {
    const extra = (iso3: string, method?: string) => paymentFieldsFor(iso3, method).slice(6);
    expect(extra('ARG')).toEqual(['cbu', 'alias', 'cuit_cuil']);
    expect(extra('CHL')).toEqual(['rut']);
    expect(extra('COL')).toEqual(['cedula', 'adress', 'phone']);
    expect(extra('PER')).toEqual(['swift', 'doc_number', 'bank_adress']);
    expect(extra('MEX')).toEqual(['swift', 'doc_number', 'bank_adress', 'cable']);
    expect(extra('USA')).toEqual(['swift', 'doc_number', 'bank_adress', 'ba_wire']);
    expect(extra('DEU')).toEqual(['swift', 'doc_number', 'bank_adress', 'iban']);
    expect(extra('BRA', 'Autorizar a tercero')).toEqual([
      'swift',
      'doc_number',
      'bank_adress',
      'authorization_letter',
      'authorized_document',
    ]);
    expect(paymentFieldLabel('bank_adress', 'PER')).toBe('CCI');
    expect(paymentFieldLabel('bank_adress', 'BRA')).toBe(text.bankAdressLabel);
    expect(bankOptionsFor('ARG')?.length).toBeGreaterThan(50);
    expect(bankOptionsFor('COL')).toBeNull();
    expect(accountTypesFor('COL')).toEqual(['Cuenta corriente en pesos', 'Caja de ahorro en pesos']);
    expect(accountTypesFor('ESP')).toEqual(['Cuenta corriente', 'Caja de ahorro']);
  });

  it("warns on Peru CCI check digits and needs the traveller's confirmation (issue 40)", () => {
    expect(paymentWarnings({ bank_adress: '00219300123456789099' }, 'PER')).toEqual({
      bank_adress: messages.banking.cciCheckDigits,
    });
    expect(paymentWarnings({ bank_adress: '00219300123456789099' }, 'BRA')).toEqual({});
    expect(paymentWarnings({ bank_adress: '00219300123456789013' }, 'PER')).toEqual({});
    const peruvian = {
      ...emptyRefundPayment(),
      owner: 'Rosa Quispe',
      bank: 'BCP',
      account_type: 'Caja de ahorro',
      account_number: '1234567',
      swift: 'BCPLPEPL',
      doc_number: '45678912',
    };
    const problems = (payment: Partial<RefundPayment>) =>
      paymentProblems({ ...peruvian, ...payment }, 'PER').bank_adress;
    expect(problems({ bank_adress: '00219300123456789013' })).toBeUndefined();
    expect(problems({ bank_adress: '00219300123456789099' })).toBe(text.cciConfirmRequired);
    expect(problems({ bank_adress: '00219300123456789099', cci_confirmed: true })).toBeUndefined();
    expect(problems({ bank_adress: '0021930012345678909' })).toBe(messages.banking.cciLength);
    expect(cciUnverified('00219300123456789099')).toBe(true);
    expect(cciUnverified('00219300123456789013')).toBe(false);
  });

  it('checks file extensions case-insensitively', () => {
    expect(['a.JPG', 'b.jpeg', 'c.Png', 'd.pdf'].every(hasAllowedExtension)).toBe(true);
    expect(['e.gif', 'f', 'g.pdf.exe'].some(hasAllowedExtension)).toBe(false);
  });
});
