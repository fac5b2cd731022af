/** The one display format of amounts, counts and dates (src/contracts/format.ts), browser and server alike. */
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatLocalDate,
  formatLocalDateTime,
  formatMoney,
  formatUtcDate,
  groupThousands,
} from '../../src/contracts/format';

describe('amounts', () => {
  it('groups thousands with dots and shows at least two decimals after a comma', () => {
    expect(formatAmount('1234567.89')).toBe('1.234.567,89');
    expect(formatAmount('1234567.8')).toBe('1.234.567,80');
    expect(formatAmount('5')).toBe('5,00');
    expect(formatAmount('007.5')).toBe('7,50');
    expect(formatAmount('0')).toBe('0,00');
    expect(formatAmount(1234)).toBe('1.234,00');
  });

  it('never drops a significant decimal and keeps the sign', () => {
    expect(formatAmount('-12.345')).toBe('-12,345');
    expect(formatAmount('1.250000')).toBe('1,25');
    expect(formatAmount('-1000000.10')).toBe('-1.000.000,10');
  });

  it('shows nothing for no amount and text that is not a decimal unchanged', () => {
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount('')).toBe('');
    expect(formatAmount('n/d')).toBe('n/d');
  });

  it('puts the currency code first', () => {
    expect(formatMoney('50000', 'USD')).toBe('USD 50.000,00');
    expect(formatMoney('120.5', 'EUR')).toBe('EUR 120,50');
    expect(formatMoney('12', null)).toBe('12,00');
    expect(formatMoney(null, 'USD')).toBe('');
  });

  it('groups counts and digits the same way', () => {
    expect(formatCount(10000)).toBe('10.000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-1234567)).toBe('-1.234.567');
    expect(groupThousands('1234567')).toBe('1.234.567');
  });
});

describe('dates', () => {
  it('shows calendar dates as DD/MM/YYYY', () => {
    expect(formatDate('2025-03-14')).toBe('14/03/2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('mañana')).toBe('mañana');
  });

  it('shows instants in local time', () => {
    const instant = new Date(2025, 2, 4, 9, 5);
    expect(formatLocalDate(instant.toISOString())).toBe('04/03/2025');
    expect(formatLocalDateTime(instant.toISOString())).toBe('04/03/2025 09:05');
    expect(formatLocalDateTime(instant)).toBe('04/03/2025 09:05');
    expect(formatLocalDate('')).toBe('');
    expect(formatLocalDate(undefined)).toBe('');
    expect(formatLocalDateTime('no es fecha')).toBe('no es fecha');
  });

  it('shows an instant by its UTC calendar date where no reader time zone is known', () => {
    expect(formatUtcDate(new Date(Date.UTC(2025, 11, 31, 23, 30)))).toBe('31/12/2025');
  });
});
