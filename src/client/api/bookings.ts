/** Calls of a voucher's documents (issue 15; SPEC §7 /pdfVoucher/, /pdfMultiVoucher/, /sendEmailCCGG/, /sendMultiVoucher/). */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { DownloadRequest } from '../../../machines/listDownload';
import { UserFacingError } from '../../../machines/support/errors';
import type { DocumentRequest } from '../../../machines/voucherDocuments';
import { bookingPaths, okOrErrorSchema, voucherSchema } from '../../contracts/bookings';
import { messages } from '../../contracts/messages';
import { request } from './http';
import { saveBlob } from './saveBlob';

const text = messages.bookings;

async function reservationOf(voucherId: number): Promise<number> {
  return (await request(voucherSchema, `/voucher/${voucherId}/`)).reservation;
}

async function pdf(path: string, body: unknown): Promise<Blob> {
  const answer = await request(z.unknown(), path, { method: 'POST', body, responseType: 'blob' });
  if (!(answer instanceof Blob)) throw new UserFacingError(messages.common.genericRetry);
  return answer;
}

async function send(path: string, body: unknown): Promise<string> {
  const answer = await request(okOrErrorSchema, path, { method: 'POST', body });
  if (answer.status !== 'OK') throw new UserFacingError(answer.detail ?? text.mailFailed);
  return answer.message ?? text.mailSent;
}

export async function runDocument({ kind, voucherId }: DocumentRequest): Promise<string> {
  switch (kind) {
    case 'printVoucher':
      saveBlob(await pdf(bookingPaths.pdfVoucher, { voucher_id: voucherId }), `voucher_${voucherId}.pdf`);
      return text.pdfReady(`voucher_${voucherId}.pdf`);
    case 'printMulti': {
      const reservation = await reservationOf(voucherId);
      saveBlob(
        await pdf(bookingPaths.pdfMultiVoucher, { id_reservation: reservation }),
        `multivoucher_${reservation}.pdf`,
      );
      return text.pdfReady(`multivoucher_${reservation}.pdf`);
    }
    case 'sendTerms':
      return send(bookingPaths.sendTerms, { voucher_id: voucherId });
    default:
      return send(bookingPaths.sendMulti, { id_reservation: await reservationOf(voucherId) });
  }
}

export const voucherDocumentsActors = {
  runDocument: fromPromise<string, DocumentRequest>(({ input }) => runDocument(input)),
};

/** The largest file a list download asks for (the server's cap of /csv_reservation_filter/). */
const DOWNLOAD_MAX_ROWS = 1_000_000;

/**
 * A list's direct download (SPEC §7): `GET {path}?offset=0&limit={n}&<the list's filters>`, the
 * file handed to the browser under `fileName`; answers the success text.
 */
export async function downloadList(
  target: { path: string; fileName: string },
  { query, rows }: DownloadRequest,
): Promise<string> {
  const limit = Math.min(Math.max(rows, 1), DOWNLOAD_MAX_ROWS);
  const answer = await request(z.unknown(), target.path, {
    query: { offset: 0, limit, ...query },
    responseType: 'blob',
  });
  if (!(answer instanceof Blob)) throw new UserFacingError(text.downloadFailed);
  saveBlob(answer, target.fileName);
  return text.downloaded(target.fileName);
}

export const listDownloadActors = (target: { path: string; fileName: string }) => ({
  download: fromPromise<string, DownloadRequest>(({ input }) => downloadList(target, input)),
});
