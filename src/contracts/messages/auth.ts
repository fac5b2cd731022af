/** Staff sign-in, recovery and password texts (spec sections 2, 5 and 8). */

/** A wait in words: '1 segundo', '30 segundos', '2 minutos'. */
export const waitInWords = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
};

export const authMessages = {
  loginTitle: 'Iniciar sesión',
  usernameLabel: 'Email o usuario',
  passwordLabel: 'Password',
  rememberMe: 'Mantener logueado',
  forgotPassword: '¿Olvidó su contraseña?',
  submitLogin: 'Entrar',
  usernameRequired: 'Ingrese su usuario',
  passwordRequired: 'Ingrese su clave',
  loginFailed:
    'Datos inválidos. El nombre de usuario o email es incorrecto. Por favor, verifiquelos y vuelva a intentar.',
  /** Issue 10: the per-account limit of the staff sign-in (growing delays, never a long lockout). */
  accountThrottled: (seconds: number) =>
    `Demasiados intentos fallidos para esta cuenta. Vuelva a intentarlo en ${waitInWords(seconds)}.`,
  /** Issue 10: the per-address limit of the staff sign-in. */
  addressThrottled: (seconds: number) =>
    `Demasiados intentos fallidos desde esta conexión. Vuelva a intentarlo en ${waitInWords(seconds)}.`,
  /**
   * Issue 28 §5: the mail to a staff user whose account someone is guessing (at most one an
   * hour): what happens, that their usual devices are not affected, what to do if it was not them.
   */
  attackMailSubject: 'Intentos fallidos de ingreso a su cuenta',
  attackMailBody: (name: string, failures: number) =>
    `Hola ${name}:\n\nDetectamos ${failures} intentos fallidos seguidos de ingresar a su cuenta con una contraseña incorrecta. Por seguridad, los ingresos desde dispositivos nuevos se demoran hasta 1 minuto mientras continúen los intentos; desde los dispositivos donde usted ya ingresó puede entrar como siempre.\n\nSi fue usted, ignore este mensaje. Si no fue usted, le recomendamos cambiar su contraseña con la opción '¿Olvidó su contraseña?' de la pantalla de ingreso.`,
  /** Issue 10: too many password reset requests from one address, or for one email. */
  resetThrottled: (seconds: number) =>
    `Demasiados pedidos de cambio de contraseña. Vuelva a intentarlo en ${waitInWords(seconds)}.`,
  sessionExpired: 'Su sesión ha caducado. Por favor, vuelva a iniciar sesión.',
  checkEmailAfterReset: 'Su contraseña fue cambiada. Ingrese con su nueva contraseña.',
  recoveryTitle: 'Recuperar contraseña',
  recoveryIntro: 'Ingrese su email y le enviaremos un enlace para cambiar su contraseña.',
  emailLabel: 'Email',
  submitRecovery: 'Cambiar contraseña',
  recoverySent: 'Verifique su email',
  recoverySentBody: 'Le enviamos un enlace para cambiar su contraseña. El enlace vence en 1 hora.',
  backToLogin: 'Volver al login',
  recoverySendAgain: '¿No llegó? Enviar otro email',
  resetFailed:
    'No hemos encontrado ninguna cuenta asociada a este email o no posee permisos para cambiar de contraseña.',
  passwordChangeTitle: 'Cambiar contraseña',
  newPasswordLabel: 'Nueva contraseña',
  confirmPasswordLabel: 'Confirmar contraseña',
  submitPasswordChange: 'Cambiar contraseña',
  passwordChanged: 'Su contraseña fue cambiada',
  loginButton: 'Login',
  passwordMismatch: 'La contraseña no coincide',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooSimilar: 'La contraseña es demasiado similar al nombre de usuario.',
  passwordNewRequired: 'Ingrese una contraseña',
  passwordConfirmRequired: 'Confirme la contraseña',
  insecurePassword: 'Contraseña insegura',
  passwordRules: [
    'Debe tener al menos 8 caracteres.',
    'No puede ser similar a su nombre de usuario.',
    'Ambas contraseñas deben coincidir.',
  ],
  resetTokenInvalid: 'El token de recuperación de contraseña ha expirado o es invalido.',
  verifyingAccess: 'Verificando acceso...',
  accessTokenError: 'No se pudo verificar el acceso. El enlace es inválido o ha expirado.',
  invalidToken: 'Token inválido o expirado.',
  mailSubject: 'Cambio de contraseña',
  mailBody: (name: string, link: string) =>
    `Hola ${name}:\n\nRecibimos un pedido para cambiar su contraseña. Para elegir una nueva, abra este enlace (vence en 1 hora y sirve una sola vez):\n\n${link}\n\nSi usted no lo pidió, ignore este mensaje.`,
} as const;
