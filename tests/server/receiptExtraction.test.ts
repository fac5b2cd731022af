/** Issue 31: the receipt's figures from its OCR text (pure; no OCR here). */
import { describe, expect, it } from 'vitest';
import {
  extractCurrency,
  extractDate,
  extractFields,
  extractTaxId,
  extractTotal,
  parseAmount,
} from '../../src/server/services/receiptReading/extract';

describe('parseAmount', () => {
  it.each([
    ['12.345,50', 12345.5],
    ['12,345.50', 12345.5],
    ['12345.50', 12345.5],
    ['12345,5', 12345.5],
    ['1.234', 1234],
    ['1,234,567', 1234567],
    ['12 345,50', 12345.5],
    ['980', 980],
  ])('%s -> %d', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each(['1.23.45', '12.34.567,5', '1,2345'])('refuses %s', (raw) => {
    expect(parseAmount(raw)).toBeNull();
  });
});

describe('extractTotal', () => {
  it('takes the labelled total, not the subtotal or the largest line', () => {
    const lines = [
      'Ibuprofeno $ 4.345,50',
      'SUBTOTAL $ 10.000,00',
      'IVA 21% $ 2.345,50',
      'TOTAL $ 12.345,50',
    ];
    expect(extractTotal(lines)).toEqual({ value: 12345.5, confidence: 0.95 });
  });

  it('reads the amount on the line after a lone label, and English formats', () => {
    expect(extractTotal(['AMOUNT DUE', 'USD 1,250.00']).value).toBe(1250);
    expect(extractTotal(['A PAGAR: 980,00 EUR']).value).toBe(980);
    expect(extractTotal(['Importe 45.000']).value).toBe(45000);
  });

  it('falls back to the largest amount with decimals, ignoring dates, tax ids and times', () => {
    const lines = ['CUIT 30-71234567-8', '12/11/2026 14:35', 'Consulta 15.000,00', 'Insumos 2.500,00'];
    expect(extractTotal(lines)).toEqual({ value: 15000, confidence: 0.5 });
  });

  it('answers nothing when no amount is printed', () => {
    expect(extractTotal(['Gracias por su compra'])).toEqual({ value: null, confidence: 0 });
  });
});

describe('extractDate', () => {
  it.each([
    [['Fecha: 12/11/2026'], '2026-11-12'],
    [['Fecha 12-11-26'], '2026-11-12'],
    [['12.11.2026 10:31'], '2026-11-12'],
    [['Date: 2026-11-12'], '2026-11-12'],
    [['Buenos Aires, 12 de noviembre de 2026'], '2026-11-12'],
    [['Emitida el 3 dic. 2026'], '2026-12-03'],
    [['Date: Nov 12, 2026'], '2026-11-12'],
    [['Issued 05/28/2026'], '2026-05-28'],
    // Issue 42: Brazilian receipts write the month in Portuguese.
    [['São Paulo, 14 de fevereiro de 2026'], '2026-02-14'],
    [['Data: 2 de maio de 2026'], '2026-05-02'],
    [['Emitido em 9 de outubro de 2026'], '2026-10-09'],
    [['Rio, 24 de dezembro de 2026'], '2026-12-24'],
    [['7 de março de 2026'], '2026-03-07'],
  ])('%j -> %s', (lines, iso) => {
    expect(extractDate(lines).value).toBe(iso);
  });

  it('prefers the labelled date and refuses impossible ones', () => {
    expect(extractDate(['Vence 01/12/2026', 'Fecha: 15/11/2026']).value).toBe('2026-11-15');
    expect(extractDate(['Vencimento 01/12/2026', 'Data: 15/11/2026']).value).toBe('2026-11-15');
    expect(extractDate(['31/02/2026']).value).toBeNull();
  });
});

describe('extractTaxId', () => {
  it('reads a CUIT with a valid check digit', () => {
    expect(extractTaxId(['CUIT 30-71234567-1'])).toMatchObject({ kind: 'CUIT', confidence: 0.95 });
    expect(extractTaxId(['CUIT: 30712345671']).value).toBe('30-71234567-1');
  });

  it('reads a RUT, an RFC and a NIF', () => {
    expect(extractTaxId(['RUT: 76.086.428-5'])).toMatchObject({
      kind: 'RUT',
      value: '76.086.428-5',
      confidence: 0.95,
    });
    expect(extractTaxId(['RFC: GOMA800101AB1'])).toMatchObject({ kind: 'RFC', value: 'GOMA800101AB1' });
    expect(extractTaxId(['NIF: B12345678'])).toMatchObject({ kind: 'NIF', value: 'B12345678' });
  });
});

describe('extractCurrency', () => {
  it('reads ISO codes and unambiguous symbols', () => {
    expect(extractCurrency(['Total EUR 50,00'], null, null).value).toBe('EUR');
    expect(extractCurrency(['Total R$ 50,00'], null, 'ARG').value).toBe('BRL');
    expect(extractCurrency(['Total US$ 50.00'], null, 'ARG').value).toBe('USD');
    expect(extractCurrency(['Total 50,00 €'], null, null).value).toBe('EUR');
  });

  it("resolves '$' by the tax id, then by the event country", () => {
    expect(extractCurrency(['TOTAL $ 12.345,50'], 'RUT', 'ARG')).toEqual({ value: 'CLP', confidence: 0.8 });
    expect(extractCurrency(['TOTAL $ 12.345,50'], null, 'MEX')).toEqual({ value: 'MXN', confidence: 0.6 });
    expect(extractCurrency(['TOTAL $ 12.345,50'], null, null)).toEqual({ value: null, confidence: 0 });
  });
});

describe('extractFields', () => {
  it('reads the pharmacy ticket of the issue, scaled by the OCR confidence', () => {
    const text = [
      'FARMACIA DEL CENTRO',
      'CUIT 30-71234567-1',
      'Fecha: 12/11/2026',
      'Ibuprofeno 400 $ 4.345,50',
      'Amoxicilina $ 8.000,00',
      'TOTAL $ 12.345,50',
    ].join('\n');
    expect(extractFields(text, { country: 'ARG', ocrConfidence: 90 })).toEqual({
      total: '12345.50',
      totalConfidence: 0.86,
      date: '2026-11-12',
      dateConfidence: 0.86,
      currency: 'ARS',
      currencyConfidence: 0.72,
      taxId: '30-71234567-1',
      taxIdKind: 'CUIT',
      taxIdConfidence: 0.86,
    });
  });
});
