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
