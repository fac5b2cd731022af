/**
 * PDF receipts (SPEC §5, §9): every page rendered with pdfjs-dist at scale 1.5 and saved as a
 * JPEG at quality 1, named '<name without .pdf>-<page>.jpg'. Loaded only when a PDF is chosen
 * (this module is imported dynamically). The worker and pdfjs' data files (cmaps, standard fonts,
 * wasm) come from our own build, never a CDN.
 */
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { baseName, canvasToJpeg, capScale, createCanvas, freeCanvas } from './canvas';
import type { PreparedFile } from './image';

export const PDF_RENDER_SCALE = 1.5;
export const PDF_JPEG_QUALITY = 1;
/** Where the build serves pdfjs-dist's data folders (see pdfjsAssetsPlugin.ts). */
export const PDFJS_ASSETS_BASE = '/pdfjs/';

GlobalWorkerOptions.workerSrc = workerUrl;

export function pageFileName(fileName: string, page: number): string {
  return `${baseName(fileName)}-${page}.jpg`;
}

/** How many pages a PDF has (issue 30 §4: the limit counts them, at the pick). */
export async function countPdfPages(file: Blob): Promise<number> {
  const data = new Uint8Array(await file.arrayBuffer()).slice();
  const loadingTask = getDocument({ data });
  try {
    return (await loadingTask.promise).numPages;
  } finally {
    await loadingTask.destroy();
  }
}

/**
 * Renders one page at a time, freeing each canvas before the next. `onPage(done, total)` reports
 * progress. The bytes are copied first: pdfjs transfers (detaches) the buffer it is given.
 */
export async function convertPdf(
  file: Blob,
  fileName: string,
  onPage?: (done: number, total: number) => void,
): Promise<PreparedFile[]> {
  const data = new Uint8Array(await file.arrayBuffer()).slice();
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const loadingTask = getDocument({
    data,
    cMapUrl: `${origin}${PDFJS_ASSETS_BASE}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${origin}${PDFJS_ASSETS_BASE}standard_fonts/`,
    wasmUrl: `${origin}${PDFJS_ASSETS_BASE}wasm/`,
    iccUrl: `${origin}${PDFJS_ASSETS_BASE}iccs/`,
  });
  const document = await loadingTask.promise;
  const pages: PreparedFile[] = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const base = page.getViewport({ scale: PDF_RENDER_SCALE });
      const scale = PDF_RENDER_SCALE * capScale(base.width, base.height);
      const viewport = page.getViewport({ scale });
      // pdfjs renders into a DOM canvas (its `canvas` parameter is an HTMLCanvasElement).
      const canvas = createCanvas(viewport.width, viewport.height, false) as HTMLCanvasElement;
      try {
        await page.render({ canvas, viewport, background: '#ffffff' }).promise;
        pages.push({
          name: pageFileName(fileName, number),
          blob: await canvasToJpeg(canvas, PDF_JPEG_QUALITY),
        });
      } finally {
        freeCanvas(canvas);
        page.cleanup();
      }
      onPage?.(number, document.numPages);
    }
  } finally {
    await loadingTask.destroy();
  }
  return pages;
}
