/**
 * Issue 40 'Lists': one count formatter for every list count, es-AR thousands everywhere.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';

const text = messages.resourceScreens;

describe('list counts', () => {
  it('writes exact counts, capped counts and estimates with es-AR thousands', () => {
    expect(text.listCount(14_990, 'exact')).toBe('14.990');
    expect(text.listCount(7, 'exact')).toBe('7');
    expect(text.listCount(10_000, 'capped')).toBe('más de 10.000');
    expect(text.listCount(15_217, 'estimate')).toBe('unos 15.217');
    expect(text.listCount(1_234_567, 'estimate')).toBe('unos 1.234.567');
  });

  it('writes a page range the same way', () => {
    expect(text.pageRange(1, 10, 14_990)).toBe('1–10 de 14.990');
    expect(text.pageRange(1_001, 1_010, 7_563, 'exact')).toBe('1.001–1.010 de 7.563');
    expect(text.pageRange(1, 10, 10_000, 'capped')).toBe('1–10 de más de 10.000');
    expect(text.pageRange(1, 10, 15_217, 'estimate')).toBe('1–10 de unos 15.217');
  });

  it('writes the history pages the same way', () => {
    expect(messages.history.pageOf(1, 20, 14_990)).toBe('1–20 de 14.990');
  });
});
