/**
 * The traveller's terms page (issue 28 §4): the page the terms mail links to, which shows the
 * conditions of the voucher's product and records the acceptance only when the traveller presses
 * 'Acepto' (a POST; opening the link changes nothing).
 */
export const termsMessages = {
  title: 'Condiciones generales',
  intro: (voucher: number, product: string) =>
    `Condiciones generales del producto ${product} de su voucher N° ${voucher}.`,
  supplier: 'Proveedor',
  rate: 'Tarifa',
  validity: (from: string, to: string) => `Vigencia: del ${from} al ${to}.`,
  coveragesTitle: 'Coberturas incluidas',
  coverage: 'Cobertura',
  description: 'Detalle',
  limit: 'Límite',
  noLimit: 'Sin límite indicado',
  noCoverages: 'Consulte las coberturas del producto con su agencia.',
  acceptHint: 'Al presionar "Acepto" declara haber leído y aceptado estas condiciones.',
  accept: 'Acepto',
  accepting: 'Registrando su aceptación...',
  acceptedTitle: 'Aceptación registrada',
  acceptedAt: (when: string) => `Usted aceptó estas condiciones el ${when}.`,
  acceptFailed: 'No se pudo registrar su aceptación. Inténtelo nuevamente.',
  linkInvalid: 'El enlace de las condiciones no es válido.',
  /** Issue 39: the link's expiry has passed (or it was mailed before links expired). */
  linkLapsed:
    'El enlace de las condiciones venció. Pida a su agencia que le envíe las condiciones nuevamente.',
  lapsedTitle: 'El enlace venció',
  linkThrottled:
    'Demasiados enlaces inválidos desde su conexión. Espere unos minutos e inténtelo nuevamente.',
  accessErrorTitle: 'No pudimos abrir las condiciones',
  retry: 'Reintentar',
} as const;
