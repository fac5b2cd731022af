/** Section titles, menu labels and shell texts (spec section 2). */
import { moduleRows, type SectionRouting } from '../moduleTable';

/** Each section's title: the module table's rows and their own create screens. */
const sections = Object.fromEntries(
  moduleRows().flatMap((row) => [
    [row.key, row.title],
    ...(row.createSection ? [[row.createSection.routing, row.createSection.title]] : []),
  ]),
) as Record<SectionRouting, string>;

export const navigationMessages = {
  sections,
  /** The sidebar's own texts; each module's entry and create entry are in its table row. */
  menu: {
    dashboard: 'Dashboard',
    oficinas: 'Oficinas',
    promociones: 'Promociones',
    bookings: 'Gestión de reservas',
    abm: 'ABM',
    productos: 'Productos',
    permisos: 'Permisos',
  },
  shell: {
    goToMySite: 'Ir a mi sitio',
    goToOldAdmin: 'Ir a Admin viejo',
    changePassword: 'Cambiar contraseña',
    logout: 'Logout',
    notifications: 'Notificaciones',
    noNotifications: 'No hay notificaciones',
    toggleSidebar: 'Mostrar u ocultar el menú',
    mainMenu: 'Menú principal',
    brand: 'Extranet',
    forbiddenSection: 'No tiene permiso para ver esta sección.',
    unknownSection: 'La sección no existe.',
    backToDashboard: 'Volver al inicio',
    sendChangePassword: 'Enviar email',
    changePasswordIntro: (email: string) =>
      `Le enviaremos a ${email} un enlace para elegir una nueva contraseña.`,
    userMenu: 'Menú de usuario',
    underConstruction: 'Sección en construcción',
    underConstructionBody: 'Esta sección todavía no está disponible en esta versión.',
    emptyDashboard: 'No tiene módulos habilitados. Consulte con un administrador.',
    dashboardTitle: 'Inicio',
    footer: (brand: string, year: number) => `© ${year} ${brand}. Todos los derechos reservados.`,
    changePasswordWarning:
      'No podemos autorizar su cambio de contraseña. Verifique que tenga los permisos necesarios y/o intentelo nuevamente.',
    changePasswordSent: 'Le enviamos un email con el enlace para cambiar su contraseña.',
    mySiteError: 'No pudimos abrir su sitio. Inténtelo nuevamente.',
  },
} as const;
