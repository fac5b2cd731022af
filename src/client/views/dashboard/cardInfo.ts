/**
 * What a dashboard card shows besides its title (issue 18): an icon, a one-line description and
 * the figure to read (the module's list count, or its pending items). The icon and the line are
 * the module table's; a routing outside it shows the default icon and no description.
 */
import type { FigureRequest } from '../../../../machines/dashboardFigures';
import { messages } from '../../../contracts/messages';
import { MODULE_TABLE, type ModuleRow } from '../../../contracts/moduleTable';
import { descriptorOf } from '../../resources/descriptors';

export const cardIcon = (routing: string) =>
  (MODULE_TABLE as Record<string, ModuleRow | undefined>)[routing]?.card.icon ?? '📁';
export const cardDescription = (routing: string): string | null =>
  messages.polish.dashboard.descriptions[routing] ?? null;

/** The figure a card reads, or null (no list the generic engine counts). */
export function figureRequestOf(routing: string): FigureRequest | null {
  if (routing === 'reintegros')
    return { routing, path: '/refund/', params: { status: 'RECIBIDO' }, kind: 'pending' };
  if (routing === 'productos') return { routing, path: '/product/', params: {}, kind: 'records' };
  const descriptor = descriptorOf(routing);
  if (!descriptor) return null;
  return { routing, path: descriptor.path, params: {}, kind: 'records' };
}
