/**
 * Texts of the Permisos area (Usuarios, Grupos) and of the role rules (spec sections 2, 5, 6).
 * The required messages of section 5 'Admin forms' are copied exactly; the rest are ours.
 */
import { moduleRows, type UserModule } from '../moduleTable';

export const permissionsMessages = {
  // Section 5 'Admin forms', exactly as given.
  emailRequired: 'Ingrese un email',
  passwordRequired: 'Ingrese una contraseña',
  usernameRequired: 'Ingrese un usuario',
  nameRequired: 'Ingrese un nombre',

  // Ours.
  usernameTaken: 'Ya existe un usuario con ese nombre de usuario.',
  emailTaken: 'Ya existe un usuario con ese email.',
  groupNameTaken: 'Ya existe un grupo con ese nombre.',
  unknownGroup: 'El grupo seleccionado no existe.',
  unknownPermission: 'El permiso seleccionado no existe.',
  unknownModule: 'El módulo seleccionado no existe.',
  unknownOffice: 'La oficina seleccionada no existe.',
  mustBeList: 'Ingrese una lista.',
  mustBeText: 'Ingrese un texto.',
  mustBeBoolean: 'Indique sí o no.',
  invalidChoice: 'Seleccione una opción válida.',
  usernameFormat: 'Use solo letras, números y los caracteres @ . + - _',
  cannotGrantSuperuser: 'Solo un superusuario puede otorgar o quitar el rol de superusuario.',
  cannotGrantPermission: (codename: string) => `No puede otorgar un permiso que no posee: ${codename}.`,
  cannotTouchSuperuser: 'Solo un superusuario puede modificar o eliminar a otro superusuario.',
  cannotTouchUserWith: (codename: string) =>
    `No puede modificar ni eliminar un usuario que tiene un permiso que usted no posee: ${codename}.`,
  cannotTouchGroupWith: (codename: string) =>
    `No puede modificar ni eliminar un grupo que tiene un permiso que usted no posee: ${codename}.`,
  cannotDeleteSelf: 'No puede eliminar su propio usuario.',
  cannotDeactivateSelf: 'No puede desactivar su propio usuario ni quitarse el rol de superusuario.',
  // Office scope (issue 28 §2): a scoped user's scope is never widened by an edit it makes.
  outsideOfficeScope: 'El registro quedaría fuera de las oficinas a su alcance.',
  cannotChangeOwnScope: 'No puede cambiar su propia oficina ni sus propios grupos.',
  officeOutsideScope: 'Seleccione una oficina de su árbol de oficinas.',
  groupWidensScope: (name: string) =>
    `No puede asignar el grupo ${name}: sus usuarios ven todas las oficinas.`,
  roleGroupProtected: 'Los grupos de los roles del sistema no se pueden eliminar.',
  groupStatusFirst: 'Elimine primero el estado del grupo.',
  groupStatusExists: 'El grupo ya tiene un estado.',
  fieldNotEditable: (field: string, entity: string) =>
    `No tiene permiso para modificar el campo ${field} ${entity}.`,

  entityLabels: { voucher: 'del voucher', reservation: 'de la reserva' },
  fieldLabels: {
    status: 'estado',
    status_administracion: 'estado de administración',
    observations: 'observaciones',
    pvp: 'precio de venta (pvp)',
    final_price: 'precio final',
    commission: 'comisión',
    net_price: 'precio neto',
    rate_long_name: 'tarifa',
    product_long_name: 'producto',
    promotion_long_name: 'promoción',
    supplier_name: 'proveedor',
    reservation: 'reserva',
    voucher_filter_proveedor: 'filtro de proveedor',
    'pax.name': 'nombre del pasajero',
    'pax.surname': 'apellido del pasajero',
    'pax.phone': 'teléfono del pasajero',
    'pax.doc_type': 'tipo de documento del pasajero',
    'pax.doc_number': 'documento del pasajero',
    'pax.birth_date': 'fecha de nacimiento del pasajero',
    'pax.country': 'país del pasajero',
    'pax.email': 'email del pasajero',
    'pax.nationality': 'nacionalidad del pasajero',
    user: 'usuario',
    user_reservation: 'usuario de la reserva',
    office: 'oficina',
    payment_method: 'medio de pago',
    date_emision: 'fecha de emisión',
    total_price: 'precio total',
    auto_cancel: 'cancelación automática',
    contact_emergency_name: 'nombre del contacto de emergencia',
    contact_emergency_surname: 'apellido del contacto de emergencia',
    contact_emergency_phone: 'teléfono del contacto de emergencia',
    date_in: 'fecha de salida',
    date_out: 'fecha de regreso',
  } as Record<string, string>,

  // Screens (Usuarios, Grupos).
  users: {
    title: 'Usuarios',
    email: 'Email',
    username: 'Usuario',
    password: 'Contraseña',
    passwordEditHint: 'Déjela vacía para no cambiarla.',
    firstName: 'Nombre',
    lastName: 'Apellido',
    isActive: 'Activo',
    isSuperuser: 'Superusuario',
    isStaff: 'Staff',
    userPermissions: 'Permisos',
    groups: 'Grupos',
    office: 'Oficina',
    modules: 'Módulos',
    address: 'Dirección',
    yes: 'Sí',
    no: 'No',
  },
  groups: {
    title: 'Grupos',
    name: 'Nombre',
    allPermissions: 'Permisos',
    search: 'Buscar',
    isActive: 'Activo',
  },
  /** The user modules' names (the module table's). */
  modules: Object.fromEntries(moduleRows().map((row) => [row.module.key, row.module.label])) as Record<
    UserModule,
    string
  >,
} as const;
