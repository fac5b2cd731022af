/**
 * Image receipts (SPEC §5, §9): recompressed in the browser to JPEG quality 0.5, then re-encoded
 * at 0.95. Large photos are scaled down to MAX_CANVAS_PIXELS first.
 */
import { baseName, canvasToJpeg, capScale, createCanvas, freeCanvas } from './canvas';

export const FIRST_JPEG_QUALITY = 0.5;
export const SECOND_JPEG_QUALITY = 0.95;

async function encode(source: Blob, quality: number): Promise<Blob> {
  const bitmap = await createImageBitmap(source);
  const scale = capScale(bitmap.width, bitmap.height);
  const canvas = createCanvas(bitmap.width * scale, bitmap.height * scale);
  try {
    const context = canvas.getContext('2d') as
      | CanvasRenderingContext2D
      | OffscreenCanvasRenderingContext2D
      | null;
    if (!context) throw new Error('no 2d context');
    // JPEG has no transparency: paint white under transparent PNGs.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await canvasToJpeg(canvas, quality);
  } finally {
    bitmap.close();
    freeCanvas(canvas);
  }
}

export interface PreparedFile {
  name: string;
  blob: Blob;
}

export async function recompressImage(file: Blob, fileName: string): Promise<PreparedFile> {
  const first = await encode(file, FIRST_JPEG_QUALITY);
  const second = await encode(first, SECOND_JPEG_QUALITY);
  return { name: `${baseName(fileName)}.jpg`, blob: second };
}
