/** The claim's document checklist (issue 30 §3): items of the coverage, 'No lo tengo', counters by page. */
export const refundChecklistMessages = {
  checklistIntro:
    'Adjunte cada documento en su lugar. Si no tiene alguno, marque «No lo tengo» e indique el motivo.',
  otherDocuments: 'Otros documentos',
  otherDocumentsIntro: 'Cualquier otro comprobante que quiera agregar.',
  attachFiles: 'Adjuntar archivos',
  takePhoto: 'Sacar foto',
  notAvailable: 'No lo tengo',
  notAvailableReason: 'Motivo',
  itemDone: 'Completo',
  itemEmpty: 'Pendiente',
  itemMissing: 'No lo tiene',
  /** The claim's confirm while required items are neither provided nor marked 'No lo tengo'. */
  checklistIncomplete: (items: readonly string[]) =>
    `Faltan documentos: ${items.join(', ')}. Adjunte un archivo o marque «No lo tengo» con el motivo.`,
  reasonRequired: 'Indique por qué no tiene este documento.',
  reasonTooLong: (max: number) => `El motivo puede tener hasta ${max} caracteres.`,
  /** A file or 'No lo tengo' under an item that is not one of the coverage's documents (400). */
  itemUnknown: (item: string) => `«${item}» no es uno de los documentos de este servicio.`,
  itemRepeated: (item: string) => `«${item}» está marcado más de una vez como «No lo tengo».`,
  itemMissingWithFiles: (item: string) =>
    `«${item}» tiene archivos y está marcado como «No lo tengo»: quite los archivos o desmarque la opción.`,
  /** The pick that would pass the limit, refused at once (pages of a PDF count one file each). */
  pickOverLimit: (max: number, current: number, picked: number) =>
    `Puede cargar hasta ${max} archivos (cada página de un PDF cuenta como un archivo). Ya tiene ${current} y eligió ${picked}: elija menos o quite alguno.`,
  pdfUnreadable: (name: string) => `No se pudo leer el PDF «${name}». Verifique que no esté dañado.`,
  /** Counter: pages, as the limit counts them. */
  filesCount: (count: number, max: number) => `Archivos cargados ${count}/${max}`,
  fileWithPages: (name: string, pages: number) => (pages > 1 ? `${name} (${pages} páginas)` : name),
  // ---- Staff review --------------------------------------------------------------------------
  reviewTitle: 'Lista de documentos por reclamo',
  reviewNoFiles: 'Sin archivos',
  reviewMissingReason: (reason: string) => `No lo tiene: ${reason}`,
  reviewClaim: (coverage: string) => `Reclamo: ${coverage}`,
} as const;
