/** Texts shared by every screen. Spec sections 5 and 8. */
import { formatCount } from '../format';

export const commonMessages = {
  genericError: 'Hubo un error',
  genericRetry: 'Hubo un error, por favor inténtelo nuevamente.',
  /** The server answered, but not in the shape the contract describes (a version mismatch). */
  contractMismatch:
    'La respuesta del servidor no tiene el formato esperado. Recargue la página e inténtelo nuevamente.',
  networkError: 'No se pudo conectar con el servidor. Revise su conexión e inténtelo nuevamente.',
  notFound: 'No encontrado.',
  malformedRequest: 'La solicitud no es válida.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  tooManyRequests: 'Demasiados intentos. Espere unos minutos e inténtelo nuevamente.',
  required: 'Este campo es obligatorio.',
  unknownField: 'Campo no permitido.',
  invalidValue: 'Valor inválido.',
  invalidCharacters: 'El texto contiene caracteres no permitidos.',
  /** A JSON body nested deeper than the server reads (issue 28 §1). */
  bodyTooDeep: (max: number) => `La solicitud tiene demasiados niveles anidados (máximo ${max}).`,
  /** A JSON body with more elements than any form sends (issue 28 §1). */
  bodyTooManyElements: (max: number) =>
    `La solicitud tiene demasiados elementos (máximo ${formatCount(max)}).`,
  conflict: 'Otra operación modificó estos datos al mismo tiempo. Inténtelo nuevamente.',
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  mustBeNumeric: 'Ingrese solo números.',
  emailRequired: 'Introduzca una dirección de correo electrónico',
  emailInvalid: 'Formato inválido',
  dateInvalid: 'Ingrese una fecha con formato DD/MM/AAAA',
  dateOutOfRange: 'Fecha fuera de rango',
  loading: 'Cargando...',
  empty: 'No hay resultados.',
  cancel: 'Cancelar',
  save: 'Guardar',
  retry: 'Reintentar',
  close: 'Cerrar',
} as const;
