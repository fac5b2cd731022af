/**
 * Uploaded files (claim receipts, authorization letters, ID documents), decoded before they are
 * trusted (issue 10): never typed by name or by the Content-Type the browser claims.
 * - Images (JPEG, PNG): the declared size is read from the header first (sharp metadata) and
 *   refused over MAX_IMAGE_SIDE per side, MAX_IMAGE_PIXELS or MAX_IMAGE_DECODED_BYTES, BEFORE
 *   any decoding (so a decompression bomb is never inflated); then the image is fully decoded
 *   (`limitInputPixels` as a second guard) and RE-ENCODED (orientation applied, metadata
 *   stripped): the bytes anyone reads are the re-encoded ones, never the client's. A traveller's
 *   image (`deferImageReencoding`, issue 39) is stored as sent once its header passed and
 *   re-encoded right after the answer, before any reading (../services/reencoding.ts).
 * - PDFs: '%PDF-' header and '%%EOF' trailer, parsed by pdf-lib (a document with pages, not
 *   encrypted), and refused when any object carries JavaScript, launch or other active actions
 *   (/JS, /JavaScript, /Launch, /AA, an /OpenAction or /Names entry leading to them, embedded
 *   files, XFA forms, submit/import actions), also when hidden in object streams or behind
 *   #xx-escaped names.
 * Kept files are stored under a generated name with the extension of the detected type; the
 * client's name is kept only as display text (sanitized, with the right extension).
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
// pdf-lib and sharp load on the first upload, not at start (issue 33: about 24 MB resident with
// the PDF and QR libraries and the mailer, at every idle instance).
import type { PDFDocument, PDFObject } from 'pdf-lib';
import type { Metadata } from 'sharp';
import { messages } from '../../contracts/messages';
import type { AllowedContentType } from '../../contracts/refund';
import type { FileStorage } from './storage';

const text = messages.refund;
const HEAD_BYTES = 32;
const TAIL_BYTES = 1024;

/** Longest side of an accepted image (a 40-megapixel photo is 7,700 x 5,200). */
export const MAX_IMAGE_SIDE = 12_000;
/** Pixels of an accepted image (40 megapixels). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Decoded size of an accepted image: pixels x channels x bytes per sample (160 MB). */
export const MAX_IMAGE_DECODED_BYTES = 160 * 1024 * 1024;
/** Longest decode + re-encode of one image. */
const IMAGE_TIMEOUT_SECONDS = 20;
/** Pages of an accepted PDF. */
export const MAX_PDF_PAGES = 500;

/**
 * The type of a file from its first and last bytes: JPEG (FF D8 FF), PNG (signature then the
 * IHDR chunk) or PDF ('%PDF-' at the start and '%%EOF' near the end). Anything else is null.
 * Only a first sorting: `inspectUpload` decodes what this lets through.
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

/** What an upload's content turned out to be: the bytes to store, or why it is refused. */
export type Inspection =
  | { ok: true; contentType: AllowedContentType; bytes: Buffer }
  | { ok: false; problem: string };

const refused = (problem: string): Inspection => ({ ok: false, problem });

const bytesPerSample = (depth: string | undefined) => {
  switch (depth) {
    case 'ushort':
    case 'short':
      return 2;
    case 'uint':
    case 'int':
    case 'float':
      return 4;
    case 'double':
    case 'complex':
      return 8;
    default:
      return 1;
  }
};

/**
 * Reads an image's header only (sharp metadata: nothing is decoded) and refuses what is not the
 * detected format or declares more than the bounds. Cheap (well under a millisecond), so the
 * upload routes run it before they answer; `inspectImage` decodes and re-encodes afterwards.
 */
export async function checkImageHeader(
  bytes: Buffer,
  contentType: 'image/jpeg' | 'image/png',
): Promise<{ ok: true } | { ok: false; problem: string }> {
  const format = contentType === 'image/jpeg' ? 'jpeg' : 'png';
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: text.uploadNotDecodable };
  }
  const { width = 0, height = 0 } = metadata;
  if (metadata.format !== format || width < 1 || height < 1)
    return { ok: false, problem: text.uploadNotDecodable };
  const decodedBytes = width * height * (metadata.channels ?? 4) * bytesPerSample(metadata.depth);
  if (
    width > MAX_IMAGE_SIDE ||
    height > MAX_IMAGE_SIDE ||
    width * height > MAX_IMAGE_PIXELS ||
    decodedBytes > MAX_IMAGE_DECODED_BYTES
  ) {
    return { ok: false, problem: text.uploadImageTooBig(MAX_IMAGE_PIXELS / 1_000_000) };
  }
  return { ok: true };
}

async function inspectImage(bytes: Buffer, contentType: 'image/jpeg' | 'image/png'): Promise<Inspection> {
  const header = await checkImageHeader(bytes, contentType);
  if (!header.ok) return header;
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true })
      // A file crafted to take minutes to decode (e.g. thousands of progressive scans) is refused.
      .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
      // Applies the EXIF orientation, since the metadata that carries it is dropped.
      .rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? await image.jpeg({ quality: 90, mozjpeg: false }).toBuffer()
        : await image.png({ compressionLevel: 6 }).toBuffer();
    return { ok: true, contentType, bytes: encoded };
  } catch {
    return refused(text.uploadNotDecodable);
  }
}

/** Action types and entries that run code, start programs, send data or carry other files. */
const ACTIVE_KEYS = new Set([
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'XFA',
  'RichMedia',
]);
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'RichMediaExecute',
  'Rendition',
]);
/** The same names as they may appear in the raw bytes (also catches what pdf-lib cannot parse). */
const RAW_ACTIVE =
  /\/(?:JS|JavaScript|AA|Launch|EmbeddedFiles?|XFA|RichMedia|SubmitForm|ImportData)(?![A-Za-z0-9])/;

type PdfLib = typeof import('pdf-lib');

/** Whether any object of the document carries active content (see ACTIVE_KEYS, ACTIVE_ACTIONS). */
function hasActiveContent(
  document: PDFDocument,
  { PDFArray, PDFDict, PDFName, PDFRef, PDFStream }: PdfLib,
): boolean {
  const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : null);
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (seen.has(object) || object instanceof PDFRef) continue;
    seen.add(object);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        if (ACTIVE_KEYS.has(key.decodeText())) return true;
        if (key.decodeText() === 'S' && ACTIVE_ACTIONS.has(nameOf(value) ?? '')) return true;
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  return false;
}

/** Undoes #xx escapes in PDF names so '/J#61vaScript' reads '/JavaScript'. */
const unescapeNames = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function inspectPdf(bytes: Buffer): Promise<Inspection> {
  if (RAW_ACTIVE.test(unescapeNames(bytes.toString('latin1')))) return refused(text.uploadPdfActive);
  const pdfLib = await import('pdf-lib');
  let document: PDFDocument;
  try {
    document = await pdfLib.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return refused(text.uploadNotDecodable);
  }
  let pages = 0;
  try {
    pages = document.getPageCount();
  } catch {
    return refused(text.uploadNotDecodable);
  }
  if (pages < 1 || pages > MAX_PDF_PAGES) return refused(text.uploadNotDecodable);
  if (hasActiveContent(document, pdfLib)) return refused(text.uploadPdfActive);
  // The PDF is kept as sent (rewriting it could lose what a reader needs); it was checked above.
  return { ok: true, contentType: 'application/pdf', bytes };
}

/** Decodes an upload's content and answers the bytes to store, or why it is refused. */
export async function inspectUpload(bytes: Buffer): Promise<Inspection> {
  const type = detectContentType(bytes.subarray(0, HEAD_BYTES), bytes.subarray(-TAIL_BYTES));
  if (type === null) return refused(text.uploadRefusedType);
  if (type === 'application/pdf') return inspectPdf(bytes);
  return inspectImage(bytes, type);
}

export interface ReceivedFile {
  id: string;
  /** Display name: the client's base name, sanitized, ending with the detected type's extension. */
  name: string;
  /** The type of the stored bytes; null when the upload was refused. */
  contentType: AllowedContentType | null;
  /** Bytes received from the client. */
  receivedSize: number;
  /** Bytes stored (after re-encoding); 0 when refused. */
  size: number;
  /** Of the stored bytes. */
  sha256: string;
  /** Relative to the files directory; '' when nothing was stored. */
  relativePath: string;
  /** The stream went past `maxBytes` (the file is incomplete and must be refused). */
  tooLarge: boolean;
  /** Why the content was refused (Spanish, shown under the file field); null when stored. */
  problem: string | null;
  /** Stored as sent: its decoding and re-encoding are still to run (`deferImageReencoding`). */
  reencodePending: boolean;
}

export class FileTooLargeError extends Error {}

/**
 * Cleans a browser-given file name for display (no directories, no control or bidirectional
 * override characters, which can make 'x.exe' display as if it ended in '.pdf').
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (cleaned || 'archivo').slice(0, 255);
}

/** The display name with the extension of the type actually stored ('evil.exe' -> 'evil.exe.png'). */
export function displayName(name: string, contentType: AllowedContentType): string {
  const safe = safeFileName(name);
  const extension = extensionOf[contentType];
  const current = path.extname(safe).slice(1).toLowerCase();
  const matches = current === extension || (extension === 'jpg' && current === 'jpeg');
  return matches ? safe : `${safe.slice(0, 250 - extension.length)}.${extension}`;
}

/** Reads a stream into memory up to `maxBytes`; past it, drains the rest and answers null. */
async function readCapped(
  stream: Readable,
  maxBytes: number,
): Promise<{ bytes: Buffer | null; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) tooLarge = true;
    if (!tooLarge) chunks.push(buffer);
  }
  const truncated = (stream as Readable & { truncated?: boolean }).truncated === true;
  return { bytes: tooLarge || truncated ? null : Buffer.concat(chunks), size };
}

/** Decodes and checks an upload's bytes: `inspectUpload` here, or in the heavy-work child (issue 39). */
export type Inspector = (bytes: Buffer) => Promise<Inspection>;

export interface FileStoreOptions {
  /**
   * Issue 39 (acknowledge early): a JPEG or PNG upload is checked by content (magic bytes) and by
   * its header (format, declared size: `checkImageHeader`), stored AS SENT and answered; its
   * decoding and re-encoding run afterwards in the heavy-work pool (../services/reencoding.ts),
   * before anyone reads the bytes. PDFs are checked whole before the answer, as before.
   */
  deferImageReencoding?: boolean;
}

/**
 * Where the kept bytes go is the file storage's business (./storage.ts: the database by default).
 * `inspect` checks each upload: the routes pass the heavy-work child's (receiptReading/heavyProcess.ts
 * `inspectorOf`), so decoding, re-encoding and PDF parsing never run on the server's event loop.
 */
export function createFileStore(
  storage: FileStorage,
  inspect: Inspector = inspectUpload,
  { deferImageReencoding = false }: FileStoreOptions = {},
) {
  /** The bytes to store and their type, or why the upload is refused. */
  const check = async (
    bytes: Buffer,
  ): Promise<
    | { ok: true; contentType: AllowedContentType; bytes: Buffer; reencodePending: boolean }
    | { ok: false; problem: string }
  > => {
    const type = deferImageReencoding
      ? detectContentType(bytes.subarray(0, HEAD_BYTES), bytes.subarray(-TAIL_BYTES))
      : null;
    if (type === 'image/jpeg' || type === 'image/png') {
      const header = await checkImageHeader(bytes, type);
      return header.ok ? { ok: true, contentType: type, bytes, reencodePending: true } : header;
    }
    const inspection = await inspect(bytes);
    return inspection.ok ? { ...inspection, reencodePending: false } : inspection;
  };

  return {
    storage,

    /**
     * Reads one upload (at most `maxBytes`), checks it and stores what is kept under
     * `<id>.<detected extension>`: the re-encoded bytes, or (`deferImageReencoding`) the image as
     * sent, `reencodePending`. Refused content is never written. The caller records the file or
     * removes it.
     */
    async receive(stream: Readable, originalName: string, maxBytes: number): Promise<ReceivedFile> {
      const id = randomUUID();
      const { bytes, size: receivedSize } = await readCapped(stream, maxBytes);
      const base = {
        id,
        receivedSize,
        size: 0,
        sha256: '',
        relativePath: '',
        contentType: null,
        reencodePending: false,
      };
      if (bytes === null) return { ...base, name: safeFileName(originalName), tooLarge: true, problem: null };
      const inspection = await check(bytes);
      if (!inspection.ok) {
        return { ...base, name: safeFileName(originalName), tooLarge: false, problem: inspection.problem };
      }
      const relativePath = `${id.slice(0, 2)}/${id}.${extensionOf[inspection.contentType]}`;
      await storage.put(relativePath, inspection.bytes);
      return {
        id,
        name: displayName(originalName, inspection.contentType),
        contentType: inspection.contentType,
        receivedSize,
        size: inspection.bytes.length,
        sha256: createHash('sha256').update(inspection.bytes).digest('hex'),
        relativePath,
        tooLarge: false,
        problem: null,
        reencodePending: inspection.reencodePending,
      };
    },

    /** The stored bytes of a file, or null. */
    read(relativePath: string): Promise<Buffer | null> {
      return storage.get(relativePath);
    },

    async remove(relativePath: string): Promise<void> {
      if (relativePath === '') return;
      await storage.remove(relativePath).catch(() => {});
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
