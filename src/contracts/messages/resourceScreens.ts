/**
 * Texts of the back-office list and form screens (spec section 2 'Dashboard sections': Mostrar,
 * Editar, Eliminar, Crear, Cancelar, Guardar, Cancel, 'Estas seguro?', 'Estas seguro que quieres
 * eliminar ...?'), and the column headers and field labels of the master-data modules.
 * The spec gives the action and confirmation texts; headers and labels are ours.
 */
import type { CountKind } from '../engine';
import { formatCount } from '../format';

/**
 * The one count formatter of the lists (issue 40): an exact count with es-AR thousands ('14.990'),
 * a count past the server's threshold ('más de 10.000', `count_kind: capped`) or the planner's
 * estimate of an unfiltered table ('unos 15.217', `count_kind: estimate`).
 */
function listCount(count: number, kind: CountKind): string {
  if (kind === 'capped') return `más de ${formatCount(count)}`;
  if (kind === 'estimate') return `unos ${formatCount(count)}`;
  return formatCount(count);
}

export const resourceScreensMessages = {
  /** An action field's empty choice (Facturación's document type). */
  chooseOption: 'Elija...',
  // Spec section 2, exactly as given.
  show: 'Mostrar',
  edit: 'Editar',
  remove: 'Eliminar',
  create: 'Crear',
  cancel: 'Cancelar',
  save: 'Guardar',
  showCancel: 'Cancel',
  confirmTitle: 'Estas seguro?',
  confirmText: (name: string) => `Estas seguro que quieres eliminar ${name}?`,

  // Ours.
  confirmButton: 'Eliminar',
  searchMode: 'Buscar por',
  addItem: 'Agregar',
  removeItem: 'Quitar',
  noItems: 'Sin registros cargados.',
  optionSearch: (label: string) => `Buscar ${label.toLowerCase()}`,
  optionMatches: (shown: number, total: number) =>
    shown < total
      ? `${shown} de ${total} coincidencias: escriba más para acotar.`
      : `${total} coincidencias.`,
  actions: 'Acciones',
  actionsOf: (name: string) => `Acciones de ${name}`,
  listTab: 'Listado',
  filtersTitle: 'Filtros',
  applyFilters: 'Buscar',
  clearFilters: 'Limpiar',
  empty: 'No hay resultados.',
  /** An empty list without filters (issue 18: an empty state that says what to do). */
  emptyNone: (title: string) => `No hay registros en ${title}.`,
  createFirst: 'Crear el primero',
  retry: 'Reintentar',
  loading: 'Cargando...',
  saving: 'Guardando...',
  deleting: 'Eliminando...',
  pageSize: 'Filas por página',
  previousPage: 'Anterior',
  nextPage: 'Siguiente',
  pagination: 'Paginación',
  /**
   * The rows a page shows of the list's count, es-AR thousands everywhere (issue 40: one count
   * formatter): '1–10 de 14.990', '1–10 de más de 10.000', '1–10 de unos 15.217'.
   */
  pageRange: (from: number, to: number, count: number, kind: CountKind = 'exact') =>
    `${formatCount(from)}–${formatCount(to)} de ${listCount(count, kind)}`,
  createTitle: (title: string) => `${title}: crear`,
  editTitle: (title: string) => `${title}: editar`,
  showTitle: (title: string) => `${title}: detalle`,
  cloneTitle: (title: string) => `${title}: clonar`,
  /** Issue 32: a create from a template ('Duplicar desde plantilla', Oficinas). */
  templateTitle: 'Duplicar desde plantilla',
  templateLabel: 'Plantilla',
  templateHint:
    'El formulario se completa con los datos y sub-registros de la plantilla; revise los nombres antes de guardar.',
  useTemplate: 'Usar como plantilla',
  clone: 'Clonar',
  selectPlaceholder: 'Seleccione...',
  datePlaceholder: 'DD/MM/AAAA',
  yes: 'Sí',
  no: 'No',
  switchEnabled: 'Habilitados',
  switchDisabled: 'Deshabilitados',
  switchAll: 'Todos',
  enabledFilter: 'Estado',
  unsavedTitle: 'Cambios sin guardar',
  unsavedText: 'Hay cambios sin guardar. Si sale de esta pantalla se perderán.',
  unsavedLeave: 'Salir sin guardar',
  forbiddenCreate: 'No tiene permiso para crear registros en esta sección.',
  /** /dashboard/{section}/create of a section that is a list only (vouchers, reservas, …: issue 32). */
  noCreateScreen: 'Esta sección no tiene formulario de alta.',
  invalidRecord: 'El registro no existe.',
  recordName: (id: number) => `el registro ${id}`,
  /** The promotion wizard's step counter (spec: '1 de 2', '2 de 2'). */
  stepOf: (step: number, total: number) => `${step} de ${total}`,
  nextStep: 'Siguiente',
  previousStep: 'Anterior',
  selectRow: (name: string) => `Seleccionar ${name}`,
  selectPage: 'Seleccionar la página',
  selectedCount: (count: number) => (count === 1 ? '1 seleccionado' : `${count} seleccionados`),
  clearSelection: 'Quitar selección',
  bulkConfirmTitle: 'Estas seguro?',
  bulkConfirmText: (action: string, count: number) =>
    count === 1 ? `${action}: 1 registro seleccionado.` : `${action}: ${count} registros seleccionados.`,
  /** Issue 40: a mixed selection's action runs on the rows that allow it, and says so. */
  bulkConfirmPartial: (action: string, count: number, total: number) =>
    `${action}: se aplicará a ${count} de los ${total} registros seleccionados; los demás no lo admiten.`,
  bulkRunning: 'Procesando...',
  bulkReportTitle: 'Algunos registros no se procesaron',
  bulkReportRow: (name: string, detail: string) => `${name}: ${detail}`,
  bulkRemove: 'Eliminar seleccionados',
  rowActionConfirmText: (action: string, name: string) => `${action}: ${name}`,
  close: 'Cerrar',
  /** A list's count as the server answered it: '14.990', 'más de 10.000', 'unos 15.217'. */
  listCount,
  /** The action that asks a capped or estimated count for the exact one (`?count=exact`). */
  exactCount: 'Contar exactamente',

  /** Column headers and field labels, by API or form field. */
  fields: {
    id: 'Id',
    short_name: 'Abreviatura',
    long_name: 'Nombre',
    url_redirect: 'URL de redirección',
    currency: 'Moneda',
    ident: 'Código numérico',
    country: 'País',
    value: 'Cotización',
    symbol: 'Símbolo',
    is_enabled: 'Habilitada',
    enabled: 'Habilitada',
    phone_contact: 'Teléfono de contacto',
    email_contact: 'Email de contacto',
    created_at: 'Creado',
    updated_at: 'Actualizado',
    countryInfo: 'País',
    country_name: 'País',
    long_name_es: 'Nombre (español)',
    long_name_en: 'Nombre (inglés)',
    long_name_po: 'Nombre (portugués)',
    description: 'Descripción',
    is_multi_cause: 'Cancelación multicausa',
    required_items: 'Comprobantes requeridos (uno por línea)',
    search: 'Buscar',
    sperta_code: 'Código Sperta',
    product: 'Producto',
    product_name: 'Producto',
    sperta_gravado: 'Sperta gravado',
    sperta_no_gravado: 'Sperta no gravado',
    name: 'Nombre',
    surname: 'Apellido',
    email: 'Email',
    phone: 'Teléfono',
    birth_date: 'Fecha de nacimiento',
    doc_type: 'Tipo de documento',
    doc_number: 'Documento',
    nationality: 'Nacionalidad',
    docnumber: 'Número de documento',
    first_name: 'Nombre',
    last_name: 'Apellido',
    desde: 'Desde',
    hasta: 'Hasta',
    date_from: 'Desde',
    date_to: 'Hasta',
    voucher: 'Voucher',
    status: 'Estado',
  },
} as const;
