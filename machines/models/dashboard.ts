/** Model of the dashboard figures machine (issue 18). */
import { dashboardFiguresMachine, type FigureRequest, type Figures } from '../dashboardFigures';
import { defineModel } from './types';

export const figureRequests: FigureRequest[] = [
  { routing: 'zonas', path: '/zone/', params: {}, kind: 'records' },
  { routing: 'reintegros', path: '/refund/', params: { status: 'RECIBIDO' }, kind: 'pending' },
];
export const sampleFigures: Figures = {
  zonas: { count: 12, countKind: 'exact', kind: 'records' },
  reintegros: { count: 3, countKind: 'exact', kind: 'pending' },
};

export const dashboardFiguresModel = defineModel({
  machine: dashboardFiguresMachine,
  input: { requests: figureRequests },
  events: (snapshot) =>
    snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.loadFigures', output: sampleFigures },
          { type: 'xstate.error.actor.loadFigures', error: new Error('network') },
        ]
      : [],
});
