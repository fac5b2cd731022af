/**
 * Issue 40 (money): the ONE parser of typed amounts (src/contracts/money.ts) and the one amount
 * formatter (src/contracts/format.ts), with each currency's ISO 4217 minor units.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFeedback, amountField } from '../../src/contracts/amountInput';
import { formatAmount, formatMoney } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import {
  amountErrorMessage,
  decimalOfMinor,
  minorUnitsOf,
  parseAmount,
  parseAmountNumber,
} from '../../src/contracts/money';

const text = messages.amounts;
const read = (typed: string, currency: string | null = 'USD', maxIntegerDigits = 7) =>
  parseAmount(typed, { currency, maxIntegerDigits });

describe('parseAmount: what people type', () => {
  it.each([
    ['1.000,50', 'USD', '1000.50', false],
    ['1,000.50', 'USD', '1000.50', false],
    ['1000.50', 'USD', '1000.50', false],
    ['1000,50', 'USD', '1000.50', false],
    ['1000,5', 'USD', '1000.50', false],
    ['1000.5', 'USD', '1000.50', false],
    ['US$ 1.000,50', 'USD', '1000.50', false],
    ['US$1,000.50', 'USD', '1000.50', false],
    ['1.000,50 USD', 'USD', '1000.50', false],
    ['USD 1.000,50', 'USD', '1000.50', false],
    ['$ 1.000,50', 'ARS', '1000.50', false],
    ['€ 89,90', 'EUR', '89.90', false],
    ['S/. 100', 'PEN', '100.00', false],
    ['1 000,50', 'USD', '1000.50', false],
    ['1.234.567,89', 'USD', '1234567.89', false],
    ['1,234,567.89', 'USD', '1234567.89', false],
    ['1234567', 'USD', '1234567.00', false],
    ['0,01', 'USD', '0.01', false],
    [',5', 'USD', '0.50', false],
    ['1000,', 'USD', '1000.00', false],
    ['0,500', 'USD', '0.50', false],
    ['1.000,500', 'USD', '1000.50', false],
    ['1.234,0', 'USD', '1234.00', false],
    ['  12  ', 'USD', '12.00', false],
    // A single separator before exactly three digits: thousands (es), said to be ambiguous.
    ['1.000', 'USD', '1000.00', true],
    ['1,000', 'USD', '1000.00', true],
    ['100.000', 'ARS', '100000.00', true],
    // No minor units (CLP, JPY, PYG): '84.900' can only be 84900.
    ['84.900', 'CLP', '84900', false],
    ['84900', 'CLP', '84900', false],
    ['84,900', 'CLP', '84900', false],
    ['CLP 84.900', 'CLP', '84900', false],
    ['84.900,00', 'CLP', '84900', false],
    ['1.500', 'JPY', '1500', false],
    ['Gs. 150.000', 'PYG', '150000', false],
    // Three minor units: the single separator before three digits is the decimal one.
    ['1,500', 'KWD', '1.500', true],
    ['1.500,250', 'KWD', '1500.250', false],
  ])('%s (%s) is %s', (typed, currency, decimal, ambiguous) => {
    const reading = read(typed, currency);
    expect(reading).toMatchObject({ ok: true, decimal, ambiguous });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['- 1.000,50', 'negative'],
    ['US$ -5', 'negative'],
    ['5-', 'negative'],
    ['12345678', 'tooLarge'],
    ['12.345.678,00', 'tooLarge'],
    ['abc', 'unreadable'],
    ['12a', 'unreadable'],
    ['1a2', 'unreadable'],
    ['1/2', 'unreadable'],
    ['.', 'unreadable'],
    ['1.000.50', 'misplacedSeparator'],
    ['1.00.000', 'misplacedSeparator'],
    ['1,2,3', 'misplacedSeparator'],
    ['1.000,50,00', 'misplacedSeparator'],
    ['1,000.50.00', 'misplacedSeparator'],
    ['12,345', 'ok'],
    ['1234,567', 'tooManyDecimals'],
    ['1,5055', 'tooManyDecimals'],
    ['1.505', 'ok'],
    ['EUR 5', 'otherCurrency'],
  ])('%s is refused as %s', (typed, error) => {
    const reading = read(typed);
    if (error === 'ok') expect(reading.ok).toBe(true);
    else expect(reading).toMatchObject({ ok: false, error });
  });

  it('refuses decimals a currency does not have, with a Spanish message', () => {
    const reading = read('84.900,50', 'CLP');
    expect(reading).toMatchObject({ ok: false, error: 'tooManyDecimals' });
    if (!reading.ok) expect(amountErrorMessage(reading)).toBe('Los montos en CLP no llevan decimales.');
    const cents = read('10,505', 'USD');
    if (!cents.ok) expect(amountErrorMessage(cents)).toBe('Los montos en USD admiten hasta 2 decimales.');
    const large = read('12345678');
    if (!large.ok) expect(amountErrorMessage(large)).toBe(text.tooLarge(7));
    const negative = read('-5');
    if (!negative.ok) expect(amountErrorMessage(negative)).toBe(text.negative);
  });

  it('never drops, shifts or truncates a digit: the issue 40 cases', () => {
    // What the old mask did: '1,000.50' -> '1,00'; '1000.50' -> '100.050'; '12345678' cut; '-5' -> '5'.
    expect(read('1,000.50')).toMatchObject({ ok: true, decimal: '1000.50' });
    expect(read('1000.50')).toMatchObject({ ok: true, decimal: '1000.50' });
    expect(read('12345678').ok).toBe(false);
    expect(read('-5').ok).toBe(false);
  });

  it('reads numbers (API clients) with the same limits', () => {
    expect(parseAmountNumber(1.123, { decimals: 3 })).toMatchObject({ ok: true, decimal: '1.123' });
    expect(parseAmountNumber(1.123)).toMatchObject({ ok: false, error: 'tooManyDecimals' });
    expect(parseAmountNumber(-1)).toMatchObject({ ok: false, error: 'negative' });
    expect(parseAmountNumber(84900, { currency: 'CLP' })).toMatchObject({ ok: true, decimal: '84900' });
    expect(parseAmountNumber(1e21)).toMatchObject({ ok: false, error: 'tooLarge' });
  });

  it('the contracts field reads the same, with the positive rule', () => {
    const field = amountField({ maxIntegerDigits: 7, positive: true });
    expect(field.parse('1,000.50')).toBe('1000.50');
    expect(field.parse(12.5)).toBe('12.50');
    expect(field.safeParse('0,00').error?.issues[0]?.message).toBe(text.notPositive);
    expect(field.safeParse('').error?.issues[0]?.message).toBe(text.required);
  });
});

describe('amountFeedback: how the field says it read it', () => {
  it('shows the reading when it is not exactly what was typed, always when ambiguous', () => {
    expect(amountFeedback('1,000.50', { currency: 'USD' }).understood).toBe('Se cargará: USD 1.000,50');
    expect(amountFeedback('1.000', { currency: 'USD' }).understood).toBe('Se cargará: USD 1.000,00');
    expect(amountFeedback('1.000,50', { currency: 'USD' })).toEqual({ understood: null, problem: null });
    expect(amountFeedback('84.900', { currency: 'CLP' })).toEqual({ understood: null, problem: null });
    expect(amountFeedback('12a', { currency: 'USD' }).problem).toBe(text.unreadable);
    expect(amountFeedback('', { currency: 'USD' })).toEqual({ understood: null, problem: null });
  });
});

describe('minor units (ISO 4217)', () => {
  it.each([
    ['USD', 2],
    ['ARS', 2],
    ['EUR', 2],
    ['CLP', 0],
    ['JPY', 0],
    ['PYG', 0],
    ['KWD', 3],
    ['COP', 2],
    [null, 2],
    ['??', 2],
  ])('%s has %i', (currency, units) => {
    expect(minorUnitsOf(currency)).toBe(units);
  });
});

describe('formatAmount / formatMoney: the one amount formatter', () => {
  it('prints each currency in its minor units, Spanish style', () => {
    expect(formatMoney('84900.00', 'CLP')).toBe('CLP 84.900');
    expect(formatMoney('84900', 'CLP')).toBe('CLP 84.900');
    expect(formatMoney('1234.5', 'USD')).toBe('USD 1.234,50');
    expect(formatMoney('1500', 'JPY')).toBe('JPY 1.500');
    expect(formatMoney('1.5', 'KWD')).toBe('KWD 1,500');
    expect(formatAmount('1234567.5')).toBe('1.234.567,50');
    expect(formatAmount('1234.56', 'ARS')).toBe('1.234,56');
    // Never a significant digit hidden.
    expect(formatMoney('84900.50', 'CLP')).toBe('CLP 84.900,5');
    expect(formatAmount('0.125')).toBe('0,125');
  });
});

describe('properties: formatting a value then parsing it gives the value back', () => {
  const currencies = ['USD', 'ARS', 'EUR', 'CLP', 'JPY', 'PYG', 'KWD', 'BRL', 'MXN'];
  const value = fc.record({
    currency: fc.constantFrom(...currencies),
    minor: fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
  });

  it('Spanish display form ("1.234,56") reads back exactly', () => {
    fc.assert(
      fc.property(value, ({ currency, minor }) => {
        const decimals = minorUnitsOf(currency);
        const decimal = decimalOfMinor(minor, decimals);
        const reading = parseAmount(formatAmount(decimal, currency), { currency });
        expect(reading).toMatchObject({ ok: true, decimal, minor });
      }),
    );
  });

  it('English display form ("1,234.56") and the canonical form read back exactly', () => {
    fc.assert(
      fc.property(value, ({ currency, minor }) => {
        const decimals = minorUnitsOf(currency);
        const decimal = decimalOfMinor(minor, decimals);
        const english = new Intl.NumberFormat('en-US', {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        }).format(decimal as unknown as number);
        expect(parseAmount(english, { currency })).toMatchObject({ ok: true, decimal });
        expect(parseAmount(decimal, { currency })).toMatchObject({ ok: true, decimal });
        expect(parseAmount(`${currency} ${formatAmount(decimal, currency)}`, { currency })).toMatchObject({
          ok: true,
          decimal,
        });
      }),
    );
  });

  it('never reads a value with a digit less or more: what it reads, it prints back digit for digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.,]{1,14}$/), (typed) => {
        const reading = parseAmount(typed, { currency: 'USD', maxIntegerDigits: 12 });
        if (!reading.ok) return;
        const typedDigits = typed.replace(/\D/g, '').replace(/^0+/, '');
        const readDigits = reading.decimal.replace(/\D/g, '').replace(/^0+/, '');
        // Only zeros may be added (the padding of decimals) or removed (trailing zero decimals).
        expect(readDigits.replace(/0+$/, '')).toBe(typedDigits.replace(/0+$/, ''));
      }),
    );
  });

  it('refuses every negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (n) => {
        expect(parseAmount(`-${n}`, { currency: 'USD' })).toMatchObject({ ok: false, error: 'negative' });
      }),
    );
  });
});
