/**
 * Issue 39 (the upload flood's memory): glibc's `malloc_trim(0)`, called through koffi (a
 * maintained FFI library with prebuilt binaries), gives the free pages inside malloc's heaps back
 * to the system. glibc returns only the free memory at a heap's top by itself; what an OCR
 * engine's start (the WebAssembly compile), libvips' tiles and an upload's 64 KB socket chunks
 * leave free in the middle stays resident. Measured on one engine's life: the malloc heaps went
 * from 47 to under 14 MB in 4 ms (bench/README.md).
 *
 * `scheduleMallocTrim()` asks for a trim after heavy work; the trims run a little after it and at
 * most once per `MALLOC_TRIM_INTERVAL_MS`, on a timer, never on the caller's path. Anywhere but
 * glibc (musl, macOS) or without koffi's binary, it does nothing.
 */
import { createRequire } from 'node:module';

/** The least time between two trims (a trim walks the heaps holding their locks, ~4 ms). */
export const MALLOC_TRIM_INTERVAL_MS = 1_000;
/** How long after the work a trim runs at the soonest. */
export const MALLOC_TRIM_DELAY_MS = 250;

type Trim = (pad: number) => number;
let trim: Trim | null | undefined;

function loadTrim(): Trim | null {
  if (trim !== undefined) return trim;
  trim = null;
  if (process.platform !== 'linux') return trim;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    trim = libc.func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    // Not glibc (musl has no malloc_trim), or no binary for this platform: nothing to trim.
  }
  return trim;
}

/** Trims now; whether it could (glibc and koffi present). */
export function trimMallocNow(): boolean {
  const call = loadTrim();
  if (!call) return false;
  call(0);
  trims += 1;
  return true;
}

let trims = 0;
let timer: NodeJS.Timeout | null = null;
let lastTrim = 0;

/** Trims done since start (tests). */
export function mallocTrims(): number {
  return trims;
}

/**
 * A trim `MALLOC_TRIM_DELAY_MS` from now (the work's buffers have met a garbage collection by
 * then), or later: at most one per `MALLOC_TRIM_INTERVAL_MS`, however often it is asked for.
 */
export function scheduleMallocTrim(): void {
  if (timer) return;
  const wait = Math.max(MALLOC_TRIM_DELAY_MS, lastTrim + MALLOC_TRIM_INTERVAL_MS - Date.now());
  timer = setTimeout(() => {
    timer = null;
    lastTrim = Date.now();
    trimMallocNow();
  }, wait);
  timer.unref();
}
