/**
 * Texts of the public refund portal (SPEC §2 'Public refund portal', §5 refund rules, §8 refund
 * errors, §9 limits). Texts the spec quotes are copied exactly, typos included ('ponganse en
 * contanto'); the rest (labels the spec names without quoting) are written in the same register.
 * `{email}` in `failureBody` is the refund support mailbox (config `refundSupportEmail`).
 */
export const refundMessages = {
  // ---- Login (/refund) ---------------------------------------------------------------------
  loginTitle: 'Solicitud de reintegro',
  documentLabel: 'Documento',
  documentPlaceholder: 'Número de documento',
  voucherIdLabel: 'Voucher',
  voucherIdPlaceholder: 'Número de voucher',
  loginButton: 'Continuar',
  /** SPEC §2 / §9: the 30-day rule note under the login form. */
  thirtyDayNote:
    'Recuerde que el reintegro debe solicitarse dentro de los 30 días posteriores a la finalización de la vigencia del voucher.',
  documentRequired: 'Ingrese su documento',
  voucherIdRequired: 'Ingrese su número de voucher',
  /**
   * The ONE login failure message (wrong pair, unknown voucher, cancelled or past the 30 days):
   * it never says which part failed.
   */
  loginFailed:
    'No encontramos un voucher habilitado para solicitar reintegros con el documento y el número de voucher ingresados. Verifique los datos; recuerde que el reintegro debe solicitarse dentro de los 30 días posteriores a la finalización de la vigencia del voucher y que un voucher cancelado no admite reintegros.',
  tooManyAttempts: 'Demasiados intentos. Espere unos minutos e inténtelo nuevamente.',
  /** The refund access token is missing, expired or for another voucher. */
  accessExpired:
    'Su sesión de reintegro ha caducado. Por favor, vuelva a ingresar con su documento y voucher.',
  /**
   * Issue 40 (traveller reach): the token was replaced by a later login with the same voucher and
   * document (another device or tab), or that session was closed ('Salir', a sent request).
   */
  sessionReplaced:
    'Su sesión de reintegro se abrió en otro dispositivo o pestaña, o se cerró desde allí. Vuelva a ingresar para continuar.',

  // ---- Wizard (/ and /dashboardRefund) -----------------------------------------------------
  wizardTitle: 'Solicitud de reintegros',
  steps: ['Datos personales', 'Carga de reintegros', 'Datos del pago'] as const,
  previousButton: 'Anterior',
  continueButton: 'continuar',
  finishButton: 'finalizar',

  // Step 0 'Datos personales'
  applicantTitle: 'Datos personales',
  nameLabel: 'Nombre',
  surnameLabel: 'Apellido',
  docNumberLabel: 'Número de documento',
  voucherLabel: 'Voucher',
  emailLabel: 'Email',
  phoneLabel: 'Teléfono',
  nameRequired: 'Ingrese un nombre',
  surnameRequired: 'Ingrese un apellido',
  docNumberRequired: 'Ingrese un numero de documento',
  voucherRequired: 'Ingrese su número de voucher',
  emailInvalid: 'Introduce un email válido',
  phoneRequired: 'Ingrese un Telefono',
  phoneNumeric:
    'Escriba el teléfono solo con números, o con el código de país (por ejemplo +57 601 3456789).',

  // Step 1 'Carga de reintegros'
  claimsTitle: 'Selección y carga de reintegros',
  loadClaimsButton: 'Cargar reintegros',
  addClaimButton: 'Agregar reintegro',
  removeClaimButton: 'Remover',
  claimsRequired: 'Debe cargar al menos una cobertura para continuar.',
  commentLabel: 'Comentarios',
  commentPlaceholder: 'Comentario (opcional)',
  commentHint: 'Cuando haya cargado todos sus reintegros, elija CONTINUAR.',
  commentTooLong: 'El comentario puede tener hasta 255 caracteres.',
  // Claim cards
  cardCoverage: 'Servicio',
  cardCountry: 'País del evento',
  cardDate: 'Fecha del evento',
  cardCurrency: 'Moneda de gasto',
  cardAmount: 'Monto solicitado',
  cardFiles: (count: number) => (count === 1 ? '1 archivo' : `${count} archivos`),

  // Claim dialog 'Carga de reintegro'
  claimDialogTitle: 'Carga de reintegro',
  claimDialogSubmit: 'Cargar Reintegro',
  claimDialogClose: 'Cerrar',
  sinisterCountryLabel: 'País donde ocurrió el evento',
  sinisterCountryRequired: 'Seleccione el país donde ocurrió el evento',
  sinisterDateLabel: 'Fecha del evento',
  sinisterDatePlaceholder: '__/__/____',
  sinisterDateRequired: 'Ingrese la fecha del evento',
  dateInvalid: 'Ingrese una fecha con formato DD/MM/AAAA',
  dateOutOfRange: 'Fecha fuera de rango',
  /** Issue 17: the event happened while the voucher was valid. */
  dateOutsideValidity: (from: string, to: string) =>
    `La fecha del evento debe estar dentro de la vigencia del voucher (${from} al ${to}).`,
  coverageLabel: 'Servicio a reintegrar',
  coverageRequired: 'Seleccione el servicio a reintegrar',
  coverageUnknown: 'El servicio elegido no corresponde a su voucher.',
  coverageRepeated: 'Este servicio ya fue cargado.',
  requiredItemsWarning: 'Para este servicio debe adjuntar:',
  currencyLabel: 'Moneda de gasto',
  currencyRequired: 'Seleccione la moneda de gasto',
  amountLabel: 'Monto solicitado',
  amountPlaceholder: '0,00',
  amountRequired: 'Ingrese el monto solicitado',
  amountInvalid: 'Ingrese un monto válido: hasta 7 dígitos enteros y 2 decimales, sin signo negativo.',
  amountNotPositive: 'El monto debe ser mayor a 0.',
  filesLabel: 'Comprobantes',
  addFilesButton: 'Agregar archivos',
  removeFileButton: 'Quitar',
  filesRequired: 'Debe cargar al menos 1 archivo para continuar',
  filesTooMany: (max: number) => `Puede cargar hasta ${max} archivos.`,
  filesCount: (count: number, max: number) => `Archivos cargados ${count}/${max}`,
  /** SPEC §5 alert for a bad extension (the spec's '...' ends the list it quotes). */
  badExtension: 'Las extensiones admitidas son jpg, png, pdf, jpeg',
  /** Issue 40 (traveller reach): an allowed name whose bytes are not an image or PDF, at the pick. */
  fileContentMismatch: (name: string) =>
    `El archivo «${name}» no es una imagen JPG o PNG ni un PDF, aunque su nombre lo indique. Elija otro archivo.`,
  duplicateFileName: 'Ya cargó un archivo con ese nombre.',
  duplicateFile: 'El mismo archivo fue cargado más de una vez.',
  draftStale:
    'La solicitud se modificó desde otra pestaña o dispositivo. Lo que cambie aquí no se guardará hasta que cargue la última versión guardada.',
  /** Issue 39: a draft's data past its size bound (64 KB as JSON). */
  draftTooLarge: (kilobytes: number) =>
    `La solicitud guardada supera el máximo de ${kilobytes} KB. Quite datos o envíe la solicitud.`,
  draftSaveFailed: 'No se pudo guardar el borrador. Sus datos siguen en pantalla; vuelva a intentarlo.',
  draftSaved:
    'Guardamos su solicitud. Puede cerrar esta ventana y continuar después ingresando con el mismo documento y voucher.',
  saveAndContinueLater: 'Guardar y seguir después',
  draftRetry: 'Reintentar guardado',
  /** Issue 40 (traveller reach): after a 401 on a save, what stays and how to go on. */
  draftSignedOutKept: 'Lo que ve en pantalla se conserva: vuelva a ingresar aquí para seguir guardando.',
  draftSignIn: 'Volver a ingresar',
  /** Issue 30 §1: after a 409, the newer draft replaces what this tab shows. */
  draftLoadNewer: 'Cargar la última versión guardada',
  /** After the login, while the server draft is read. */
  draftResuming: 'Recuperando su solicitud guardada...',
  fileUnknown: 'Uno de los archivos no existe o no pertenece a este voucher. Vuelva a cargarlo.',
  preparingFiles: 'Preparando archivos...',
  uploadingFiles: 'Subiendo archivos...',
  // Issue 30 §4: a file picked while another uploads waits its turn.
  uploadWaiting: (name: string) => `${name} (en espera para subir)`,
  fileConversionFailed: 'No se pudo procesar el archivo. Pruebe con otro archivo o vuelva a intentarlo.',
  uploadFailed: 'No se pudieron subir los archivos. Vuelva a intentarlo.',
  uploadRefusedType: 'El archivo no es una imagen JPG o PNG ni un PDF válido.',
  uploadTooLarge: 'El archivo supera el tamaño máximo de 10 MB.',
  uploadRequestTooLarge: 'Los archivos superan el tamaño máximo de 60 MB por envío.',
  uploadNoFiles: 'No se recibió ningún archivo.',
  /** Issue 10: the server decodes every upload; these say why one was refused. */
  uploadNotDecodable:
    'El archivo está dañado o no es la imagen o el PDF que dice ser. Pruebe con otro archivo.',
  uploadImageTooBig: (megapixels: number) =>
    `La imagen es demasiado grande (máximo ${megapixels} megapíxeles). Envíe una foto de menor resolución.`,
  uploadPdfActive:
    'El PDF contiene contenido activo (JavaScript, acciones automáticas o archivos adjuntos) y no se acepta. Imprímalo como PDF o envíe una foto del documento.',
  /** Issue 39: the server's queue of receipts to read is full (503 with Retry-After). */
  uploadBusy: (minutes: number) =>
    `Estamos recibiendo muchos comprobantes en este momento. Vuelva a intentarlo en ${minutes} minutos; no se guardó ningún archivo de este envío.`,
  uploadQuotaExceeded: (megabytes: number) =>
    `Alcanzó el límite de ${megabytes} MB de archivos cargados para esta solicitud. Los archivos que no se envíen con una solicitud se liberan en 24 horas.`,

  // Multi-cause cancellation (penalty letter)
  multiCauseTitle: 'Carta de penalidad',
  multiCauseIntro:
    'Seleccione los servicios cancelados e indique, para cada uno, el monto pagado y el monto recuperado.',
  alojamientos: 'Alojamientos',
  transporte: 'Transporte',
  vuelos: 'Vuelos',
  trenes: 'Trenes',
  bus: 'Bus',
  crucero: 'Crucero',
  transfer: 'Transfer',
  excursiones: 'Excursiones',
  otro: 'Otro',
  nombreServicioLabel: 'Nombre del servicio',
  montoPagadoLabel: 'Monto pagado',
  montoRecuperadoLabel: 'Monto recuperado',
  serviceRequired: 'Debe seleccionar al menos un servicio',
  transportServiceRequired: 'Debe seleccionar al menos un servicio de transporte',
  montoPagadoRequired: 'Ingrese el monto pagado',
  montoRecuperadoRequired: 'Ingrese el monto recuperado',
  nombreServicioRequired: 'Ingrese el nombre del servicio',

  // Step 2 'Datos del pago'
  paymentTitle: 'Datos de la cuenta',
  refundMethodLabel: 'Destinatario del reintegro',
  paymentMethodLabel: 'Método de pago',
  ownerLabel: 'Titular de la cuenta',
  bankLabel: 'Banco',
  bankPlaceholder: 'Seleccione un banco',
  accountTypeLabel: 'Tipo de cuenta',
  accountNumberLabel: 'Número de cuenta',
  cbuLabel: 'CBU',
  aliasLabel: 'Alias',
  cbuOrAliasHint: 'Ingrese el CBU o el alias de la cuenta.',
  cuitCuilLabel: 'CUIT/CUIL',
  rutLabel: 'RUT',
  cedulaLabel: 'Cédula',
  adressLabel: 'Dirección',
  phonePaymentLabel: 'Teléfono',
  swiftLabel: 'SWIFT',
  paymentDocNumberLabel: 'Número de documento',
  bankAdressLabel: 'Dirección del banco',
  /** SPEC §5: for PER the bank_adress field is labelled CCI. */
  cciLabel: 'CCI',
  /** Issue 40: a CCI whose check digits do not follow the published rule is confirmed, never stored silently. */
  cciConfirmLabel: 'Confirmo que el CCI es correcto',
  cciConfirmRequired:
    'Los dígitos de control del CCI no coinciden con la regla publicada. Revise el número; si es correcto, marque «Confirmo que el CCI es correcto».',
  cciUnverified:
    'CCI sin verificar: sus dígitos de control no coinciden con la regla publicada y el viajero confirmó el número. Verifíquelo con el banco antes de pagar.',
  cableLabel: 'CLABE',
  baWireLabel: 'ABA',
  ibanLabel: 'IBAN',
  authorizationLetterLabel: 'Carta de autorización',
  authorizedDocumentLabel: 'Documento del autorizado',
  authorizationIntro:
    'Para autorizar a un tercero, adjunte la carta de autorización firmada y una foto del documento de identidad de la persona autorizada.',
  downloadAuthorizationLetter: 'Descargar modelo de carta de autorización',
  fieldRequired: 'Este campo es obligatorio.',
  paymentMethodInvalid: 'El único método de pago disponible es Transferencia.',
  refundMethodInvalid: 'Elija Cuenta propia o Autorizar a tercero.',
  bankInvalid: 'Seleccione un banco de la lista.',
  accountTypeInvalid: 'Seleccione un tipo de cuenta de la lista.',
  accountNumberInvalid: 'El número de cuenta solo puede contener letras, números y guiones.',
  cedulaInvalid: 'La cédula debe tener entre 5 y 12 dígitos, sin puntos ni guiones.',
  phoneInvalid: 'El teléfono solo puede contener números.',
  docNumberInvalid: 'El documento solo puede contener letras y números.',
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  authorizationFilesRequired: 'Debe cargar al menos 1 archivo para continuar',
  authorizationFilesTooMany: 'Puede cargar hasta 5 archivos.',

  // ---- Final screen ------------------------------------------------------------------------
  sending: 'Enviando su solicitud...',
  successTitle: '¡Hemos recibido tu solicitud!',
  successBody: 'Nuestro equipo la está revisando y te contactaremos con novedades a la brevedad.',
  failureTitle: 'Hubo un error en la creación de su solicitud',
  failureBody: 'Para continuar con su pedido por favor ponganse en contanto con {email}',
  homeButton: 'Inicio',
  redirectNote: 'En unos segundos serás redireccionado al inicio',

  // ---- Server-side refusals of a submission --------------------------------------------------
  submissionInvalid: 'La solicitud no es válida. Revise los datos e inténtelo nuevamente.',
  applicantMismatch: 'Los datos no corresponden al voucher con el que ingresó.',
  idempotencyKeyInvalid: 'Falta la clave de envío de la solicitud.',
  /** The model authorization letter (a PDF served by GET /api/refund_data/authorization-letter/). */
  authorizationLetterDocument: {
    title: 'CARTA DE AUTORIZACIÓN DE COBRO DE REINTEGRO',
    documentTitle: 'Carta de autorización',
    place: (blank: string) => `Lugar y fecha: ${blank}`,
    addressee: (brandName: string) => `Señores ${brandName}`,
    present: 'Presente',
    paragraphs: (brandName: string, blank: string, short: string) => [
      `Por medio de la presente, yo, ${blank} (nombre y apellido del titular del voucher), documento de identidad N° ${short}, titular del voucher N° ${short}, autorizo a ${blank} (nombre y apellido de la persona autorizada), documento de identidad N° ${short}, a recibir en su cuenta bancaria el pago del reintegro que solicité por los gastos cubiertos por mi asistencia al viajero.`,
      `Datos de la cuenta de la persona autorizada: banco ${blank}, tipo de cuenta ${short}, número de cuenta / CBU / IBAN ${blank}.`,
      `Declaro que el pago realizado en la cuenta de la persona autorizada cancela la obligación de ${brandName} respecto de este reintegro, y que adjunto una copia del documento de identidad de la persona autorizada.`,
    ],
    holderSignature: (blank: string) => `Firma del titular del voucher: ${blank}`,
    authorizedSignature: (blank: string) => `Firma de la persona autorizada: ${blank}`,
    printedName: (blank: string) => `Aclaración: ${blank}`,
    instructions: 'Adjunte esta carta firmada y una foto del documento de la persona autorizada.',
  },
} as const;

/** Fills `{email}` in a message (the refund support mailbox). */
export function withSupportEmail(text: string, email: string): string {
  return text.replaceAll('{email}', email);
}
