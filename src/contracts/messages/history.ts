/**
 * Texts of the 'Historial' tab every module's show view carries (issue 9 'Audit history'), and of
 * the refund review (issue 17 'Staff review'). Ours: the spec names the office history (§3) only.
 */
import { formatCount } from '../format';

export const historyMessages = {
  tabData: 'Datos',
  tabHistory: 'Historial',
  title: 'Historial de cambios',
  loading: 'Cargando historial...',
  empty: 'Este registro todavía no tiene cambios registrados.',
  failed: 'No se pudo cargar el historial.',
  retry: 'Reintentar',
  previous: 'Anteriores',
  next: 'Siguientes',
  pageOf: (from: number, to: number, total: number) =>
    `${formatCount(from)}–${formatCount(to)} de ${formatCount(total)}`,
  unknownUser: 'Sistema',
  columnWhen: 'Fecha',
  columnWho: 'Usuario',
  columnAction: 'Acción',
  columnChanges: 'Cambios',
  field: 'Campo',
  before: 'Antes',
  after: 'Después',
  emptyValue: '(vacío)',
  noChanges: 'Sin cambios de datos.',
  actions: {
    create: 'Creación',
    update: 'Modificación',
    remove: 'Eliminación',
    // A voucher's sends and the traveller's acceptance of its terms (issue 28 §3, §4).
    send_terms: 'Envío de condiciones',
    send_multivoucher: 'Envío de multivoucher',
    accept_terms: 'Aceptación de condiciones',
    // A group's status record (issue 28 §6), recorded in the group's history.
    status_create: 'Alta del estado',
    status_update: 'Cambio de estado',
    status_remove: 'Baja del estado',
    // Issue 43: records brought across by npm run import, and those the original system no longer lists.
    import: 'Importado del sistema anterior',
    import_remove: 'Eliminado: ya no está en el sistema anterior',
  } as Record<string, string>,
  /**
   * Labels of keys a module's form and list do not show (issue 32 'History people can read'):
   * what a history entry may record beside the form's fields.
   */
  fields: {
    childrens: 'Oficinas hijas',
    billed: 'Facturado',
    recipients: 'Destinatarios',
    reservation: 'Reserva',
    conditions_accepted_at: 'Condiciones aceptadas',
    open: 'Abierta',
    items: 'Elementos',
    service: 'Servicio',
    name: 'Nombre',
    password: 'Contraseña',
    groups: 'Grupos',
    all_permissions: 'Permisos',
    permissions: 'Permisos',
    user: 'Usuario',
    user_reservation: 'Usuario de la reserva',
    office: 'Oficina',
    // Issue 43: the entry of an imported record names its id in the original system.
    legacy_id: 'Id en el sistema anterior',
  } as Record<string, string>,
  /** An action without a label of its own (a module's custom action). */
  actionLabel: (action: string) => action.replace(/_/g, ' '),
};
