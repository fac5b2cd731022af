import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import {
  DOWNLOAD_REFUSAL,
  downloadAll,
  downloadOne,
  receiptDownloadModel,
} from '../../machines/models/refundReview';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const fileNameOf = (event: AnyEventObject) => (event as { fileName?: string }).fileName;

testMachineModel('receiptDownload', receiptDownloadModel, {
  idle: (snapshot, event) => {
    expect(snapshot.context.error).toBeNull();
    // After a download the notice names what was saved; DISMISS or nothing yet: no notice.
    if (event.type === 'xstate.done.actor.downloadFiles') {
      expect(snapshot.context.saved).toBe(snapshot.context.request?.fileName);
      expect([downloadAll.fileName, downloadOne.fileName]).toContain(snapshot.context.saved);
    } else expect(snapshot.context.saved).toBeNull();
  },
  downloading: (snapshot, event) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.saved).toBeNull();
    // The files asked for: the event's, or the failed download's again on RETRY.
    if (event.type === 'DOWNLOAD') {
      expect(snapshot.context.request?.fileName).toBe(fileNameOf(event));
      expect(snapshot.context.request?.ids.length).toBeGreaterThan(0);
    } else {
      expect(event.type).toBe('RETRY');
      expect(snapshot.context.request).not.toBeNull();
    }
  },
  failed: (snapshot, event) => {
    const error = (event as { error?: unknown }).error;
    if (error instanceof Error && error.message === DOWNLOAD_REFUSAL) {
      expect(snapshot.context.error).toBe(DOWNLOAD_REFUSAL);
      expect(snapshot.context.retryable).toBe(true);
    } else if (error instanceof Error && error.message === messages.common.forbidden) {
      // A refusal: retrying cannot help.
      expect(snapshot.context.error).toBe(messages.common.forbidden);
      expect(snapshot.context.retryable).toBe(false);
      expect(snapshot.can({ type: 'RETRY' })).toBe(false);
    } else {
      // A network failure: the generic text, and 'Reintentar'.
      expect(snapshot.context.error).toBe(messages.common.genericRetry);
      expect(snapshot.can({ type: 'RETRY' })).toBe(true);
    }
  },
});
