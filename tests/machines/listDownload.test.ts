import { expect } from 'vitest';
import { listDownloadModel } from '../../machines/models/bookings';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('listDownload', listDownloadModel, {
  idle: (snapshot, event) => {
    if (event.type === 'xstate.done.actor.download')
      expect(snapshot.context.notice).toEqual({
        tone: 'success',
        text: messages.bookings.downloaded('reservas.csv'),
      });
    else if (event.type === 'xstate.error.actor.download')
      expect(snapshot.context.notice).toEqual({ tone: 'danger', text: messages.common.forbidden });
    else expect(snapshot.context.notice).toBeNull();
  },
  downloading: (snapshot, event) => {
    expect(event.type).toBe('DOWNLOAD');
    expect(snapshot.context.notice).toBeNull();
  },
});
