/**
 * The public refund calls (SPEC §7 'Refund (public)'): login, receipt upload to the image service,
 * submission, model authorization letter. They never send the staff session; the upload and the
 * submission carry the refund access token of the login answer.
 */

import type { SubmitRefundInput } from '../../../machines/refundWizard';
import { type PublicConfig, publicConfigSchema } from '../../contracts/http';
import { MESSAGE_CODES_HEADER } from '../../contracts/i18n/coded';
import { messages } from '../../contracts/messages';
import {
  MAX_UPLOAD_FILES_PER_REQUEST,
  MAX_UPLOAD_REQUEST_BYTES,
  type RefundLoginResponse,
  type RefundSubmissionResponse,
  refundApiPaths,
  refundLoginResponseSchema,
  refundSubmissionResponseSchema,
  type StoredFile,
  uploadImageResponseSchema,
} from '../../contracts/refund';
import { currentLanguage } from '../refund/language';
import { ApiError, contractMismatch, errorFromAnswer, networkError, parseAnswer } from './errors';

const text = messages.refund;
export const API_BASE = '/api';

/**
 * A failed public call: the shared ApiError (api/errors.ts, the mapper the staff client uses too).
 * Plain fetch, not the staff client (api/http.ts): the portal must not load staff session code.
 */
export { ApiError as RefundApiError };

function errorOf(status: number, body: unknown) {
  return errorFromAnswer(status, body, { unauthorized: text.accessExpired });
}

export async function call<T>(
  schema: { parse: (value: unknown) => T },
  path: string,
  init: RequestInit & { query?: Record<string, string>; token?: string } = {},
): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  // Issue 42: the traveller's language, stored with the draft and the refund (its mails use it).
  headers.set('Accept-Language', currentLanguage());
  // Issue 42: field errors with each message's code beside it (src/server/http/fieldCodes.ts).
  headers.set(MESSAGE_CODES_HEADER, '1');
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch {
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorOf(response.status, body);
  return parseAnswer((value) => schema.parse(value), response.status, body);
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return call(publicConfigSchema, '/config/');
}

export async function refundLogin(credentials: {
  documento: string;
  voucherId: string;
}): Promise<RefundLoginResponse> {
  return call(refundLoginResponseSchema, refundApiPaths.refundData, {
    query: { voucher_id: credentials.voucherId, document: credentials.documento },
  });
}

export const authorizationLetterUrl = `${API_BASE}${refundApiPaths.authorizationLetter}`;

export async function submitRefund(
  token: string,
  input: SubmitRefundInput,
): Promise<RefundSubmissionResponse> {
  const body = new FormData();
  body.append('data', JSON.stringify(input.submission));
  body.append('files', JSON.stringify(input.files));
  return call(refundSubmissionResponseSchema, refundApiPaths.refundData, { method: 'POST', token, body });
}

export interface UploadSource {
  name: string;
  blob: Blob;
}

/** Splits files into requests the image service accepts (20 files, 60 MB each at most). */
export function uploadBatches<T extends { blob: Blob }>(files: readonly T[]): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  const limit = MAX_UPLOAD_REQUEST_BYTES - 1024 * 1024;
  for (const file of files) {
    if (
      current.length &&
      (current.length >= MAX_UPLOAD_FILES_PER_REQUEST || bytes + file.blob.size > limit)
    ) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.blob.size;
  }
  if (current.length) batches.push(current);
  return batches;
}

function uploadOnce(
  url: string,
  token: string,
  files: readonly UploadSource[],
  onProgress: (loaded: number) => void,
): Promise<StoredFile[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file.blob, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader(MESSAGE_CODES_HEADER, '1');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadImageResponseSchema.safeParse(body);
        if (parsed.success) return resolve(parsed.data.files);
        return reject(contractMismatch(xhr.status));
      }
      const error = errorOf(xhr.status, body);
      reject(
        error.message === messages.common.genericRetry ? new ApiError(xhr.status, text.uploadFailed) : error,
      );
    };
    xhr.send(form);
  });
}

/** POST {imageService}/upload-image with repeated `file`; `onProgress` gets 0..1 of the bytes. */
export async function uploadReceipts(
  imageServiceUrl: string,
  token: string,
  files: readonly UploadSource[],
  onProgress?: (fraction: number) => void,
  /** 'reading': the claim dialog's early copy, only to be read (issue 31); marked so it can be told apart. */
  purpose?: 'reading',
): Promise<StoredFile[]> {
  const url = `${imageServiceUrl.replace(/\/$/, '')}${refundApiPaths.uploadImage}${purpose ? `?purpose=${purpose}` : ''}`;
  const total = files.reduce((sum, file) => sum + file.blob.size, 0) || 1;
  let sent = 0;
  const stored: StoredFile[] = [];
  try {
    for (const batch of uploadBatches(files)) {
      const batchBytes = batch.reduce((sum, file) => sum + file.blob.size, 0);
      stored.push(
        ...(await uploadOnce(url, token, batch, (loaded) =>
          onProgress?.(Math.min(1, (sent + loaded) / total)),
        )),
      );
      sent += batchBytes;
    }
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(0, text.uploadFailed);
  }
  return stored;
}
