/**
 * Every machine with its name, description and traversal model. The QA gallery and the test
 * suite both read this list, so a new machine is visible and tested at once.
 */

import type { AnyStateMachine } from 'xstate';
import { accessTokenModel, mySiteModel, passwordChangeModel, passwordResetModel } from './models/auth';
import { listDownloadModel, voucherDocumentsModel } from './models/bookings';
import { dashboardFiguresModel } from './models/dashboard';
import { exportNotificationsModel } from './models/exports';
import { recordHistoryModel } from './models/history';
import { paymentDetailModel } from './models/invoicing';
import { productDetailModel, productWizardMachineModel } from './models/products';
import { promotionDetailModel, promotionOfficesModel, promotionWizardModel } from './models/promotions';
import { receiptReadingModel } from './models/receiptReading';
import {
  claimFormModel,
  refundDraftModel,
  refundLoginModel,
  refundStatusModel,
  refundWizardModel,
} from './models/refund';
import { paymentUpdateModel, pendingDocsModel } from './models/refundLinks';
import { refundReadingsModel } from './models/refundReadings';
import {
  bankRevealModel,
  receiptDownloadModel,
  receiptViewerModel,
  refundReviewModel,
} from './models/refundReview';
import { resourceFormModel, resourceListModel } from './models/resources';
import { sessionModel } from './models/session';
import { termsAcceptanceModel } from './models/terms';
import type { MachineModel } from './models/types';

export interface MachineEntry {
  /** The machine's file name in machines/ and its test's name in tests/machines/. */
  name: string;
  description: string;
  model: MachineModel;
}

/** One catalogue entry; the model's precise machine type widens to the catalogue's here, once. */
function catalogued<TMachine extends AnyStateMachine>(
  name: string,
  description: string,
  model: MachineModel<TMachine>,
): MachineEntry {
  return { name, description, model: model as unknown as MachineModel };
}

export const machineCatalogue: MachineEntry[] = [
  catalogued(
    'termsAcceptance',
    "Traveller's terms page (issue 28 §4): load the link's conditions, 'Acepto' posts the acceptance, recorded (also on a second visit).",
    termsAcceptanceModel,
  ),
  catalogued(
    'dashboardFigures',
    'Dashboard figures: records counts and pending items of the cards the user may view (issue 18).',
    dashboardFiguresModel,
  ),
  catalogued('session', 'Staff session: restore, sign in, signed in, expired, sign out.', sessionModel),
  catalogued(
    'passwordReset',
    "Password recovery request: email, request, mail sent (also the shell's change-password request).",
    passwordResetModel,
  ),
  catalogued(
    'passwordChange',
    'New password with the recovery hash: rules of section 5, confirm, changed.',
    passwordChangeModel,
  ),
  catalogued(
    'accessToken',
    'Access by token: decode the user id, load the user, then dashboard or login with an error.',
    accessTokenModel,
  ),
  catalogued(
    'mySite',
    "'Ir a mi sitio': office, then country, then open the country's site with the token.",
    mySiteModel,
  ),
  catalogued(
    'refundLogin',
    "Refund login 'Solicitud de reintegro': documento and voucher, server message on refusal.",
    refundLoginModel,
  ),
  catalogued(
    'refundWizard',
    "Refund wizard: 'Datos personales', 'Carga de reintegros', 'Datos del pago', sending, result, logout and redirect.",
    refundWizardModel,
  ),
  catalogued(
    'refundDraft',
    "The refund wizard's server draft: edits saved after a pause, step changes and 'Guardar y seguir después' at once, failure with retry, a 409 offering the newer draft.",
    refundDraftModel,
  ),
  catalogued(
    'refundStatus',
    "The refund status page's data: the login's list, then the status as it is now, or the login's list with 'may be outdated'.",
    refundStatusModel,
  ),
  catalogued(
    'claimForm',
    "'Carga de reintegro' dialog: fields, coverage, multi-cause services, the coverage's document checklist (files per item, 'No lo tengo' with a reason), receipts (limit 20 pages, refused at the pick), convert and upload.",
    claimFormModel,
  ),
  catalogued(
    'resourceList',
    'Back-office list: load, filter, page, sort, tabs, confirm and delete a row (every module).',
    resourceListModel,
  ),
  catalogued(
    'resourceForm',
    'Back-office form: load, edit, validate with the contract, save; create, edit, show, clone.',
    resourceFormModel,
  ),
  catalogued(
    'recordHistory',
    "'Historial' tab of a record's show view: the engine's entries newest first, server pages, empty, failed and retry.",
    recordHistoryModel,
  ),
  catalogued(
    'paymentDetail',
    "Payment detail tab of a Facturación row: the reservation's payments, none, failed and retry.",
    paymentDetailModel,
  ),
  catalogued(
    'refundReview',
    "Staff refund review: load the refund, offer the transitions its allowed_actions name, each transition's form validated by its contract, server errors under their field.",
    refundReviewModel,
  ),
  catalogued(
    'bankReveal',
    "A refund's bank data: masked, revealed on request (the reveal is recorded in the history), hidden again.",
    bankRevealModel,
  ),
  catalogued(
    'receiptViewer',
    'Receipts of a refund in the page: one at a time, next, previous, chosen from a claim, zoom, load failure and retry.',
    receiptViewerModel,
  ),
  catalogued(
    'receiptDownload',
    "A refund's files downloaded on its review screen: 'Descargar' the receipt in view, 'Descargar todo' as one zip, one at a time, the failure with 'Reintentar' (none after a refusal).",
    receiptDownloadModel,
  ),
  catalogued(
    'pendingDocs',
    "Traveller's '/upload_data': link access or its error, 'Cargar Documentos' (limit remaining_files, PDF pages counted), prepare, upload (ok, ko, error), patch, 'Solicitud enviada' or error and retry.",
    pendingDocsModel,
  ),
  catalogued(
    'paymentUpdate',
    "Traveller's '/update_payment_data': link access or its error, only the asked bank fields with the country's rules, send, field errors back, 'Solicitud enviada' or error and retry.",
    paymentUpdateModel,
  ),
  catalogued(
    'productWizard',
    'Product wizard (Crear, Clonar, Editar): steps 0-1-2 each kept by POST /step/ (hash), rate and image uploads, final call SUCCESS or ERROR with retry on the same hash.',
    productWizardMachineModel,
  ),
  catalogued(
    'productDetail',
    "Mostrar a product: the product and its rates, failed with 'Reintentar' (none after a refusal), an office's rate replaced by a file then the rates read again, or the file's row errors.",
    productDetailModel,
  ),
  catalogued(
    'exportNotifications',
    "Export notifications: request a list export, poll it every 10 s while Pending, the bell's 15 s check, download and mark consumed; resumed after a reload.",
    exportNotificationsModel,
  ),
  catalogued(
    'voucherDocuments',
    "A voucher's documents: print the voucher or the multivoucher, send the terms or the multivoucher, one call at a time, a notice saying OK or why not.",
    voucherDocumentsModel,
  ),
  catalogued(
    'listDownload',
    "A list's direct download (Reservas' CSV of the current filters): one download at a time, a notice naming the file or why not.",
    listDownloadModel,
  ),
  catalogued(
    'promotionWizard',
    "Promotion wizard '1 de 2', '2 de 2': products (a sale promotion one, a provider several), offices in a paged table (2, 4, 8) locked for providers, one save; Finalizar or 'Aplicar y asignar nuevo producto'; editing one product's offices in a single step.",
    promotionWizardModel,
  ),
  catalogued(
    'promotionDetail',
    "A promotion's Mostrar: load (or its error and Reintentar), show a product's offices, 'Quitar' a product after confirming (a refusal stays in the dialog), then reload the promotion.",
    promotionDetailModel,
  ),
  catalogued(
    'promotionOffices',
    "The offices of one product of a promotion (idPromotionProductOffices, view=show): load, or its error and Reintentar, or 'no longer in the promotion'; paged 2, 4 or 8 (default 2).",
    promotionOfficesModel,
  ),
  catalogued(
    'receiptReading',
    "A receipt's reading in the claim dialog (issue 31): ask the server, again while a file is being read, then suggest the read amount, currency and date ('¿usar estos datos?'), accepted or dismissed; a failed reading says nothing; other files start over.",
    receiptReadingModel,
  ),
  catalogued(
    'refundReadings',
    "A refund's receipts read, on the staff review (issue 31): per claim the claimed amount beside the read totals, per receipt the read figures, and the flags (claimed above the receipts, date outside the validity, other currency, unreadable, reused); failed with 'Reintentar', 'Actualizar' while receipts are being read.",
    refundReadingsModel,
  ),
];
