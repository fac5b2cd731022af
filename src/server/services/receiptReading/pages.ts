/**
 * The page images of a stored receipt (issue 31). Images are one page. The portal's browser turns
 * PDFs into JPEG pages before upload (src/client/refund/files/prepare.ts), so a stored PDF comes
 * from elsewhere (the pending-documents link, an API client): each page's largest embedded JPEG
 * (a scanned page) is read; a page without one is answered null (nothing to read: 'unreadable').
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';

export type PageImage = Buffer | null;

/** Pages read per PDF (the rest are not read; the reading is a help, not a check of everything). */
export const MAX_READ_PAGES = 20;

function largestJpegOf(page: PDFPage, pdfLib: typeof import('pdf-lib')): Buffer | null {
  const { PDFDict, PDFName, PDFRawStream } = pdfLib;
  const resources = page.node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xObjects) return null;
  let best: Buffer | null = null;
  for (const [, ref] of xObjects.entries()) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const subtype = stream.dict.get(PDFName.of('Subtype'));
    const filter = stream.dict.get(PDFName.of('Filter'));
    if (subtype !== PDFName.of('Image') || filter !== PDFName.of('DCTDecode')) continue;
    const bytes = Buffer.from(stream.contents);
    if (!best || bytes.length > best.length) best = bytes;
  }
  return best;
}

/** The images to read of a stored file, in page order. */
export async function pageImagesOf(bytes: Buffer, contentType: string): Promise<PageImage[]> {
  if (contentType !== 'application/pdf') return [bytes];
  const pdfLib = await import('pdf-lib');
  let document: PDFDocument;
  try {
    document = await pdfLib.PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    return [null];
  }
  return document
    .getPages()
    .slice(0, MAX_READ_PAGES)
    .map((page) => {
      try {
        return largestJpegOf(page, pdfLib);
      } catch {
        return null;
      }
    });
}
