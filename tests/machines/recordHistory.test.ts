import { expect, it } from 'vitest';
import {
  HISTORY_REFUSAL,
  historyFirstPage,
  historySecondPage,
  recordHistoryModel,
} from '../../machines/models/history';
import { historyPages } from '../../machines/recordHistory';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('recordHistory', recordHistoryModel, {
  loading: (snapshot, event) => {
    // A page change asks for that page; the first load, a reload and a retry for the first.
    const page = event.type === 'PAGE_CHANGED' ? (event as unknown as { page: number }).page : 0;
    expect(snapshot.context.offset).toBe(event.type === 'RETRY' ? snapshot.context.offset : page * 2);
    expect(snapshot.context.error).toBeNull();
  },
  loaded: (snapshot) => {
    const expected = snapshot.context.offset === 0 ? historyFirstPage : historySecondPage;
    expect(snapshot.context.entries).toEqual(expected.results);
    expect(snapshot.context.count).toBe(3);
  },
  empty: (snapshot) => {
    expect(snapshot.context.entries).toEqual([]);
    expect(snapshot.context.count).toBe(0);
  },
  failed: (snapshot, event) => {
    const error = (event as unknown as { error: Error }).error;
    expect(snapshot.context.error).toBe(
      error.message === HISTORY_REFUSAL ? HISTORY_REFUSAL : messages.history.failed,
    );
  },
});

it('counts pages, at least one', () => {
  expect(historyPages(0, 10)).toBe(1);
  expect(historyPages(10, 10)).toBe(1);
  expect(historyPages(11, 10)).toBe(2);
});
