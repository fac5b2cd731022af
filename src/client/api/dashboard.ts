/** The dashboard figures (issue 18): each card's list count with limit=1, read in parallel. */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { FigureRequest, Figures } from '../../../machines/dashboardFigures';
import { request } from './http';

const countSchema = z.looseObject({ count: z.number().int(), count_kind: z.string().optional() });

export async function loadFigures(requests: readonly FigureRequest[]): Promise<Figures> {
  const answers = await Promise.allSettled(
    requests.map((figure) =>
      request(countSchema, figure.path, { query: { ...figure.params, limit: 1, offset: 0 } }),
    ),
  );
  const figures: Figures = {};
  answers.forEach((answer, index) => {
    const figure = requests[index];
    if (answer.status === 'fulfilled' && figure)
      figures[figure.routing] = {
        count: answer.value.count,
        countKind: answer.value.count_kind ?? 'exact',
        kind: figure.kind,
      };
  });
  return figures;
}

export const dashboardActors = {
  loadFigures: fromPromise(({ input }: { input: FigureRequest[] }) => loadFigures(input)),
};
