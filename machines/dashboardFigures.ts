/**
 * The dashboard's live figures (issue 18): each card the user may view shows its records count
 * (the list engine's exact, capped or estimated count) or its pending items (refunds 'Recibido').
 * One load for every card; a card whose figure could not be read simply shows none.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface FigureRequest {
  /** The card's routing. */
  routing: string;
  /** The list path and its filters (e.g. '/refund/' with status=RECIBIDO). */
  path: string;
  params: Record<string, string>;
  kind: 'records' | 'pending';
}

export interface Figure {
  count: number;
  /** 'exact', 'capped' (more than count) or 'estimate'. */
  countKind: string;
  kind: FigureRequest['kind'];
}

export type Figures = Record<string, Figure>;

export interface DashboardFiguresContext {
  requests: FigureRequest[];
  figures: Figures;
}

export const dashboardFiguresMachine = setup({
  types: {
    context: {} as DashboardFiguresContext,
    input: {} as { requests: FigureRequest[] } | undefined,
  },
  actors: {
    loadFigures: fromPromise<Figures, FigureRequest[]>(async () => ({})),
  },
}).createMachine({
  id: 'dashboardFigures',
  context: ({ input }) => ({ requests: input?.requests ?? [], figures: {} }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        input: ({ context }) => context.requests,
        onDone: { target: 'ready', actions: assign({ figures: ({ event }) => event.output }) },
        // Figures are a help, not the page: without them the cards still lead to their modules.
        onError: { target: 'ready', actions: assign({ figures: {} }) },
      },
    },
    ready: { type: 'final' },
  },
});
