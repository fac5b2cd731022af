/** Issue 31: what was read on the receipts, for the traveller and for staff (docs/receipt-reading.md). */
import { formatAmount, formatDate } from '../format';

/** '12345.50', 'ARS' -> '12.345,50 ARS' (the one amount format, in the currency's minor units: '84.900 CLP'). */
export const readAmount = (amount: string, currency: string | null) =>
  `${formatAmount(amount, currency)}${currency ? ` ${currency}` : ''}`;

/**
 * Issue 40: read totals, one per currency, never added across currencies:
 * '1.400,75 USD · 152.300,00 ARS' ('(moneda no leída)' for pages whose currency was not read).
 */
export const readTotals = (totals: readonly { currency: string | null; amount: string }[]) =>
  totals
    .map(({ amount, currency }) =>
      currency ? readAmount(amount, currency) : `${formatAmount(amount)} (moneda no leída)`,
    )
    .join(' · ');

/** '2026-11-12' -> '12/11/2026'. */
export const readDate = (iso: string) => formatDate(iso);

export const receiptReadingMessages = {
  /** 'Leímos en el comprobante: 12.345,50 ARS del 12/11/2026 — ¿usar estos datos?' */
  suggestion: (amount: string, currency: string | null, date: string | null) =>
    `Leímos en el comprobante: ${readAmount(amount, currency)}${date ? ` del ${readDate(date)}` : ''} — ¿usar estos datos?`,
  useData: 'Usar estos datos',
  /** Where there is nothing to fill (pending documents): only what was read. */
  readOnly: (amount: string, currency: string | null, date: string | null) =>
    `Leímos en el comprobante: ${readAmount(amount, currency)}${date ? ` del ${readDate(date)}` : ''}.`,
  dismiss: 'No, gracias',
  accepted: 'Completamos el importe con lo leído en el comprobante. Revíselo antes de continuar.',
  reading: 'Leyendo el comprobante…',
  staffTitle: 'Lo que dicen los comprobantes',
  staffClaimed: 'Reclamado',
  staffRead: 'Leído en los comprobantes',
  staffPending: 'Todavía no se leyó',
  staffUnread: 'Sin lectura',
  flags: {
    claimed_above_total: 'Lo reclamado supera el total de los comprobantes',
    date_outside_validity: 'La fecha del comprobante está fuera de la vigencia del voucher',
    currency_mismatch: 'La moneda del comprobante es distinta de la reclamada',
    unreadable: 'Comprobante ilegible',
    reused: 'Comprobante ya usado en otro reclamo o reintegro',
  },
  reusedIn: (refundId: number) => `Ver el reintegro N° ${refundId}`,
  withAlerts: 'Con alertas',
  staffReceipt: (name: string, page: number) => (page > 0 ? `${name} (página ${page + 1})` : name),
  staffReadTotal: 'Total leído',
  staffReadDate: 'Fecha leída',
  staffReadCurrency: 'Moneda leída',
  staffRefresh: 'Actualizar',
  staffNoFlags: 'Sin alertas en los comprobantes',
  staffFlagsLabel: 'Alertas de los comprobantes',
} as const;
