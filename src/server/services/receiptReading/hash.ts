/**
 * A receipt page's perceptual hash (issue 31): a difference hash (dHash) of a grey thumbnail,
 * 16 x 16 = 256 bits as 64 hex digits. The page is normalised first (grey, white borders trimmed,
 * contrast stretched), so a re-photographed, re-compressed, slightly cropped or rotated copy
 * lands a few bits away while a different receipt of the same layout lands far (the threshold is
 * chosen by bench/receiptReading.bench.ts).
 */
import type { Sharp } from 'sharp';

export const HASH_SIDE = 16;
export const HASH_HEX_LENGTH = (HASH_SIDE * HASH_SIDE) / 4;
/** Pages at most this many bits apart are the same receipt (bench: REUSE_THRESHOLD). */
export const REUSE_MAX_DISTANCE = 40;

async function thumbnail(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const grey = (image: Sharp) => image.rotate().greyscale().normalise();
  let trimmed: Buffer;
  try {
    trimmed = await grey(sharp(bytes, { limitInputPixels: 40_000_000 }))
      .trim({ threshold: 40 })
      .png()
      .toBuffer();
  } catch {
    // A page with nothing to trim (or all background) is hashed whole.
    trimmed = await grey(sharp(bytes, { limitInputPixels: 40_000_000 }))
      .png()
      .toBuffer();
  }
  return sharp(trimmed)
    .blur(1.2)
    .resize(HASH_SIDE + 1, HASH_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** The dHash of an image (JPEG or PNG bytes), 64 hex digits. */
export async function perceptualHash(bytes: Buffer): Promise<string> {
  const pixels = await thumbnail(bytes);
  const width = HASH_SIDE + 1;
  let hex = '';
  let nibble = 0;
  let bits = 0;
  for (let y = 0; y < HASH_SIDE; y += 1) {
    for (let x = 0; x < HASH_SIDE; x += 1) {
      nibble = (nibble << 1) | (pixels[y * width + x]! > pixels[y * width + x + 1]! ? 1 : 0);
      bits += 1;
      if (bits === 4) {
        hex += nibble.toString(16);
        nibble = 0;
        bits = 0;
      }
    }
  }
  return hex;
}

/** Bits that differ between two hashes of the same length. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let index = 0; index < a.length; index += 1) {
    let xor = Number.parseInt(a[index]!, 16) ^ Number.parseInt(b[index]!, 16);
    while (xor) {
      distance += xor & 1;
      xor >>= 1;
    }
  }
  return distance;
}

/**
 * How alike two pages' printed numbers are (0..1): the Jaccard index of the number tokens of their
 * OCR texts (amounts, dates, tax ids, ticket numbers, three characters or more). Receipts of one
 * layout have near hashes (same shape of text) but different numbers; a copy of a receipt has the
 * same numbers. A page with fewer than three such tokens is compared by its hash alone (answer 1).
 */
export function numberSimilarity(a: string, b: string): number {
  const tokens = (text: string) =>
    new Set(
      (text.match(/\d[\d.,/:-]*\d/g) ?? [])
        .map((token) => token.replace(/[.,/:-]/g, ''))
        .filter((token) => token.length >= 3),
    );
  const left = tokens(a);
  const right = tokens(b);
  if (left.size < 3 || right.size < 3) return 1;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Two pages are the same receipt: near hashes and the same printed numbers. */
export const REUSE_MIN_NUMBER_SIMILARITY = 0.5;

export function sameReceipt(a: { dhash: string; text: string }, b: { dhash: string; text: string }): boolean {
  return (
    hammingDistance(a.dhash, b.dhash) <= REUSE_MAX_DISTANCE &&
    numberSimilarity(a.text, b.text) >= REUSE_MIN_NUMBER_SIMILARITY
  );
}
