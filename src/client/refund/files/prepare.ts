/**
 * Prepares chosen receipts for upload (SPEC §5): images -> JPEG (0.5 then 0.95), PDFs -> one JPEG
 * per page. pdfjs is imported only when a PDF is among the files.
 */
import { type PreparedFile, recompressImage } from './image';

export interface ReceiptSource {
  name: string;
  blob: Blob;
}

export function isPdf(source: ReceiptSource): boolean {
  return source.name.toLowerCase().endsWith('.pdf') || source.blob.type === 'application/pdf';
}

/** A prepared file and the index of the source it comes from (a PDF gives one per page). */
export type PreparedReceipt = PreparedFile & { source: number };

/** Converts every source; `onProgress` gets 0..1 over the whole batch. */
export async function prepareReceipts(
  sources: readonly ReceiptSource[],
  onProgress?: (fraction: number) => void,
): Promise<PreparedReceipt[]> {
  const prepared: PreparedReceipt[] = [];
  for (const [index, source] of sources.entries()) {
    if (isPdf(source)) {
      const { convertPdf } = await import('./pdf');
      const pages = await convertPdf(source.blob, source.name, (done, total) =>
        onProgress?.((index + done / total) / sources.length),
      );
      prepared.push(...pages.map((page) => ({ ...page, source: index })));
    } else {
      prepared.push({ ...(await recompressImage(source.blob, source.name)), source: index });
      onProgress?.((index + 1) / sources.length);
    }
  }
  return prepared;
}
