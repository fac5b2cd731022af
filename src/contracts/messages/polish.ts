/**
 * Issue 18 (professional back-office): the permission grid, success notifications, dashboard card
 * descriptions and figures. Spanish texts only.
 */
import { moduleRows } from '../moduleTable';
import type { Resource } from '../permissions';

export const polishMessages = {
  permissionGrid: {
    resource: 'Recurso',
    view: 'Ver',
    add: 'Crear',
    change: 'Cambiar estado',
    all: 'Todos',
    selectAll: 'Seleccionar todos',
    rowToggle: (resource: string) => `Todos los permisos de ${resource}`,
    cell: (action: string, resource: string) => `${action} ${resource}`,
    count: (chosen: number, total: number) =>
      `${chosen} de ${total} ${total === 1 ? 'permiso elegido' : 'permisos elegidos'}`,
    notGrantable: 'Solo puede otorgar los permisos que usted tiene.',
  },
  /** Each resource's name: the module table's, and `permission` (no module of its own). */
  resourceNames: {
    ...Object.fromEntries(moduleRows().map((row) => [row.resource.key, row.resource.name])),
    permission: 'Permisos',
  } as Record<Resource, string>,
  dashboard: {
    records: (count: string) => `${count} registros`,
    pending: (count: string) => `${count} pendientes de revisión`,
    more: (count: string) => `más de ${count}`,
    about: (count: string) => `~${count}`,
    /** Each card's line (the module table's rows). */
    descriptions: Object.fromEntries(moduleRows().map((row) => [row.key, row.card.description])) as Record<
      string,
      string
    >,
  },
  /** The skip link, first in the tab order of every staff page (WCAG 2.4.1). */
  skipToContent: 'Saltar al contenido',
  toasts: {
    region: 'Notificaciones',
    created: (name: string) => `${name}: registro creado.`,
    updated: (name: string) => `${name}: cambios guardados.`,
    removed: (name: string) => `${name}: registro eliminado.`,
    action: (label: string) => `${label}: acción realizada.`,
    close: 'Cerrar notificación',
    /** The undo window of a confirmed delete (react-admin's undoable delete). */
    undoRegion: 'Eliminación pendiente',
    removedUndoable: 'Registro eliminado',
    undo: 'Deshacer',
  },
} as const;
