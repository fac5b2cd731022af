/**
 * The pure part of a reading (no database): a stored file's bytes to its pages read, each page's
 * image prepared, hashed and sent to OCR. Runs in the reading child process
 * (./readingWorker.ts); the bench calls it in its own process.
 */
import { extractFields } from './extract';
import { perceptualHash } from './hash';
import type { OcrPool } from './ocr';
import { pageImagesOf } from './pages';

export interface ReadPage {
  page: number;
  status: 'read' | 'unreadable' | 'failed';
  text: string;
  ocrConfidence: number;
  dhash: string | null;
  milliseconds: number;
}

/** Reads the pages of one file's bytes. A page that fails (time limit, broken engine) is 'failed'. */
export async function readPages(
  pool: Pick<OcrPool, 'read'>,
  bytes: Buffer,
  contentType: string,
): Promise<ReadPage[]> {
  const images = await pageImagesOf(bytes, contentType);
  return Promise.all(
    images.map(async (image, page): Promise<ReadPage> => {
      const empty = { page, text: '', ocrConfidence: 0, dhash: null, milliseconds: 0 };
      if (image === null) return { ...empty, status: 'unreadable' };
      let dhash: string | null = null;
      try {
        dhash = await perceptualHash(image);
        const ocr = await pool.read(image);
        const fields = extractFields(ocr.text);
        const found = fields.total !== null || fields.date !== null;
        return {
          page,
          status: found ? 'read' : 'unreadable',
          text: ocr.text,
          ocrConfidence: ocr.confidence,
          dhash,
          milliseconds: ocr.milliseconds,
        };
      } catch {
        return { ...empty, dhash, status: 'failed' };
      }
    }),
  );
}
