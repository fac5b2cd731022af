/** Canvas helpers for receipt preparation: OffscreenCanvas where available, freed after use. */

/** A canvas never holds more than this many pixels (memory of phones, canvas limits). */
export const MAX_CANVAS_PIXELS = 5_000_000;

export type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

export function createCanvas(width: number, height: number, preferOffscreen = true): AnyCanvas {
  const w = Math.max(1, Math.floor(width));
  const h = Math.max(1, Math.floor(height));
  if (preferOffscreen && typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  return canvas;
}

/** The factor that keeps width × height under MAX_CANVAS_PIXELS (1 when already small enough). */
export function capScale(width: number, height: number, max = MAX_CANVAS_PIXELS): number {
  const pixels = width * height;
  return pixels > max ? Math.sqrt(max / pixels) : 1;
}

export async function canvasToJpeg(canvas: AnyCanvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob returned null'))),
      'image/jpeg',
      quality,
    );
  });
}

/** Releases the canvas memory at once instead of waiting for garbage collection. */
export function freeCanvas(canvas: AnyCanvas): void {
  canvas.width = 0;
  canvas.height = 0;
}

export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
