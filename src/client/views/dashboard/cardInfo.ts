/**
 * What a dashboard card shows besides its title (issue 18): an icon, a one-line description and
 * the figure to read (the module's list count, or its pending items). The icon and the line are
 * the module table's; a routing outside it shows the default icon and no description.
 */
import type { FigureRequest } from '../../../../machines/dashboardFigures';
import { messages } from '../../../contracts/messages';
import { MODULE_CONTRACTS } from '../../../contracts/moduleContracts';
import { MODULE_TABLE, type ModuleRow } from '../../../contracts/moduleTable';

export const cardIcon = (routing: string) =>
  (MODULE_TABLE as Record<string, ModuleRow | undefined>)[routing]?.card.icon ?? '📁';
export const cardDescription = (routing: string): string | null =>
  messages.polish.dashboard.descriptions[routing] ?? null;

/** The figure a card reads, or null (no list the generic engine counts). */
export function figureRequestOf(routing: string): FigureRequest | null {
  if (routing === 'reintegros')
    return { routing, path: '/refund/', params: { status: 'RECIBIDO' }, kind: 'pending' };
  // Every module's list is its contract's path (Productos and Promociones have screens of their own).
  const contract = (MODULE_CONTRACTS as Record<string, { path: string } | undefined>)[routing];
  if (!contract) return null;
  return { routing, path: contract.path, params: {}, kind: 'records' };
}
