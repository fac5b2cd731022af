/**
 * The dashboard's machine wiring, in one place (issue 29): the cards' figures machine with its
 * actors (src/client/api/dashboard.ts). The view creates its actor from this and only sends events.
 */
import { dashboardFiguresMachine } from '../../../../machines/dashboardFigures';
import { dashboardActors } from '../../api/dashboard';

/** The dashboard cards' figures (one count per card the user may see). */
export const dashboardFiguresLogic = dashboardFiguresMachine.provide({ actors: dashboardActors });
