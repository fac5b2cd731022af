import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  createOcrPool,
  createUploadCheckGate,
  DEFAULT_PAGES_PER_ENGINE,
  preparePage,
  recognizePage,
  startEngine,
} from '../../src/server/services/receiptReading/ocr';

/** A small printed line as a JPEG, like a receipt's total line. */
async function printedLine(text: string): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 160, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="900" height="160"><text x="40" y="95" font-family="DejaVu Sans" font-size="40" fill="#111">${text}</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('OCR pool: an engine is replaced after its pages (issue 39: its memory is given back)', () => {
  it('reads five pages on one slot with three engines when each reads two, every text intact', async () => {
    const pool = createOcrPool({ concurrency: 1, pagesPerEngine: 2 });
    try {
      const texts = ['TOTAL 1234,50', 'FECHA 12/03/2026', 'IVA 21,00', 'CUIT 30-71234567-1', 'TOTAL 99,90'];
      const pages = await Promise.all(texts.map(printedLine));
      const results = await Promise.all(pages.map((page) => pool.read(page)));
      expect(results.map((result) => result.text.trim())).toEqual(texts);
      expect(pool.enginesStarted).toBe(3);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('keeps one engine for as many pages as the default allows', async () => {
    const pool = createOcrPool({ concurrency: 1 });
    try {
      const page = await printedLine('TOTAL 10,00');
      for (let index = 0; index < DEFAULT_PAGES_PER_ENGINE; index++)
        expect((await pool.read(page)).text.trim()).toBe('TOTAL 10,00');
      expect(pool.enginesStarted).toBe(1);
      // The next page is read by a new engine.
      expect((await pool.read(page)).text.trim()).toBe('TOTAL 10,00');
      expect(pool.enginesStarted).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('reads with no more engines than the limit of the moment, and gives an engine past it back', async () => {
    let limit = 1;
    const pool = createOcrPool({ concurrency: 2, pagesPerEngine: 10, engineLimit: () => limit });
    try {
      const first = await Promise.all([printedLine('TOTAL 10,00'), printedLine('IVA 2,10')]);
      // Two pages at once under a limit of one: one engine reads both, one after the other.
      const underOne = await Promise.all(first.map((page) => pool.read(page)));
      expect(underOne.map((result) => result.text.trim())).toEqual(['TOTAL 10,00', 'IVA 2,10']);
      expect(pool.enginesStarted).toBe(1);
      expect(pool.enginesAlive).toBe(1);
      // The limit grows: two pages at once are read by the live engine and a second one.
      limit = 2;
      const underTwo = await Promise.all(first.map((page) => pool.read(page)));
      expect(underTwo.map((result) => result.text.trim())).toEqual(['TOTAL 10,00', 'IVA 2,10']);
      expect(pool.enginesStarted).toBe(2);
      expect(pool.enginesAlive).toBe(2);
      // It falls again: the idle engine past it is stopped at once, not after its idle minute.
      limit = 1;
      pool.refresh();
      expect(pool.enginesAlive).toBe(1);
      expect((await pool.read(first[0]!)).text.trim()).toBe('TOTAL 10,00');
      expect(pool.enginesStarted).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("keeps neither the model nor the last page in an engine's file system (issue 39: its heap)", async () => {
    const engine = await startEngine();
    const files = async () => ((await engine.FS('readdir', ['/'])) as { data: string[] }).data;
    try {
      expect(await files()).not.toContain('spa.traineddata');
      const result = await recognizePage(engine, await preparePage(await printedLine('TOTAL 42,00')));
      expect(result.data.text.trim()).toBe('TOTAL 42,00');
      expect(await files()).not.toContain('input');
      // A second page is read as well as the first without either file.
      const again = await recognizePage(engine, await preparePage(await printedLine('IVA 8,82')));
      expect(again.data.text.trim()).toBe('IVA 8,82');
    } finally {
      await engine.terminate();
    }
  }, 60_000);
});

describe('OCR engines around upload checks (issue 39: the checks come first)', () => {
  it('allows one engine from a check until the checks have been quiet 5 s, then all of them', () => {
    vi.useFakeTimers();
    try {
      const changes: number[] = [];
      const gate = createUploadCheckGate(2, 5_000, () => changes.push(gate.engineLimit()));
      expect(gate.engineLimit()).toBe(2);
      gate.checkSeen();
      expect(gate.engineLimit()).toBe(1);
      // The pool is told at once, so that a second engine stops when its page ends.
      expect(changes).toEqual([1]);
      vi.advanceTimersByTime(4_000);
      gate.checkSeen();
      vi.advanceTimersByTime(4_000);
      // 8 s after the first check, 4 s after the last: still one engine, nothing more to tell.
      expect(gate.engineLimit()).toBe(1);
      expect(changes).toEqual([1, 1]);
      vi.advanceTimersByTime(1_050);
      // Quiet 5 s: the pool is told again and may start its second engine.
      expect(gate.engineLimit()).toBe(2);
      expect(changes).toEqual([1, 1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });
});
