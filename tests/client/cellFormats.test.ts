/**
 * Issue 18: list cells show dates as dd/MM/yyyy (dates and timestamps alike), booleans as Sí/No,
 * and amounts with the Spanish separators.
 */
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/client/resources/descriptor';
import { formatAmount } from '../../src/contracts/format';

describe('list cell formats', () => {
  it('shows dates and timestamps as dd/MM/yyyy', () => {
    expect(cellText('2026-03-05')).toBe('05/03/2026');
    // Midday UTC: the same calendar day in every American and European time zone.
    expect(cellText('2026-03-05T12:00:00.000Z')).toBe('05/03/2026');
    expect(cellText('2026-03-05T12:00:00+00:00')).toBe('05/03/2026');
    // Text that only starts like a date stays as it is.
    expect(cellText('2026-03-05 viaje')).toBe('2026-03-05 viaje');
  });

  it('shows booleans in Spanish and lists joined', () => {
    expect(cellText(true)).toBe('Sí');
    expect(cellText(false)).toBe('No');
    expect(cellText(['2026-01-02', 'ARG'])).toBe('02/01/2026, ARG');
  });

  it('shows amounts with a thousands dot and a decimal comma', () => {
    expect(formatAmount('1234567.5')).toBe('1.234.567,50');
    expect(formatAmount('-12.345')).toBe('-12,345');
  });
});
