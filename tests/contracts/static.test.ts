import { describe, expect, it } from 'vitest';
import {
  argentineBankByCbu,
  argentineBanks,
  billedStatuses,
  billedStatusName,
  chileanBanks,
  countries,
  currencies,
  documentTypes,
  findArgentineBank,
  findById,
  findByName,
  findChileanBank,
  findCountryByIdent,
  findCountryByIso2,
  findCountryByIso3,
  findCurrency,
  fixedCountryIdents,
  invoicingStatuses,
  invoicingStatusName,
  isDocumentTypeCode,
  isIdOf,
  leadingCurrencyCodes,
  reservationStatuses,
  reservationStatusName,
  voucherStatuses,
  voucherStatusName,
} from '../../src/contracts/static';

describe('statuses (SPEC §3)', () => {
  it('has the invoicing statuses', () => {
    expect(invoicingStatuses).toEqual([
      { id: 1, name: 'NO FACTURADO' },
      { id: 2, name: 'FACTURADO' },
      { id: 3, name: 'EN REVISION' },
      { id: 4, name: 'CANCELADO' },
    ]);
  });

  it('has the billed statuses', () => {
    expect(billedStatuses).toEqual([
      { id: 1, name: 'FACTURADO' },
      { id: 2, name: 'NO FACTURADO' },
    ]);
  });

  it('has the reservation/voucher statuses', () => {
    expect(reservationStatuses).toEqual([
      { id: 1, name: 'PEDIDO DE CANCELACION' },
      { id: 2, name: 'CANCELADO' },
      { id: 3, name: 'EMITIDO' },
      { id: 4, name: 'PENDIENTE' },
      { id: 5, name: 'PENDIENTE DE EMISION' },
      { id: 6, name: 'PENDIENTE DE PAGO' },
    ]);
    expect(voucherStatuses).toBe(reservationStatuses);
  });

  it('has the document types PED, FCC, FCO', () => {
    expect(documentTypes.map((t) => t.name)).toEqual(['PED', 'FCC', 'FCO']);
    expect(isDocumentTypeCode('FCC')).toBe(true);
    expect(isDocumentTypeCode('XYZ')).toBe(false);
  });

  it('looks statuses up by id and name', () => {
    expect(invoicingStatusName(3)).toBe('EN REVISION');
    expect(invoicingStatusName(9)).toBeUndefined();
    expect(billedStatusName(2)).toBe('NO FACTURADO');
    expect(reservationStatusName(6)).toBe('PENDIENTE DE PAGO');
    expect(voucherStatusName(3)).toBe('EMITIDO');
    expect(findById(invoicingStatuses, 4)).toEqual({ id: 4, name: 'CANCELADO' });
    expect(findByName(reservationStatuses, 'PENDIENTE')?.id).toBe(4);
    expect(isIdOf(billedStatuses, 2)).toBe(true);
    expect(isIdOf(billedStatuses, 3)).toBe(false);
  });
});

describe('countries (SPEC §3)', () => {
  it('keeps the idents fixed by the spec', () => {
    expect(findCountryByIdent(5)?.name).toBe('Argentina');
    expect(findCountryByIdent(12)?.name).toBe('Brasil');
    expect(findCountryByIdent(28)?.name).toBe('España');
    expect(findCountryByIdent(55)?.name).toBe('Estados Unidos');
    expect(findCountryByIdent(81)?.name).toBe('Chile');
    expect(fixedCountryIdents).toEqual({ AR: 5, BR: 12, ES: 28, US: 55, CL: 81 });
    for (const [iso2, ident] of Object.entries(fixedCountryIdents)) {
      expect(findCountryByIso2(iso2)?.ident).toBe(ident);
    }
  });

  it('has about 190 countries', () => {
    expect(countries.length).toBeGreaterThanOrEqual(185);
    expect(countries.length).toBeLessThanOrEqual(200);
  });

  it('has unique idents in 1..250 and unique ISO codes of the right shape', () => {
    const idents = countries.map((c) => c.ident);
    expect(new Set(idents).size).toBe(countries.length);
    for (const ident of idents) {
      expect(Number.isInteger(ident)).toBe(true);
      expect(ident).toBeGreaterThanOrEqual(1);
      expect(ident).toBeLessThanOrEqual(250);
    }
    expect(new Set(countries.map((c) => c.iso2)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.iso3)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    for (const c of countries) {
      expect(c.iso2).toMatch(/^[A-Z]{2}$/);
      expect(c.iso3).toMatch(/^[A-Z]{3}$/);
      expect(c.name.trim()).toBe(c.name);
    }
  });

  it('uses Spanish names', () => {
    expect(findCountryByIso2('de')?.name).toBe('Alemania');
    expect(findCountryByIso2('GB')?.name).toBe('Reino Unido');
    expect(findCountryByIso3('mex')?.name).toBe('México');
    expect(findCountryByIso3('PER')?.name).toBe('Perú');
    expect(findCountryByIso2('ZZ')).toBeUndefined();
  });
});

describe('currencies (SPEC §3)', () => {
  it('starts with USD, EUR, CAD, AUD, NZD, GBP, MXN', () => {
    expect(currencies.slice(0, 7).map((c) => c.code)).toEqual([
      'USD',
      'EUR',
      'CAD',
      'AUD',
      'NZD',
      'GBP',
      'MXN',
    ]);
    expect(leadingCurrencyCodes).toEqual(['USD', 'EUR', 'CAD', 'AUD', 'NZD', 'GBP', 'MXN']);
  });

  it('lists the rest alphabetically by Spanish name', () => {
    const rest = currencies.slice(7).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('has a size in the expected range with unique ISO codes', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(150);
    expect(currencies.length).toBeLessThanOrEqual(200);
    expect(new Set(currencies.map((c) => c.code)).size).toBe(currencies.length);
    for (const c of currencies) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.symbol.length).toBeGreaterThan(0);
    }
  });

  it('includes the currencies of the countries the portal serves', () => {
    for (const code of ['ARS', 'BRL', 'CLP', 'COP', 'PEN', 'UYU', 'PYG', 'BOB', 'CHF', 'JPY']) {
      expect(findCurrency(code)?.code).toBe(code);
    }
    expect(findCurrency('ars')?.name).toBe('Peso argentino');
    expect(findCurrency('EUR')?.symbol).toBe('€');
    expect(findCurrency('XXX')).toBeUndefined();
  });
});

describe('banks (SPEC §3, §5)', () => {
  it('has about 58 Argentine banks and 15 Chilean banks', () => {
    expect(argentineBanks.length).toBeGreaterThanOrEqual(50);
    expect(argentineBanks.length).toBeLessThanOrEqual(65);
    expect(chileanBanks.length).toBe(15);
  });

  it('has unique three-digit codes', () => {
    for (const list of [argentineBanks, chileanBanks]) {
      expect(new Set(list.map((b) => b.code)).size).toBe(list.length);
      for (const bank of list) expect(bank.code).toMatch(/^\d{3}$/);
    }
  });

  it('uses the BCRA entity codes', () => {
    expect(findArgentineBank('007')?.name).toMatch(/Galicia/);
    expect(findArgentineBank('011')?.name).toMatch(/Nación/);
    expect(findArgentineBank('14')?.name).toMatch(/Provincia de Buenos Aires/);
    expect(findArgentineBank('072')?.name).toMatch(/Santander/);
    expect(findArgentineBank('285')?.name).toMatch(/Macro/);
    expect(findArgentineBank('191')?.name).toMatch(/Credicoop/);
    expect(findArgentineBank('999')).toBeUndefined();
    expect(findArgentineBank('abc')).toBeUndefined();
  });

  it('finds the bank of a CBU by its first three digits', () => {
    expect(argentineBankByCbu('2850590940090418135201')?.code).toBe('285');
    expect(argentineBankByCbu('0720429088000002339140')?.code).toBe('072');
    expect(argentineBankByCbu('9990000000000000000000')).toBeUndefined();
    expect(argentineBankByCbu('12')).toBeUndefined();
  });

  it('finds Chilean banks', () => {
    expect(findChileanBank('001')?.name).toBe('Banco de Chile');
    expect(findChileanBank('12')?.name).toBe('BancoEstado');
    expect(findChileanBank('000')).toBeUndefined();
  });
});
