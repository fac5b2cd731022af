/**
 * Issue 40 (traveller reach): where a login answer lands (the status page or the wizard), and
 * which refunds keep the status page reachable past the 30-day window (REFUND_STATUS_REACH_DAYS
 * after the last decision of a closed refund; always while one is open).
 */
import { describe, expect, it } from 'vitest';
import { refundLandingOf } from '../../src/client/refund/session';
import { REFUND_STATUS_REACH_DAYS, type RefundLoginResponse } from '../../src/contracts/refund';
import { statusReachable } from '../../src/contracts/refund/status';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-30T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const refund = (status: string, decidedDaysAgo: number) => ({
  id: 1,
  status,
  created_at: ago(decidedDaysAgo + 20),
  timeline: [
    { event: 'received' as const, at: ago(decidedDaysAgo + 20) },
    { event: 'in_review' as const, at: ago(decidedDaysAgo + 10) },
    { event: 'rejected' as const, at: ago(decidedDaysAgo) },
  ],
  requests: [],
  rejection_reason: '',
  claims: [],
  payment_reference: '',
});

function loginWith(mayClaim: boolean, submitted: number): RefundLoginResponse {
  return {
    access: 'token',
    may_claim: mayClaim,
    submitted_refunds: Array.from({ length: submitted }, () => refund('RECHAZADO', 1)),
    refunds: {} as RefundLoginResponse['refunds'],
  };
}

describe('the landing after the refund login', () => {
  it('is the status page only when the window for new claims has passed', () => {
    expect(refundLandingOf(loginWith(false, 1), false)).toBe('status');
    expect(refundLandingOf(loginWith(false, 1), true)).toBe('status');
  });
  it('is the status page when refunds were sent and no wizard is in progress, else the wizard', () => {
    expect(refundLandingOf(loginWith(true, 1), false)).toBe('status');
    expect(refundLandingOf(loginWith(true, 1), true)).toBe('wizard');
    expect(refundLandingOf(loginWith(true, 0), false)).toBe('wizard');
  });
});

describe('statusReachable', () => {
  it('keeps an open refund reachable however old', () => {
    for (const status of ['RECIBIDO', 'EN_REVISION', 'DOCUMENTACION_SOLICITADA', 'APROBADO'])
      expect(statusReachable([refund(status, 400)], now, REFUND_STATUS_REACH_DAYS)).toBe(true);
  });
  it('keeps a closed refund reachable for the period after its last decision', () => {
    for (const status of ['PAGADO', 'RECHAZADO']) {
      expect(
        statusReachable([refund(status, REFUND_STATUS_REACH_DAYS - 1)], now, REFUND_STATUS_REACH_DAYS),
      ).toBe(true);
      expect(
        statusReachable([refund(status, REFUND_STATUS_REACH_DAYS + 1)], now, REFUND_STATUS_REACH_DAYS),
      ).toBe(false);
    }
  });
  it('is false without refunds', () => {
    expect(statusReachable([], now, REFUND_STATUS_REACH_DAYS)).toBe(false);
  });
});
