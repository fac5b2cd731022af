/** Claim rules added by issue 17 'The portal loses nothing' (client and server share them). */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { emptyMultiCause, multiCauseProblems } from '../../src/contracts/refund';

function withAlojamientos(paid: string, recovered: string) {
  const value = emptyMultiCause();
  value.alojamientos = { selected: true, montoPagado: paid, montoRecuperado: recovered };
  return value;
}

describe('multi-cause amounts', () => {
  it('refuses a recovered amount larger than the paid one, under montoRecuperado', () => {
    expect(multiCauseProblems(withAlojamientos('100.00', '100.01'))).toEqual([
      { path: ['alojamientos', 'montoRecuperado'], message: messages.refundLinks.recoveredOverPaid },
    ]);
  });
  it.each([
    ['100', '100.00'],
    ['100.5', '0'],
    ['1000000', '999999.99'],
  ])('accepts paid %s with recovered %s', (paid, recovered) => {
    expect(multiCauseProblems(withAlojamientos(paid, recovered))).toEqual([]);
  });
});

describe('the 20-file limit counts the files that will be sent', () => {
  it('refuses more prepared files (PDF pages) than the limit, before uploading', async () => {
    const { preparedCountProblem } = await import('../../machines/claimForm');
    expect(preparedCountProblem(20)).toBeNull();
    expect(preparedCountProblem(25)).toBe(
      `${messages.refund.filesTooMany(20)} (${messages.refundLinks.preparedCount(25)})`,
    );
  });
});

describe('applicant phone', () => {
  it.each([
    ['+54 9 11 3012-3456', '+5491130123456'],
    ['+1 (212) 555-0123', '+12125550123'],
    ['+34 612 34 56 78', '+34612345678'],
    ['1130123456', '1130123456'],
  ])('accepts %s, stored as %s', async (typed, stored) => {
    const { internationalPhone } = await import('../../src/contracts/refund');
    expect(internationalPhone(typed)).toEqual({ ok: true, value: stored });
  });
  it.each([
    ['+54 11', messages.refundLinks.phoneInternationalInvalid],
    ['+99 123456789', messages.refundLinks.phoneInternationalInvalid],
    ['11-3012', messages.refund.phoneNumeric],
  ])('refuses %s', async (typed, message) => {
    const { internationalPhone } = await import('../../src/contracts/refund');
    expect(internationalPhone(typed)).toEqual({ ok: false, message });
  });
});
