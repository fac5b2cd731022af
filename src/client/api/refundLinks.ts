/**
 * The calls of the traveller's link pages (issue 17 'Links'; SPEC §7 'Refund (public)'): no token,
 * the link's refund_id and hash are the credential. Plain fetch through the portal's `call`.
 */
import {
  linkCompletedSchema,
  type PaymentUpdateAccess,
  type PendingDocsAccess,
  paymentUpdateAccessSchema,
  pendingDocsAccessSchema,
  refundLinkApiPaths,
  type UploadPendingDocResponse,
  uploadPendingDocResponseSchema,
} from '../../contracts/refund/links';
import { type FileReading, fileReadingsResponseSchema } from '../../contracts/refund/reading';
import { call } from './refund';

export interface LinkParams {
  refundId: string;
  hash: string;
}

export function loadPendingDocs(link: LinkParams): Promise<PendingDocsAccess> {
  return call(pendingDocsAccessSchema, refundLinkApiPaths.authenticatePendingDoc, {
    query: { refund_id: link.refundId, hash: link.hash },
  });
}

/**
 * POST /upload_pending_doc/: `data` first (the link), then the files. `purpose` 'reading': the
 * page's early copy of a chosen document, only to be read (issue 31); marked so it can be told apart.
 */
export function uploadPendingDocs(
  link: LinkParams,
  files: readonly { name: string; blob: Blob }[],
  purpose?: 'reading',
): Promise<UploadPendingDocResponse> {
  const body = new FormData();
  body.append(
    'data',
    JSON.stringify({
      refund_id: link.refundId,
      voucher_hash: link.hash,
      pending_doc_files: files.map((file) => file.name),
    }),
  );
  for (const file of files) body.append('file', file.blob, file.name);
  return call(uploadPendingDocResponseSchema, refundLinkApiPaths.uploadPendingDoc, {
    method: 'POST',
    body,
    ...(purpose ? { query: { purpose } } : {}),
  });
}

/** GET /refund_data/pending-doc-readings/ (issue 31): what was read on the link's uploads. */
export async function loadPendingDocReadings(
  link: LinkParams,
  fileIds: readonly string[],
): Promise<FileReading[]> {
  const answer = await call(fileReadingsResponseSchema, refundLinkApiPaths.pendingDocReadings, {
    query: { refund_id: link.refundId, hash: link.hash, ids: fileIds.join(',') },
  });
  return answer.readings;
}

export function patchPendingDocs(link: LinkParams, comment: string, fileIds: string[]) {
  return call(linkCompletedSchema, refundLinkApiPaths.refundData, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      refund: {
        id: link.refundId,
        hash: link.hash,
        pending_documentation: { client_pending_documents: { comment, file_ids: fileIds } },
      },
    }),
  });
}

export function loadPaymentUpdate(link: LinkParams): Promise<PaymentUpdateAccess> {
  return call(paymentUpdateAccessSchema, refundLinkApiPaths.pendingUpdateFields, {
    query: { refund_id: link.refundId, hash: link.hash },
  });
}

export function sendPaymentUpdate(link: LinkParams, fields: Record<string, string>, cciConfirmed = false) {
  return call(linkCompletedSchema, refundLinkApiPaths.updateFields, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      refund_id: link.refundId,
      voucher_hash: link.hash,
      fields,
      ...(cciConfirmed ? { cci_confirmed: true } : {}),
    }),
  });
}
