/**
 * Issue 39: the free pages inside glibc's malloc heaps go back to the system after heavy work
 * (src/server/mallocTrim.ts), at most once per MALLOC_TRIM_INTERVAL_MS however often asked.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MALLOC_TRIM_DELAY_MS,
  MALLOC_TRIM_INTERVAL_MS,
  mallocTrims,
  scheduleMallocTrim,
} from '../../src/server/mallocTrim';

afterEach(() => {
  vi.useRealTimers();
});

describe('malloc trim', () => {
  it('gives back, on this Linux (glibc, koffi), the pages freed in the middle of the heap', () => {
    // In a process of its own: 4,000 blocks of 60 KB (under the mmap threshold, so in the heap),
    // every other one kept; the freed ones sit between kept ones, where the heap cannot shrink
    // from its top. RSS is read after a full GC, then after a trim.
    const script = `
      import { trimMallocNow } from './src/server/mallocTrim.ts';
      const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
      import { readFileSync } from 'node:fs';
      let blocks = Array.from({ length: 4000 }, (_, index) => Buffer.allocUnsafeSlow(60 * 1024).fill(index % 251));
      const kept = blocks.filter((_, index) => index % 2 === 0);
      blocks = null;
      globalThis.gc();
      const before = rss();
      const trimmed = trimMallocNow();
      console.log(JSON.stringify({ trimmed, before, after: rss(), kept: kept.length }));
    `;
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: process.cwd(), env: { ...process.env, GLIBC_TUNABLES: '' }, encoding: 'utf8' },
    );
    const { trimmed, before, after, kept } = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      trimmed: boolean;
      before: number;
      after: number;
      kept: number;
    };
    expect(trimmed).toBe(true);
    expect(kept).toBe(2_000);
    // 2,000 freed blocks of 60 KB: about 117 MB between the kept ones.
    expect(before - after).toBeGreaterThan(80 * 1024 * 1024);
  });

  it('runs one trim for many requests within the interval, then one more after it', async () => {
    vi.useFakeTimers();
    const before = mallocTrims();
    for (let index = 0; index < 50; index += 1) scheduleMallocTrim();
    await vi.advanceTimersByTimeAsync(MALLOC_TRIM_DELAY_MS - 10);
    expect(mallocTrims()).toBe(before);
    await vi.advanceTimersByTimeAsync(20);
    expect(mallocTrims()).toBe(before + 1);
    for (let index = 0; index < 50; index += 1) scheduleMallocTrim();
    await vi.advanceTimersByTimeAsync(MALLOC_TRIM_INTERVAL_MS - 30);
    expect(mallocTrims()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(20);
    expect(mallocTrims()).toBe(before + 2);
  });
});
