/**
 * The heavy-work child process (issue 39), forked by ./heavyProcess.ts: off the server's process
 * and at a lower CPU priority than request handling. It lowers its own priority before anything
 * else loads (on Linux a nice value is per thread and threads inherit their creator's: the
 * tesseract worker threads, libuv's pool and libvips' threads are all made later), then answers
 * the server's messages:
 * - `inspect` (the interactive lane, an upload waits for it): decode, check and re-encode an
 *   upload (services/files.ts `inspectUpload`); never queued behind OCR pages.
 * - `read`: a stored receipt's pages (PDF page images, grey and sized by sharp, hashed, read by
 *   tesseract in at most `concurrency` worker threads with the per-page time limit; ./read.ts).
 *   A `progress` message follows each page, so the server knows the child is alive.
 * The server's event loop only moves bytes. The child exits when the server goes (its IPC channel
 * closes), so a server killed with kill -9 leaves nothing behind.
 */
import os from 'node:os';

os.setPriority(10);

// Threads that already exist (V8's platform threads, started with the process) are lowered too.
try {
  const { readdirSync } = await import('node:fs');
  for (const task of readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(task), 10);
    } catch {
      // A thread that ended meanwhile.
    }
  }
} catch {
  // Not Linux: the process's priority is all there is.
}

const options = JSON.parse(process.argv[2] ?? '{}') as { concurrency?: number; pageTimeoutMs?: number };
const { createOcrPool } = await import('./ocr');
const { readPages } = await import('./read');
const { inspectUpload } = await import('../files');

export type WorkerRequest =
  | { type: 'read'; id: number; bytes: Uint8Array; contentType: string }
  | { type: 'inspect'; id: number; bytes: Uint8Array };

export type WorkerAnswer =
  | { type: 'progress'; id: number }
  | { type: 'read'; id: number; pages: import('./read').ReadPage[]; ocrPages: number }
  | { type: 'inspect'; id: number; inspection: import('../files').Inspection }
  | { type: 'error'; id: number; message: string };

const pool = createOcrPool({ concurrency: options.concurrency ?? 1, pageTimeoutMs: options.pageTimeoutMs });
const send = (answer: WorkerAnswer) => process.send?.(answer);
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

process.on('message', (request: WorkerRequest) => {
  void (async () => {
    try {
      if (request.type === 'inspect') {
        const inspection = await inspectUpload(bufferOf(request.bytes));
        // A PDF is kept as sent: the server keeps its bytes, they need not travel back.
        const answer =
          inspection.ok && inspection.contentType === 'application/pdf'
            ? { ...inspection, bytes: Buffer.alloc(0) }
            : inspection;
        send({ type: 'inspect', id: request.id, inspection: answer });
        return;
      }
      let ocrPages = 0;
      const counted = {
        read: async (image: Buffer) => {
          ocrPages += 1;
          try {
            return await pool.read(image);
          } finally {
            send({ type: 'progress', id: request.id });
          }
        },
        get busy() {
          return pool.busy;
        },
        close: () => pool.close(),
      };
      const pages = await readPages(counted, bufferOf(request.bytes), request.contentType);
      send({ type: 'read', id: request.id, pages, ocrPages });
    } catch (error) {
      send({
        type: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  })();
});

// The server is gone (closed, or killed): nothing to answer to.
process.on('disconnect', () => {
  void pool.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
});

send({ type: 'ready' } as never);
