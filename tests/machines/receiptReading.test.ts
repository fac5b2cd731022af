import { expect } from 'vitest';
import {
  readingsPending,
  readingsRead,
  readingsUnreadable,
  receiptReadingModel,
} from '../../machines/models/receiptReading';
import { READING_MAX_CHECKS, suggestionOf } from '../../machines/receiptReading';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('receiptReading', receiptReadingModel, {
  reading: (snapshot) => {
    expect(snapshot.context.fileIds.length).toBeGreaterThan(0);
    expect(snapshot.context.suggestion).toBeNull();
    expect(snapshot.context.checks).toBeGreaterThanOrEqual(1);
  },
  waiting: (snapshot, event) => {
    expect(event).toMatchObject({ output: readingsPending });
    expect(snapshot.context.checks).toBeLessThanOrEqual(READING_MAX_CHECKS);
  },
  suggested: (snapshot) => {
    expect(snapshot.context.suggestion).toEqual({ amount: '12345.50', currency: 'ARS', date: '2026-11-12' });
    const { amount, currency, date } = snapshot.context.suggestion!;
    expect(messages.receiptReading.suggestion(amount, currency, date)).toBe(
      'Leímos en el comprobante: 12.345,50 ARS del 12/11/2026 — ¿usar estos datos?',
    );
  },
  accepted: (snapshot, event) => {
    expect(event.type).toBe('ACCEPT');
    expect(snapshot.context.suggestion).not.toBeNull();
  },
  dismissed: (_snapshot, event) => expect(event.type).toBe('DISMISS'),
  failed: (snapshot, event) => {
    // Nothing to suggest: no files, an unreadable receipt, or a reading that could not be asked for.
    expect(snapshot.context.suggestion).toBeNull();
    const why =
      event.type === 'FILES_CHANGED'
        ? 'no files'
        : event.type === 'xstate.error.actor.fetchReadings'
          ? 'error'
          : 'unreadable';
    if (why === 'no files') expect(snapshot.context.fileIds).toEqual([]);
    else if (why === 'error') expect(event.error).toBeInstanceOf(Error);
    else expect(event).toMatchObject({ output: readingsUnreadable });
  },
});

// Keeps suggestionOf's thresholds honest outside the traversal.
expect(suggestionOf(readingsRead)).not.toBeNull();
expect(suggestionOf(readingsUnreadable)).toBeNull();
