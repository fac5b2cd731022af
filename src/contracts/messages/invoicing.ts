/**
 * Texts of Facturación and the payment detail (issue 16; SPEC §2 'Facturación', §3 'Invoicing
 * row', §7 POST /facturacion/, GET /payment_detail/). The static lists' labels are the spec's; the
 * rest are ours.
 */
import { formatCount } from '../format';

export const invoicingMessages = {
  fields: {
    reservation_id: 'Reserva',
    office: 'Oficina',
    status: 'Estado',
    invoicing_status: 'Estado de facturación',
    billed: 'Facturado',
    document_type: 'Tipo de comprobante',
    document_number: 'Número de comprobante',
    date_created: 'Fecha de creación',
    date_in: 'Fecha de inicio',
    date_fact: 'Fecha de facturación',
    final_price: 'Precio final',
    commission: 'Comisión',
    net_price: 'Precio neto',
    currency: 'Moneda',
    date_created_from: 'Creada desde',
    date_created_to: 'Creada hasta',
    date_in_from: 'Inicio desde',
    date_in_to: 'Inicio hasta',
    date_fact_from: 'Facturada desde',
    date_fact_to: 'Facturada hasta',
  },
  actions: {
    invoice: 'Marcar FACTURADO',
    review: 'Pasar a EN REVISION',
    cancel: 'CANCELADO',
    reopen: 'Volver a NO FACTURADO',
  },
  summary: {
    title: 'Totales del filtro',
    count: (count: number) => (count === 1 ? '1 reserva' : `${formatCount(count)} reservas`),
    noCurrency: 'Sin moneda',
    reservations: 'Reservas',
    failed: 'No se pudieron calcular los totales.',
  },
  refusals: {
    transition: (from: string, to: string) => `Una reserva ${from} no puede pasar a ${to}.`,
    allVouchersCancelled: 'La reserva no puede facturarse: todos sus vouchers están CANCELADOS.',
    noVouchers: 'La reserva no puede facturarse: no tiene vouchers.',
  },
  errors: {
    documentTypeRequired: 'Elija el tipo de comprobante (PED, FCC o FCO).',
    documentNumberRequired: 'Ingrese el número de comprobante.',
    dateFactRequired: 'Ingrese la fecha de facturación (DD/MM/AAAA).',
    dateInvalid: 'Fecha inválida: use DD/MM/AAAA.',
    invoicingStatusInvalid: 'Estado de facturación inválido: 1, 2, 3 o 4.',
    billedInvalid: 'Valor inválido: 1 (FACTURADO) o 2 (NO FACTURADO).',
    reservationRequired: 'Indique la reserva (reservation_id).',
  },
  payments: {
    title: 'Detalle de pago',
    empty: 'La reserva no tiene pagos registrados.',
    failed: 'No se pudo cargar el detalle de pago.',
    loading: 'Cargando el detalle de pago...',
    methods: {
      card: 'Tarjeta',
      transfer: 'Transferencia',
      credit: 'Crédito',
      gds: 'GDS',
      wallet: 'Billetera',
      web_payment: 'Pago web',
    },
    fields: {
      method: 'Medio',
      amount: 'Importe',
      currency: 'Moneda',
      instalments: 'Cuotas',
      paid_at: 'Fecha',
      reference: 'Referencia',
    },
  },
  export: {
    sheet: 'Facturación',
    totals: 'Totales',
  },
} as const;
