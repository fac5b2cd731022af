/** Helpers the refund contract files share; not part of the contract (index.ts does not export them). */
import { z } from 'zod';
import { messages } from '../messages';

export const text = messages.refund;
export const banking = messages.banking;

export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a text is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, text.tooLong(max));

/** Whether no file is referenced twice. */
export const uniqueIds = (files: readonly { id: string }[]) =>
  new Set(files.map((file) => file.id)).size === files.length;
