/**
 * Texts of the traveller's link pages and their mails (issue 17 'Links'; SPEC §2 '/upload_data',
 * '/update_payment_data', §8 'Pending docs', §9 contact within 5 business days). The spec's texts
 * are quoted exactly; the mails and the reasons a link is refused are ours.
 */
export const refundLinksMessages = {
  // /upload_data (SPEC §2).
  pageTitle: 'Reintegros',
  stepUpload: 'Cargar Documentos',
  stepSent: 'Solicitud enviada',
  documentsTitle: 'Documentos',
  filesAllowed: (count: number, max: number) => `Archivos permitidos ${count}/${max}`,
  addDocuments: 'Agregar Documentos',
  commentsLabel: 'Comentarios',
  send: 'Enviar',
  sending: 'Enviando documentación...',
  successTitle: 'Tu solicitud fue enviada',
  successText: 'Se ha procesado el envío de documentación',
  failureTitle: 'Ocurrió un error',
  failureText: 'No se pudo procesar el envío de documentación',
  failureMailbox: (email: string) => `Para continuar con su pedido por favor comuníquese con ${email}`,
  accessErrorTitle: 'No se puede procesar el acceso a la solicitud',
  observations: (text: string) => `Observaciones: ${text}`,
  filesRequired: 'Debe cargar al menos 1 archivo para continuar',
  filesTooMany: (max: number) => `Puede enviar hasta ${max} archivos.`,
  commentTooLong: 'El comentario admite hasta 255 caracteres.',
  removeFile: 'Quitar',
  preparing: 'Preparando archivos...',
  // /update_payment_data (SPEC §2).
  paymentTitle: 'Actualización de datos bancarios requerida',
  paymentIntro:
    'Revisamos tu solicitud de reintegro y necesitamos que completes o corrijas los siguientes datos bancarios para poder realizar el pago.',
  stepUpdate: 'Actualizar datos',
  update: 'Actualizar datos',
  updating: 'Enviando datos...',
  paymentSentText:
    'Recibimos tus datos bancarios. Nos pondremos en contacto dentro de los próximos 5 días hábiles.',
  paymentFailureText: 'No se pudieron actualizar los datos bancarios.',
  // Why a link is refused (the server's message under the access error).
  linkInvalid: 'El enlace no es válido. Verifique que esté completo, tal como llegó en el correo.',
  linkExpired: (email: string) => `El enlace venció. Solicite uno nuevo escribiendo a ${email}.`,
  linkUsed: 'Esta solicitud ya fue respondida.',
  linkReplaced: 'El enlace ya no está vigente: se le envió uno más reciente.',
  linkThrottled: 'Demasiados intentos con enlaces no válidos. Espere unos minutos y vuelva a intentarlo.',
  fileUnknown: 'Alguno de los archivos no fue cargado con este enlace.',
  // Mails.
  documentsMailSubject: (refundId: number) => `Reintegro N° ${refundId}: documentación requerida`,
  documentsMailBody: (input: {
    name: string;
    refundId: number;
    documents: readonly string[];
    maxFiles: number;
    observations: string;
    link: string;
    expires: string;
    mailbox: string;
    brand: string;
  }) =>
    [
      `Hola ${input.name}:`,
      '',
      `Para continuar con tu reintegro N° ${input.refundId} necesitamos la siguiente documentación:`,
      ...input.documents.map((document) => `- ${document}`),
      '',
      ...(input.observations ? [`Observaciones: ${input.observations}`, ''] : []),
      `Podés enviar hasta ${input.maxFiles} archivos (jpg, png o pdf) desde este enlace:`,
      input.link,
      '',
      `El enlace vence el ${input.expires} y sirve para un solo envío. Consultas: ${input.mailbox}.`,
      '',
      input.brand,
    ].join('\n'),
  bankDataMailSubject: (refundId: number) => `Reintegro N° ${refundId}: actualización de datos bancarios`,
  bankDataMailBody: (input: {
    name: string;
    refundId: number;
    fields: readonly string[];
    observations: string;
    link: string;
    expires: string;
    mailbox: string;
    brand: string;
  }) =>
    [
      `Hola ${input.name}:`,
      '',
      `Para pagar tu reintegro N° ${input.refundId} necesitamos que actualices estos datos bancarios:`,
      ...input.fields.map((field) => `- ${field}`),
      '',
      ...(input.observations ? [`Observaciones: ${input.observations}`, ''] : []),
      'Podés hacerlo desde este enlace:',
      input.link,
      '',
      `El enlace vence el ${input.expires} y sirve para un solo envío. Consultas: ${input.mailbox}.`,
      '',
      input.brand,
    ].join('\n'),
  // The claim dialog (issue 17 'The portal loses nothing').
  preparedCount: (count: number) => `${count} archivos con las páginas de los PDF`,
  phoneInternationalInvalid:
    'Ingrese un teléfono válido con el código de país, por ejemplo +54 9 11 3012-3456.',
  submittedTitle: 'Tus solicitudes de reintegro',
  submittedIntro: 'Ya enviaste estas solicitudes para este voucher. Así están hoy:',
  submittedItem: (id: number, date: string) => `Solicitud N° ${id} del ${date}`,
  statusLabel: 'Estado',
  askedDocuments: 'Te pedimos documentación:',
  askedBankData: 'Te pedimos actualizar datos bancarios:',
  answerDocuments: 'Enviar documentación',
  answerBankData: 'Actualizar datos bancarios',
  newRefund: 'Solicitar otro reintegro',
  newRefundNote: 'Solo para gastos que no incluiste en las solicitudes anteriores.',
  /** Issue 40 (traveller reach): the login past the 30-day window opens the status only. */
  claimWindowClosed:
    'Ya pasaron los 30 días posteriores a la finalización de la vigencia del voucher: no es posible solicitar nuevos reintegros, pero puedes seguir aquí el estado de tus solicitudes.',
  refundNumber: (id: number) => `Número de solicitud: ${id}`,
  recoveredOverPaid: 'El monto recuperado no puede superar el monto pagado.',
  confirmationMailSubject: (refundId: number) => `Reintegro N° ${refundId}: recibimos tu solicitud`,
  confirmationMailBody: (input: {
    name: string;
    refundId: number;
    claims: readonly { coverage: string; date: string; currency: string; amount: string }[];
    mailbox: string;
    brand: string;
    /** Issue 30 §2: the status page (the portal's login). */
    statusLink: string;
  }) =>
    [
      `Hola ${input.name}:`,
      '',
      `Recibimos tu solicitud de reintegro N° ${input.refundId}. Nuestro equipo la está revisando y te contactaremos con novedades a la brevedad.`,
      '',
      'Reclamos:',
      ...input.claims.map(
        (claim) => `- ${claim.coverage} (${claim.date}): ${claim.currency} ${claim.amount}`,
      ),
      '',
      `Guardá el número de solicitud (N° ${input.refundId}). Podés ver el estado de tu solicitud ingresando con tu voucher y documento en: ${input.statusLink}`,
      '',
      input.brand,
      '',
      `Consultas sobre tu reintegro: escribinos a ${input.mailbox}.`,
    ].join('\n'),
  // POST /refund_download_file/.
  downloadNothing: 'Elija al menos un archivo para descargar.',
  downloadTooMany: (max: number) => `Puede descargar hasta ${max} archivos a la vez.`,
  /** Issue 39: the zip is made in memory on the request, so its files are bounded in bytes too. */
  downloadTooLarge: (megabytes: number) =>
    `Los archivos elegidos suman más de ${megabytes} MB: descárguelos en partes.`,
  fileNotFound: 'Alguno de los archivos no existe o no pertenece a un reintegro.',
  /** Issue 39: an image is re-encoded after the upload answered; these say why it cannot be served. */
  fileRefused: (name: string) =>
    `El archivo «${name}» está dañado y no se puede mostrar. Pida al viajero que lo envíe de nuevo.`,
  fileNotReady: 'El archivo se está preparando. Vuelva a intentarlo en unos segundos.',
  // Staff history entries.
  historyDocuments: 'Documentación enviada por el viajero',
  historyBankData: 'Datos bancarios actualizados por el viajero',
} as const;
