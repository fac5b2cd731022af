/**
 * Texts of the decisions told to the traveller (issue 30 §2): the mails on approval, payment and
 * rejection, the status page's timeline, a link refused because the claim was decided, and the
 * staff-side texts issue 30 §4 changed (read-only roles, the payment reference, the history's
 * public actors). Ours: the spec shows only that a status exists (§3 Refund).
 */

/** One claim's line in the approval mail and on the status page. */
export interface ApprovedClaimLine {
  coverage: string;
  /** 'EUR 90,00', formatted with src/contracts/format.ts. */
  approved: string;
  claimed: string;
}

const signature = (mailbox: string, brand: string) => [
  '',
  `Ante cualquier consulta escribinos a ${mailbox}.`,
  '',
  brand,
];

export const refundDecisionsMessages = {
  // Mails (each links to the status page: the portal's login, which shows the claims).
  approvedMailSubject: (refundId: number) => `Reintegro N° ${refundId}: solicitud aprobada`,
  approvedMailBody: (input: {
    name: string;
    refundId: number;
    claims: readonly ApprovedClaimLine[];
    totals: readonly string[];
    statusLink: string;
    mailbox: string;
    brand: string;
  }) =>
    [
      `Hola ${input.name}:`,
      '',
      `Aprobamos tu solicitud de reintegro N° ${input.refundId}. Montos aprobados:`,
      ...input.claims.map((claim) => `- ${claim.coverage}: ${claim.approved} (reclamado ${claim.claimed})`),
      '',
      ...input.totals.map((total) => `Total aprobado: ${total}`),
      '',
      'Te avisaremos por correo cuando el pago esté hecho. Podés ver el estado de tu solicitud en:',
      input.statusLink,
      ...signature(input.mailbox, input.brand),
    ].join('\n'),
  paidMailSubject: (refundId: number) => `Reintegro N° ${refundId}: pago realizado`,
  paidMailBody: (input: {
    name: string;
    refundId: number;
    totals: readonly string[];
    date: string;
    reference: string;
    statusLink: string;
    mailbox: string;
    brand: string;
  }) =>
    [
      `Hola ${input.name}:`,
      '',
      `Pagamos tu reintegro N° ${input.refundId}.`,
      ...input.totals.map((total) => `Monto pagado: ${total}`),
      `Fecha de pago: ${input.date}`,
      ...(input.reference ? [`Referencia del pago: ${input.reference}`] : []),
      '',
      'Podés ver el estado de tu solicitud en:',
      input.statusLink,
      ...signature(input.mailbox, input.brand),
    ].join('\n'),
  rejectedMailSubject: (refundId: number) => `Reintegro N° ${refundId}: solicitud rechazada`,
  rejectedMailBody: (input: {
    name: string;
    refundId: number;
    reason: string;
    statusLink: string;
    mailbox: string;
    brand: string;
  }) =>
    [
      `Hola ${input.name}:`,
      '',
      `Revisamos tu solicitud de reintegro N° ${input.refundId} y no pudimos aprobarla.`,
      `Motivo: ${input.reason}`,
      '',
      'Podés ver el estado de tu solicitud en:',
      input.statusLink,
      ...signature(input.mailbox, input.brand),
    ].join('\n'),
  // A link refused because the claim was decided (instead of 'se le envió uno más reciente').
  linkDecided: (outcome: string) =>
    `La solicitud ya fue resuelta: ${outcome}. Puede ver el detalle ingresando al portal de reintegros.`,
  /** A link closed because staff put the claim back in review without a newer request. */
  linkClosed: 'El enlace ya no está vigente: la solicitud volvió a revisión.',
  // The status page.
  timelineTitle: 'Historial de la solicitud',
  timeline: {
    received: 'Solicitud recibida',
    in_review: 'En revisión',
    documents_requested: 'Te pedimos documentación',
    documents_sent: 'Enviaste la documentación',
    bank_data_requested: 'Te pedimos datos bancarios',
    bank_data_sent: 'Enviaste los datos bancarios',
    approved: 'Aprobada',
    paid: 'Pagada',
    rejected: 'Rechazada',
  },
  rejectionReason: 'Motivo del rechazo',
  approvedAmounts: 'Montos aprobados',
  approvedLine: (coverage: string, approved: string, claimed: string) =>
    `${coverage}: ${approved} (reclamado ${claimed})`,
  approvedTotal: (total: string) => `Total aprobado: ${total}`,
  paidTotal: (total: string) => `Monto pagado: ${total}`,
  paidOn: (date: string) => `Fecha de pago: ${date}`,
  paidReference: (reference: string) => `Referencia del pago: ${reference}`,
  askedNow: 'Lo que necesitamos ahora',
  nothingAsked: 'Por ahora no necesitamos nada más de tu parte.',
  refreshFailed: 'No se pudo actualizar el estado. Se muestra el de su ingreso.',
  // Staff side (issue 30 §4).
  readOnlyRole: 'Su rol solo permite consultar reintegros: no puede cambiar su estado.',
  referenceLabel: 'Referencia del pago (opcional)',
  referenceTooLong: 'La referencia admite hasta 100 caracteres.',
  bankFieldNotForCountry: (country: string) => `Ese dato bancario no corresponde a ${country}.`,
  service: {
    alojamientos: 'Alojamientos',
    'transporte.vuelos': 'Transporte: vuelos',
    'transporte.trenes': 'Transporte: trenes',
    'transporte.bus': 'Transporte: bus',
    'transporte.crucero': 'Transporte: crucero',
    'transporte.transfer': 'Transporte: transfer',
    excursiones: 'Excursiones',
    otro: 'Otro',
  } as Record<string, string>,
  /** `public:voucher:N` and `public:refund-link:N` in a history, as a reviewer reads them. */
  travellerByVoucher: (voucher: string) => `Viajero (voucher ${voucher})`,
  travellerByLink: (refund: string) => `Viajero (enlace del reintegro ${refund})`,
  traveller: 'Viajero',
} as const;
