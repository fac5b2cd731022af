/**
 * Where the refund portal keeps its state in the browser (sessionStorage, this tab only): the
 * login answer (SPEC §2 'carrying the response') and the wizard's persisted snapshot.
 */
import { type RefundLoginResponse, refundLoginResponseSchema } from '../../contracts/refund';

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

interface StoredWizard {
  voucher: string;
  docNumber: string;
  snapshot: unknown;
}

export function saveWizardSnapshot(login: RefundLoginResponse, snapshot: unknown): void {
  const value: StoredWizard = {
    voucher: login.refunds.voucher,
    docNumber: login.refunds.doc_number,
    snapshot,
  };
  store()?.setItem(REFUND_WIZARD_KEY, JSON.stringify(value));
}

/** The stored snapshot, only when it belongs to the same voucher and document. */
export function readWizardSnapshot(login: RefundLoginResponse): unknown | null {
  const raw = store()?.getItem(REFUND_WIZARD_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredWizard>;
    if (value.voucher !== login.refunds.voucher || value.docNumber !== login.refunds.doc_number) return null;
    return value.snapshot ?? null;
  } catch {
    return null;
  }
}

export function clearWizardSnapshot(): void {
  store()?.removeItem(REFUND_WIZARD_KEY);
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
