/**
 * Uploaded files (claim receipts, authorization letters, ID documents): checked by CONTENT (magic
 * bytes and a structural marker), never by name or by the Content-Type the browser claims, with a
 * size cap enforced while streaming, then put in the file storage (./storage.ts: the database by
 * default, so every instance serves what any of them received).
 */
import { createHash, randomUUID } from 'node:crypto';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AllowedContentType } from '../../contracts/refund';
import type { FileStorage } from './storage';

const HEAD_BYTES = 32;
const TAIL_BYTES = 1024;

/**
 * The type of a file from its first and last bytes: JPEG (FF D8 FF), PNG (signature then the
 * IHDR chunk) or PDF ('%PDF-' at the start and '%%EOF' near the end). Anything else is null.
 */
export function detectContentType(head: Buffer, tail: Buffer): AllowedContentType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (
    head.length >= 16 &&
    head.subarray(0, 8).equals(pngSignature) &&
    head.subarray(12, 16).toString('latin1') === 'IHDR'
  ) {
    return 'image/png';
  }
  if (head.subarray(0, 5).toString('latin1') === '%PDF-' && tail.toString('latin1').includes('%%EOF')) {
    return 'application/pdf';
  }
  return null;
}

export const extensionOf: Record<AllowedContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export interface ReceivedFile {
  id: string;
  /** Original name, reduced to its base name and 255 characters. */
  name: string;
  /** Detected from the content; null when the content is not an accepted type. */
  contentType: AllowedContentType | null;
  size: number;
  sha256: string;
  /** The storage key (kept in stored_files.path). */
  relativePath: string;
  /** The stream went past `maxBytes` (the file is incomplete and must be refused). */
  tooLarge: boolean;
}

export class FileTooLargeError extends Error {}

/** Cleans a browser-given file name for storage and display (no directories, no control characters). */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'archivo').slice(0, 255);
}

export function createFileStore(storage: FileStorage) {
  return {
    storage,

    /**
     * Reads one upload, hashing and counting it, keeping its head and tail for the content check,
     * and stores it. Stops reading past `maxBytes` (then `tooLarge` is true and nothing is stored).
     * The caller keeps or removes the stored file.
     */
    async receive(stream: Readable, originalName: string, maxBytes: number): Promise<ReceivedFile> {
      const id = randomUUID();
      const relativePath = `${id.slice(0, 2)}/${id}.upload`;
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      let head = Buffer.alloc(0);
      let tail = Buffer.alloc(0);
      let tooLarge = false;
      const inspect = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) {
            tooLarge = true;
            callback(new FileTooLargeError());
            return;
          }
          hash.update(chunk);
          if (head.length < HEAD_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          tail = Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);
          callback(null, chunk);
        },
      });
      const collect = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      try {
        await pipeline(stream, inspect, collect);
      } catch (error) {
        if (!(error instanceof FileTooLargeError)) throw error;
        stream.resume();
      }
      const truncated = (stream as Readable & { truncated?: boolean }).truncated === true;
      const refused = tooLarge || truncated;
      if (!refused) await storage.put(relativePath, Buffer.concat(chunks, size));
      return {
        id,
        name: safeFileName(originalName),
        contentType: refused ? null : detectContentType(head, tail),
        size,
        sha256: hash.digest('hex'),
        relativePath,
        tooLarge: refused,
      };
    },

    /** The stored bytes of a file, or null. */
    read(relativePath: string): Promise<Buffer | null> {
      return storage.get(relativePath);
    },

    async remove(relativePath: string): Promise<void> {
      await storage.remove(relativePath).catch(() => {});
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
