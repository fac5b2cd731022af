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
    // Issue 30 §4: numbers from the portal's countries, as travellers write them.
    ['+57 601 3456789', '+576013456789'],
    ['+57 300 123 4567', '+573001234567'],
    ['+56 9 6123 4567', '+56961234567'],
    ['+51 912 345 678', '+51912345678'],
    ['+52 55 1234 5678', '+525512345678'],
    ['+598 94 123 456', '+59894123456'],
    ['+55 11 91234-5678', '+5511912345678'],
    ['  +593 99 123 4567 ', '+593991234567'],
  ])('accepts %s, stored as %s', async (typed, stored) => {
    const { travellerPhone } = await import('../../src/contracts/refund');
    expect(travellerPhone(typed)).toEqual({ ok: true, value: stored });
  });
  it.each([
    ['+54 11', messages.refundLinks.phoneInternationalInvalid],
    ['+99 123456789', messages.refundLinks.phoneInternationalInvalid],
    ['11-3012', messages.refund.phoneNumeric],
    ['+57 601 345678', messages.refundLinks.phoneInternationalInvalid],
    ['+56 9 6123', messages.refundLinks.phoneInternationalInvalid],
    ['57 601 3456789', messages.refund.phoneNumeric],
  ])('refuses %s', async (typed, message) => {
    const { travellerPhone } = await import('../../src/contracts/refund');
    expect(travellerPhone(typed)).toEqual({ ok: false, message });
  });
});

describe('one phone rule everywhere (issue 30 §4)', () => {
  const steps = async () => {
    const refund = await import('../../src/contracts/refund');
    const links = await import('../../src/contracts/refund/links');
    return { ...refund, ...links };
  };
  const colombianPayment = {
    payment_method: 'Transferencia',
    refund_method: 'Cuenta propia',
    owner: 'Titular Demo',
    bank: 'Bancolombia',
    account_type: 'Caja de ahorro en pesos',
    account_number: '123456789',
    cedula: '1020304050',
    adress: 'Calle 10 # 5-20, Bogotá',
  };

  it.each([
    ['+57 601 3456789', true],
    ['3001234567', true],
    ['+57 601 345678', false],
    ['300-123', false],
  ])('step 1, step 3 and the bank-data link agree on %s', async (typed, valid) => {
    const rules = await steps();
    const stepOne = rules.travellerPhone(typed);
    expect(stepOne.ok).toBe(valid);
    const expected = stepOne.ok ? undefined : stepOne.message;
    const payment = { ...rules.emptyRefundPayment(), ...colombianPayment, phone: typed };
    expect(rules.paymentProblems(payment, 'COL').phone).toBe(expected);
    expect(rules.paymentUpdateProblems({ phone: typed }, ['phone'], 'COL', payment).phone).toBe(expected);
  });

  it('stores the bank phone as the applicant phone is stored (E.164)', async () => {
    const rules = await steps();
    const payment = { ...rules.emptyRefundPayment(), ...colombianPayment, phone: ' +57 601 3456789 ' };
    expect(rules.cleanPaymentFor(payment, 'COL').phone).toBe('+576013456789');
    expect(rules.cleanPaymentFor({ ...payment, phone: '3001234567' }, 'COL').phone).toBe('3001234567');
  });
});
