/** The amount mask of the claim dialog (SPEC §5; issue 17 'The portal loses nothing'). */
import { describe, expect, it } from 'vitest';
import { maskAmountInput } from '../../src/client/refund/masks';
import { parseAmountInput } from '../../src/contracts/refund';

describe('maskAmountInput', () => {
  it.each([
    ['1234.56', '1.234,56', '1234.56'],
    ['1234.5', '1.234,5', '1234.50'],
    ['12.5', '12,5', '12.50'],
    ['1.234', '1.234', '1234.00'],
    ['1.234.567', '1.234.567', '1234567.00'],
    ['1234,56', '1.234,56', '1234.56'],
    ['1.234,56', '1.234,56', '1234.56'],
    ['1234567', '1.234.567', '1234567.00'],
    ['-12', '12', '12.00'],
  ])('%s is shown as %s and read as %s', (typed, shown, canonical) => {
    expect(maskAmountInput(typed)).toBe(shown);
    expect(parseAmountInput(maskAmountInput(typed))).toBe(canonical);
  });

  it('never multiplies an amount by a hundred when a point is the decimal separator', () => {
    for (const [units, cents] of [
      ['1', '5'],
      ['99', '99'],
      ['1000', '01'],
      ['123456', '7'],
    ]) {
      const read = parseAmountInput(maskAmountInput(`${units}.${cents}`));
      expect(Number(read)).toBeCloseTo(Number(`${units}.${cents}`), 2);
    }
  });
});
