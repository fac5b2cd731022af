/** Exports and the notification bell (issue 12): SPEC §8 'Export failures' and 'Successes', §4. */
import { formatCount } from '../format';

export const exportsMessages = {
  /** Per kind of export: its name in the bell and the §8 texts. */
  kinds: {
    offices: {
      label: 'Listado de oficinas',
      ready: 'Listado de oficinas disponible para descargar.',
      error: 'Error al descargar listado de oficinas.',
    },
    vouchers: {
      label: 'Listado de vouchers',
      ready: 'Listado de vouchers disponible para descargar',
      error: 'Error al descargar listado de vouchers.',
    },
    invoicing: {
      label: 'Listado de facturación',
      ready: 'Listado de facturación disponible para descargar.',
      error: 'Error al descargar listado de facturación.',
    },
    // Issue 14: a promotion's vouchers and offices (the §8 texts of vouchers and offices).
    promotion_vouchers: {
      label: 'Vouchers de la promoción',
      ready: 'Listado de vouchers disponible para descargar',
      error: 'Error al descargar listado de vouchers.',
    },
    promotion_offices: {
      label: 'Oficinas de la promoción',
      ready: 'Listado de oficinas disponible para descargar.',
      error: 'Error al descargar listado de oficinas.',
    },
  },
  exportButton: 'Exportar',
  requesting: 'Solicitando exportación...',
  requested: 'Exportación solicitada: le avisaremos en la campana cuando esté lista.',
  requestFailed: 'No se pudo solicitar la exportación. Inténtelo nuevamente.',
  downloadFailed: 'No se pudo descargar el archivo. Inténtelo nuevamente desde la campana.',
  pending: 'Preparando el archivo...',
  progress: (written: number, total: number | null) =>
    total === null
      ? `${formatCount(written)} filas escritas`
      : `${formatCount(written)} de ${formatCount(total)} filas`,
  download: 'Descargar',
  dismiss: 'Descartar',
  downloading: 'Descargando...',
  unread: (count: number) => `${count} ${count === 1 ? 'notificación' : 'notificaciones'}`,
  notFinished: 'La exportación todavía no terminó.',
  invalidLimit: 'Ingrese un número entero mayor que cero.',
  // Issue 39: the bounds of the export queue (429 per user, 503 in all, with Retry-After).
  userQueueFull: (queued: number) =>
    `Ya tiene ${formatCount(queued)} ${queued === 1 ? 'exportación' : 'exportaciones'} en preparación. Espere a que termine alguna e inténtelo nuevamente.`,
  queueFull:
    'Hay demasiadas exportaciones en preparación en este momento. Inténtelo nuevamente en unos minutos.',
  /** Logged reasons (server log, never shown): */
  ownerGone: 'the user who asked for the export no longer exists or is inactive',
  permissionGone: 'the user who asked for the export no longer holds its permission',
  tooManyAttempts: 'the export was interrupted too many times',
} as const;
