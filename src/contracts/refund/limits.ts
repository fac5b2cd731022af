/** Limits of the refund portal (SPEC §9), its call paths (SPEC §7) and the accepted receipt files (SPEC §5). */

export const REFUND_WINDOW_DAYS = 30;
/**
 * Issue 40 (traveller reach): after the 30-day window a traveller with a refund on the voucher
 * still logs in, to the status page only, while a refund is not closed (PAGADO, RECHAZADO) and for
 * this many days after the last decision of the last closed one (docs/refund-decisions.md).
 */
export const REFUND_STATUS_REACH_DAYS = 90;
export const MAX_CLAIM_FILES = 20;
export const MAX_AUTHORIZATION_FILES = 5;
export const MAX_COMMENT_LENGTH = 255;
/** Issue 30 §3: a checklist item's name (a coverage's required document) and a 'No lo tengo' reason. */
export const MAX_CHECKLIST_ITEM_LENGTH = 255;
export const MAX_MISSING_REASON_LENGTH = 200;
export const MAX_AMOUNT_INTEGER_DIGITS = 7;
/** Image service limits: per file, per request (bytes) and files per request. */
export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_REQUEST_BYTES = 60 * 1024 * 1024;
export const MAX_UPLOAD_FILES_PER_REQUEST = 20;
/** SPEC §4: redirect after the final screen. */
export const REFUND_REDIRECT_MS = 20_000;
/** SPEC §5: claim receipts, case-insensitive. */
export const ALLOWED_FILE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const ALLOWED_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];

/** Paths of the public refund calls: relative to the API base ('/api') or the image service ('/images'). */
export const refundApiPaths = {
  /** GET login (?voucher_id&document) and POST submission (multipart). */
  refundData: '/refund_data/',
  authorizationLetter: '/refund_data/authorization-letter/',
  /** POST 'Salir': revokes the traveller's refund access tokens (issue 28 §6); 204. */
  logout: '/refund_data/logout/',
  /** GET, PUT and DELETE the wizard's server-side draft (issue 30 §1). */
  draft: '/refund_data/draft/',
  /** Relative to the image service base address (config `imageServiceUrl`, default '/images'). */
  uploadImage: '/upload-image',
} as const;

/** Whether a file name has an allowed extension (SPEC §5; the server checks content, not names). */
export function hasAllowedExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * Issue 40 (traveller reach): what a file's first bytes say it is, as the server checks it
 * (src/server/services/files.ts): 'image' (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), 'pdf'
 * ('%PDF-'), or null. The browser reads the first 8 bytes at the pick.
 */
export function sniffedKind(head: Uint8Array): 'image' | 'pdf' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, index) => head[index] === byte)) return 'image';
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
  if (head.length >= pdf.length && pdf.every((byte, index) => head[index] === byte)) return 'pdf';
  return null;
}

/** Whether the bytes are what an allowed name says: an image for jpg/jpeg/png, a PDF for pdf. */
export function contentMatchesName(fileName: string, head: Uint8Array): boolean {
  const kind = sniffedKind(head);
  if (kind === null) return false;
  return fileName.toLowerCase().endsWith('.pdf') ? kind === 'pdf' : kind === 'image';
}
