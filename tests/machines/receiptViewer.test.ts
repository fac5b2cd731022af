import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { receiptViewerModel, sampleReceipts } from '../../machines/models/refundReview';
import { ZOOM_LEVELS } from '../../machines/receiptViewer';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const payload = <T>(event: AnyEventObject, key: string) => (event as Record<string, unknown>)[key] as T;

testMachineModel('receiptViewer', receiptViewerModel, {
  loading: (snapshot, event) => {
    expect(snapshot.context.url).toBeNull();
    expect(snapshot.context.zoom).toBe(0);
    if (event.type === 'SELECTED') expect(snapshot.context.index).toBe(payload(event, 'index'));
    else expect(snapshot.context.index).toBeLessThan(sampleReceipts.length);
  },
  shown: (snapshot, event) => {
    expect(snapshot.context.url).toBe(`blob:${sampleReceipts[snapshot.context.index].id}`);
    // A new file starts unzoomed; zoom stays within its levels.
    if (event.type === 'ZOOM_IN') expect(snapshot.context.zoom).toBeGreaterThan(0);
    else if (event.type === 'ZOOM_OUT') expect(snapshot.context.zoom).toBeLessThan(ZOOM_LEVELS.length - 1);
    else expect(snapshot.context.zoom).toBe(0);
  },
  failed: (snapshot) => expect(snapshot.context.error).toBe(messages.common.genericRetry),
});
