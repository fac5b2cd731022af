import { expect } from 'vitest';
import { dashboardFiguresModel, figureRequests, sampleFigures } from '../../machines/models/dashboard';
import { testMachineModel } from './harness';

testMachineModel('dashboardFigures', dashboardFiguresModel, {
  loading: (snapshot) => {
    expect(snapshot.context.requests).toEqual(figureRequests);
    expect(snapshot.context.figures).toEqual({});
  },
  ready: (snapshot, event) => {
    // A failed load leaves the cards without figures; a done one shows what the server counted.
    expect(snapshot.context.figures).toEqual(event.type.startsWith('xstate.error') ? {} : sampleFigures);
  },
});
