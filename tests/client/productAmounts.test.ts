/** The product wizard's coverage amounts in the one format (issue 32; typed either way, issue 40): shown '30.000,00', sent '30000.00'. */
import { describe, expect, it } from 'vitest';
import { sampleProduct } from '../../machines/models/products';
import { productToValues, stepBody } from '../../src/client/api/products';

describe('coverage amounts in the product wizard', () => {
  it('shows a loaded limit as every amount is shown', () => {
    const values = productToValues(
      {
        ...sampleProduct,
        product_coverage: [
          {
            coverage_id: 1,
            coverage_name: 'Médica',
            limit_amount: '30000.00',
            currency_id: 2,
            currency: 'USD',
          },
        ],
      },
      'edit',
    );
    expect(values.product_coverage).toEqual([
      { coverage_id: '1', limit_amount: '30.000,00', currency_id: '2' },
    ]);
  });

  it('sends what was typed or shown as the API decimal, and leaves what is not an amount for the validation', () => {
    const sent = (typed: string) =>
      stepBody(1, { product_coverage: [{ coverage_id: '1', limit_amount: typed, currency_id: '2' }] })
        .product_coverage as { limit_amount: string }[];
    expect(
      ['30.000,00', '30000', '30000,5', '30000.50', '30,000.50', '', 'mucho'].map(
        (typed) => sent(typed)[0].limit_amount,
      ),
    ).toEqual(['30000.00', '30000.00', '30000.50', '30000.50', '30000.50', '', 'mucho']);
  });
});
