/**
 * Product images' bytes (issue 43, item 2). A product's `url_image` is, in this product, the id of
 * an uploaded image (`POST /upload_image/` answers it, SPEC §7 'Products'); its bytes are read with
 * `GET /product_image/{id}/` — this product's read call: SPEC §7 documents only the upload, so an
 * original system that does not serve it leaves the image as a reference (reported, not fatal).
 * The bytes are checked here by content (magic bytes: PNG, JPEG or WebP) and size (at most the
 * upload's 5 MB) and stored through the product's file storage under the same id, so a second run
 * finds the same row.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { MAX_PRODUCT_IMAGE_BYTES } from '../../contracts/productWizard';
import { importFileStorage } from './refunds';
import type { Source } from './source';

type Json = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The image bytes read for each product record (kept out of the hashed record). */
const imageBytes = new WeakMap<Json, Buffer>();

/** Products whose image could not be brought (legacy id: reason), for the report. */
export const imageProblems = new Map<number, string>();

/** The image type by its first bytes, or null. */
export function imageTypeOf(bytes: Buffer): { contentType: string; extension: string } | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { contentType: 'image/png', extension: 'png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/** Reads the product's image (when `url_image` is an image id) and notes its hash in the record. */
export async function withImage(source: Source | undefined, record: Json): Promise<Json> {
  const reference = typeof record.url_image === 'string' ? record.url_image : '';
  if (!source || !UUID.test(reference)) return record;
  let bytes: Buffer;
  try {
    bytes = await source.getBytes(`/product_image/${reference}/`);
  } catch (error) {
    return { ...record, image_problem: (error as Error).message.slice(0, 200) };
  }
  const enriched = { ...record, image_sha256: createHash('sha256').update(bytes).digest('hex') };
  imageBytes.set(enriched, bytes);
  return enriched;
}

/** Stores the image read for `record` (checked by content and size) as product image `url_image`. */
export async function storeImage(tx: PoolClient, record: Json): Promise<void> {
  const legacy = Number(record.id);
  imageProblems.delete(legacy);
  const reference = String(record.url_image ?? '');
  const bytes = imageBytes.get(record);
  if (!bytes) {
    if (typeof record.image_problem === 'string') imageProblems.set(legacy, record.image_problem);
    return;
  }
  const type = imageTypeOf(bytes);
  if (!type) {
    imageProblems.set(legacy, 'el contenido no es PNG, JPEG ni WebP');
    return;
  }
  if (bytes.length > MAX_PRODUCT_IMAGE_BYTES) {
    imageProblems.set(legacy, `mide ${bytes.length} bytes (máximo ${MAX_PRODUCT_IMAGE_BYTES})`);
    return;
  }
  const path = `products/${reference.slice(0, 2)}/${reference}.${type.extension}`;
  await importFileStorage(tx).put(path, bytes);
  await tx.query(
    `insert into product_images (id, content_type, size, path) values ($1, $2, $3, $4)
     on conflict (id) do update set content_type = $2, size = $3, path = $4`,
    [reference, type.contentType, bytes.length, path],
  );
}
