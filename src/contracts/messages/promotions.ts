/**
 * Texts of Promociones and the promotion wizard (issue 14; SPEC §2 'Promociones', 'Promotions
 * wizard'; §5 'Promotion wizard'; §8). The wizard's three refusals are the spec's words; the rest
 * are ours.
 */
export const promotionsMessages = {
  /** SPEC §5 'Promotion wizard'. */
  productRequired: 'Debe ingresar un producto',
  officesRequired: 'Debe ingresar al menos una oficina',
  saleOneProduct: 'No puede ingresar más de un producto en Promociones Venta',

  shortNameRequired: 'Ingrese una abreviatura',
  longNameRequired: 'Ingrese un Nombre',
  descriptionRequired: 'Ingrese una descripción',
  dateRequired: 'Ingrese fecha',
  totalDaysRequired: 'Ingrese la cantidad de días',
  totalDaysInvalid: 'La cantidad de días debe ser un número entero entre 1 y 365',
  typeRequired: 'Seleccione el tipo de promoción',
  dateToBeforeFrom: 'La fecha hasta debe ser igual o posterior a la fecha desde.',
  travelBeforeReservation:
    'El período de viaje no puede terminar antes de que empiece el período de reserva.',
  productTwice: 'El producto ya está en la promoción; elija otro.',
  productNotFound: 'El producto elegido no existe; elija otro.',
  officeNotFound: 'Alguna oficina elegida no existe; vuelva a elegirlas.',
  officeNotAllowed: (names: string) =>
    `En una promoción de proveedor solo se eligen oficinas que tengan asignados todos los productos elegidos: ${names}`,
  promotionProductNotFound: 'El producto ya no está en la promoción.',
  tooManyItems: 'Demasiados elementos en una sola operación.',

  types: { venta: 'Venta', proveedor: 'Proveedor' },

  fields: {
    short_name: 'Abreviatura',
    long_name: 'Nombre',
    description: 'Descripción',
    reservation_date_from: 'Reserva desde',
    reservation_date_to: 'Reserva hasta',
    travel_date_from: 'Viaje desde',
    travel_date_to: 'Viaje hasta',
    total_days: 'Días totales',
    promotion_type: 'Tipo de promoción',
  },

  detail: {
    title: (name: string) => `Promoción: ${name}`,
    data: 'Datos de la promoción',
    products: 'Productos de la promoción',
    noProducts: 'La promoción todavía no tiene productos. Use «Agregar producto» para asignarle uno.',
    addProduct: 'Agregar producto',
    saleFull: 'Una promoción de venta tiene un solo producto: quítelo para asignar otro.',
    offices: (count: number) => `${count} ${count === 1 ? 'oficina' : 'oficinas'}`,
    viewOffices: 'Ver oficinas',
    editOffices: 'Editar oficinas',
    remove: 'Quitar',
    confirmRemove: (product: string) =>
      `¿Quitar «${product}» de la promoción? Se quitan también sus oficinas asignadas.`,
    confirm: 'Sí, quitar',
    cancel: 'Cancelar',
    removed: 'Producto quitado de la promoción.',
    removeFailed: 'No se pudo quitar el producto. Inténtelo nuevamente.',
    loadFailed: 'No se pudo cargar la promoción. Inténtelo nuevamente.',
    back: 'Volver al listado',
    backToPromotion: 'Volver a la promoción',
    edit: 'Editar promoción',
    /** Issue 14, §7 CHECK_EXPORT_VOUCHERS / CHECK_EXPORT_OFFICES. */
    /** The offices view (idPromotionProductOffices, view=show). */
    officesTitle: (product: string) => `Oficinas de ${product} en la promoción`,
    noOffices: 'El producto no tiene oficinas asignadas.',
    exportVouchers: 'Exportar vouchers',
    exportOffices: 'Exportar oficinas',
  },
  /** The promotion exports' refusals (GET /promotion_voucher_report/, /promotion_office_report/). */
  exportPromotionRequired: 'Indique la promoción a exportar (su número).',
  exportPromotionNotFound: 'La promoción no existe.',

  wizard: {
    title: 'Asignar productos a la promoción',
    editTitle: (product: string) => `Editar oficinas de ${product}`,
    showTitle: (product: string) => `Oficinas de ${product}`,
    steps: ['Asignar producto', 'Asignar oficinas'] as readonly string[],
    editSteps: ['Asignar oficinas'] as readonly string[],
    back: 'Volver',
    next: 'Siguiente',
    finish: 'Finalizar',
    applyAndNext: 'Aplicar y asignar nuevo producto',
    product: 'Producto',
    productSearch: 'Buscar producto',
    productPlaceholder: 'Escriba para buscar un producto',
    noProductMatches: 'Ningún producto coincide con la búsqueda.',
    add: 'Agregar',
    chosenProducts: 'Productos elegidos',
    removeChosen: (name: string) => `Quitar ${name}`,
    saleHint: 'Promoción de venta: un solo producto.',
    providerHint:
      'Promoción de proveedor: varios productos; las oficinas se limitan a las que tienen asignados todos los productos elegidos.',
    searchBy: 'Buscar por',
    searchModes: {
      name: 'Nombre',
      bussines_unit_name: 'Unidad de negocio',
      tag_name: 'Tags',
      country_name: 'País',
    },
    search: 'Buscar oficina',
    searchButton: 'Buscar',
    pageSize: 'Filas por página',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    previous: 'Anterior',
    nextPage: 'Siguiente página',
    selectPage: 'Seleccionar la página',
    selectAll: (count: number) => `Seleccionar las ${count} que coinciden`,
    clearSelection: 'Quitar selección',
    selected: (count: number) => `${count} ${count === 1 ? 'oficina elegida' : 'oficinas elegidas'}`,
    noOffices: 'Ninguna oficina coincide con la búsqueda.',
    officeColumns: { name: 'Oficina', country: 'País', enabled: 'Habilitada' },
    loadFailed: 'No se pudieron cargar los datos del asistente. Inténtelo nuevamente.',
    officesFailed: 'No se pudieron cargar las oficinas. Inténtelo nuevamente.',
    retry: 'Reintentar',
    saving: 'Guardando…',
    saved: 'Asignación guardada.',
    savedNext: 'Asignación guardada. Elija el próximo producto.',
    /** The toast after Finalizar (issue 32). */
    assigned: 'Promoción: productos y oficinas asignados.',
    officesSaved: 'Promoción: oficinas guardadas.',
  },
} as const;
