/** Display formats of the back office (ARCHITECTURE 'Client'): dates dd/MM/yyyy, amounts 1.234,56. */

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY' (anything else is returned unchanged). */
export function isoToLocalDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** An ISO timestamp as dd/MM/yyyy in local time ('' when it is not a date). */
export function formatTimestamp(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** An exact decimal ('1234.5') as '1.234,50': thousands '.', decimal ',', `decimals` places. */
export function formatAmount(value: unknown, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, integers, fraction = ''] = match;
  const grouped = integers.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const places = fraction
    .padEnd(decimals, '0')
    .slice(0, Math.max(decimals, fraction.replace(/0+$/, '').length));
  return places ? `${sign}${grouped},${places}` : `${sign}${grouped}`;
}
