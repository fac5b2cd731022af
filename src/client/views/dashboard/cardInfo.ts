/**
 * What a dashboard card shows besides its title (issue 18): an icon, a one-line description and
 * the figure to read (the module's list count, or its pending items). Cards of modules without an
 * entry show the default icon and no description.
 */
import type { FigureRequest } from '../../../../machines/dashboardFigures';
import { messages } from '../../../contracts/messages';
import { descriptorOf } from '../../resources/descriptors';

const ICONS: Record<string, string> = {
  oficinas: '🏢',
  facturacion: '🧾',
  productos: '📦',
  unidad_negocio: '🏛',
  reservas: '📅',
  vouchers: '🎫',
  producto_sperta: '🧩',
  reintegros: '💶',
  coberturas: '🛡',
  zonas: '🗺',
  paises: '🌎',
  proveedores: '🤝',
  categorias: '🏷',
  tags: '🔖',
  currencies: '💱',
  blacklist: '⛔',
  pasajeros: '🧳',
  usuarios: '👤',
  grupos: '👥',
  promociones: '📣',
};

export const cardIcon = (routing: string) => ICONS[routing] ?? '📁';
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
