/**
 * Input masks of the refund portal (SPEC §5): dates '__/__/____'. Amounts have no mask (issue 40):
 * what is typed is kept and read by `parseAmount` (src/contracts/money.ts), which says how it read
 * it or why it cannot, instead of dropping or shifting digits.
 */

/**
 * Masks a date as DD/MM/AAAA while typing; a date typed year first with dashes ('2026-11-12', the
 * ISO form every language accepts, issue 42: a dash typed) is masked as YYYY-MM-DD instead.
 */
export function maskDateInput(raw: string): string {
  if (raw.includes('-')) {
    const digits = raw.replace(/\D/g, '').slice(0, 8);
    if (digits.length <= 4) return `${digits}-`;
    if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
    return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
  }
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
