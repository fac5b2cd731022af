/**
 * Issue 31: the claim dialog's reading of a chosen receipt with the browser's actors. A chosen
 * receipt is only in IndexedDB until the claim is confirmed, so to be read it is prepared
 * (images recompressed, PDF pages to JPEG) and uploaded once, at the first poll; the polls then
 * ask for the readings of those uploads. The claim's own upload at 'Confirmar' sends the same
 * prepared bytes again, and the server copies this copy's reading to it instead of reading it
 * twice (same voucher, same sha256). This copy is never attached to a claim, so it never counts
 * as a reuse.
 */
import { fromPromise } from 'xstate';
import { claimReceiptReadingMachine } from '../../../machines/claimForm';
import type { ReadingQuery } from '../../../machines/receiptReading';
import type { FileReading } from '../../contracts/refund/reading';
import { loadOwnReadings } from '../api/receiptReadings';
import { uploadReceipts } from '../api/refund';
import { prepareReceipts } from './files/prepare';
import { loadReceipt } from './files/receiptStore';

/** Receipt id -> the ids of its uploaded pages (a failed upload is forgotten, to be retried). */
const uploadsForReading = new Map<string, Promise<string[]>>();

function uploadedIdsOf(receiptId: string, token: string, imageServiceUrl: string): Promise<string[]> {
  const known = uploadsForReading.get(receiptId);
  if (known) return known;
  const upload = (async () => {
    const stored = await loadReceipt(receiptId);
    if (!stored) throw new Error(`receipt ${receiptId} missing`);
    const prepared = await prepareReceipts([{ name: stored.name, blob: stored.blob }]);
    const files = await uploadReceipts(imageServiceUrl, token, prepared, undefined, 'reading');
    return files.map((file) => file.id);
  })();
  uploadsForReading.set(receiptId, upload);
  upload.catch(() => uploadsForReading.delete(receiptId));
  return upload;
}

/** `token` may be a getter: the wizard's token changes when the traveller signs in again (issue 40). */
export function providedClaimReceiptReading(token: string | (() => string), imageServiceUrl: string) {
  const tokenOf = typeof token === 'function' ? token : () => token;
  return claimReceiptReadingMachine.provide({
    actors: {
      fetchReadings: fromPromise<FileReading[], ReadingQuery>(async ({ input }) => {
        const ids = (
          await Promise.all(input.fileIds.map((id) => uploadedIdsOf(id, tokenOf(), imageServiceUrl)))
        ).flat();
        return loadOwnReadings(tokenOf(), ids, input.country);
      }),
    },
  });
}
