/**
 * Issue 40 (traveller reach): where a login answer lands (the status page or the wizard), and
 * which refunds keep the status page reachable past the 30-day window (REFUND_STATUS_REACH_DAYS
 * after the last decision of a closed refund; always while one is open); and what a picked file's
 * first bytes say it is.
 */
import { describe, expect, it } from 'vitest';
import { refundLandingOf } from '../../src/client/refund/session';
import {
  contentMatchesName,
  REFUND_STATUS_REACH_DAYS,
  type RefundLoginResponse,
  sniffedKind,
} from '../../src/contracts/refund';
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

describe('the file content checked at the pick', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46);
  const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const PDF = new TextEncoder().encode('%PDF-1.7');
  const TEXT = new TextEncoder().encode('Hola, es');

  it('reads images and PDFs by their first bytes', () => {
    expect([JPEG, PNG, PDF, TEXT, bytes()].map(sniffedKind)).toEqual(['image', 'image', 'pdf', null, null]);
  });
  it('matches the name: an image for jpg, jpeg or png (either), a PDF for pdf', () => {
    expect(contentMatchesName('foto.JPG', PNG)).toBe(true);
    expect(contentMatchesName('foto.jpeg', JPEG)).toBe(true);
    expect(contentMatchesName('extracto.pdf', PDF)).toBe(true);
    expect(contentMatchesName('notas.jpg', TEXT)).toBe(false);
    expect(contentMatchesName('extracto.pdf', JPEG)).toBe(false);
    expect(contentMatchesName('foto.png', PDF)).toBe(false);
  });
});
