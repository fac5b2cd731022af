/**
 * Where the refund portal keeps its state in the browser (sessionStorage, this tab only): the
 * login answer (SPEC §2 'carrying the response') and the wizard's persisted snapshot (a slot of
 * api/wizardSnapshots.ts owned by the login's voucher and document).
 */
import { type RefundLoginResponse, refundLoginResponseSchema } from '../../contracts/refund';
import { type SnapshotSlot, snapshotSlot } from '../api/wizardSnapshots';

export const REFUND_LOGIN_KEY = 'refundLogin';
export const REFUND_WIZARD_KEY = 'refundWizard';

function store(): Storage | null {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

export function saveRefundLogin(login: RefundLoginResponse): void {
  store()?.setItem(REFUND_LOGIN_KEY, JSON.stringify(login));
}

export function readRefundLogin(): RefundLoginResponse | null {
  const raw = store()?.getItem(REFUND_LOGIN_KEY);
  if (!raw) return null;
  try {
    const parsed = refundLoginResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearRefundLogin(): void {
  store()?.removeItem(REFUND_LOGIN_KEY);
}

/**
 * The wizard's snapshot slot: it reads back only a snapshot stored for the same voucher and
 * document. Without a login, a slot that can only be cleared (clearing ignores the owner).
 */
export function refundWizardSlot(login: RefundLoginResponse | null = null): SnapshotSlot {
  return snapshotSlot(
    REFUND_WIZARD_KEY,
    login ? JSON.stringify([login.refunds.voucher, login.refunds.doc_number]) : null,
  );
}

/**
 * Which screen a login answer opens at /dashboardRefund (issue 17, issue 40 traveller reach): the
 * status page when the voucher's window for new claims has passed (`may_claim: false`, the login
 * was let in only for the refunds already sent), or when refunds were sent and no wizard is in
 * progress in this tab; the wizard otherwise.
 */
export function refundLandingOf(login: RefundLoginResponse, wizardInProgress: boolean): 'status' | 'wizard' {
  if (login.may_claim === false) return 'status';
  return (login.submitted_refunds?.length ?? 0) > 0 && !wizardInProgress ? 'status' : 'wizard';
}

/** A v4 UUID, also where crypto.randomUUID is missing (plain http on a LAN address). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
