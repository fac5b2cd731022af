import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { recalculatedPrices, reconcilePrices } from '../../src/contracts/voucherPrices';

const prices = { final_price: '222.00', commission: '33.30', net_price: '188.70' };

describe('reconcilePrices: net = final − commission (issue 32)', () => {
  it('moves the net price with the commission or the final price, the commission with the net price', () => {
    expect(reconcilePrices({ ...prices, commission: '32.65' }, new Set(['commission']))).toEqual({
      ok: true,
      prices: { final_price: '222.00', commission: '32.65', net_price: '189.35' },
    });
    expect(reconcilePrices({ ...prices, final_price: '1000000.10' }, new Set(['final_price']))).toEqual({
      ok: true,
      prices: { final_price: '1000000.10', commission: '33.30', net_price: '999966.80' },
    });
    expect(reconcilePrices({ ...prices, net_price: '200.00' }, new Set(['net_price']))).toEqual({
      ok: true,
      prices: { final_price: '222.00', commission: '22.00', net_price: '200.00' },
    });
  });

  it('refuses a commission above the final price, a net price above it, and a pair that breaks the rule', () => {
    expect(reconcilePrices({ ...prices, commission: '222.01' }, new Set(['commission']))).toEqual({
      ok: false,
      field: 'commission',
      message: messages.bookings.commissionAboveFinal,
    });
    expect(reconcilePrices({ ...prices, net_price: '300.00' }, new Set(['net_price']))).toEqual({
      ok: false,
      field: 'commission',
      message: messages.bookings.commissionNegative,
    });
    expect(
      reconcilePrices(
        { ...prices, commission: '10.00', net_price: '10.00' },
        new Set(['commission', 'net_price']),
      ),
    ).toEqual({ ok: false, field: 'net_price', message: messages.bookings.netPriceRule });
    expect(reconcilePrices(prices, new Set())).toEqual({ ok: true, prices });
  });
});

describe('recalculatedPrices: the voucher form as the user types', () => {
  const typed = { final_price: '222,00', commission: '33,30', net_price: '188,70', observations: 'x' };

  it('shows the other price recalculated, masked as the form shows amounts', () => {
    expect(recalculatedPrices({ ...typed, commission: '32,65' }, 'commission')).toEqual({
      ...typed,
      commission: '32,65',
      net_price: '189,35',
    });
    expect(recalculatedPrices({ ...typed, final_price: '1.222,00' }, 'final_price')).toEqual({
      ...typed,
      final_price: '1.222,00',
      net_price: '1.188,70',
    });
    expect(recalculatedPrices({ ...typed, net_price: '200' }, 'net_price')).toEqual({
      ...typed,
      net_price: '200',
      commission: '22,00',
    });
  });

  it('leaves the values as typed while a price does not read as an amount, breaks the rule, or another field changed', () => {
    for (const [field, value] of [
      ['commission', '32a'],
      ['commission', '-32'],
      ['commission', ''],
      ['commission', '999,00'],
      ['observations', 'y'],
    ] as const)
      expect(recalculatedPrices({ ...typed, [field]: value }, field)).toEqual({ ...typed, [field]: value });
  });
});
