/**
 * Issue 31 (docs/receipt-reading.md): what the server read on the traveller's own uploads
 * (GET /api/refund_data/readings/?ids=…&country=…, refund access token).
 */
import {
  type FileReading,
  fileReadingsResponseSchema,
  receiptReadingPaths,
} from '../../contracts/refund/reading';
import { call } from './refund';

export async function loadOwnReadings(
  token: string,
  fileIds: readonly string[],
  country: string | null,
): Promise<FileReading[]> {
  const query: Record<string, string> = { ids: fileIds.join(',') };
  if (country) query.country = country;
  const answer = await call(fileReadingsResponseSchema, receiptReadingPaths.own, { token, query });
  return answer.readings;
}
