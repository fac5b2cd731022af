/**
 * Every machine with its name, description and traversal model. The QA gallery and the test
 * suite both read this list, so a new machine is visible and tested at once.
 */

import { accessTokenModel, mySiteModel, passwordChangeModel, passwordResetModel } from './models/auth';
import { claimFormModel, refundLoginModel, refundWizardModel } from './models/refund';
import { resourceFormModel, resourceListModel } from './models/resources';
import { sessionModel } from './models/session';
import type { MachineModel } from './models/types';

export interface MachineEntry {
  /** The machine's file name in machines/ and its test's name in tests/machines/. */
  name: string;
  description: string;
  model: MachineModel;
}

export const machineCatalogue: MachineEntry[] = [
  {
    name: 'session',
    description: 'Staff session: restore, sign in, signed in, expired, sign out.',
    model: sessionModel as unknown as MachineModel,
  },
  {
    name: 'passwordReset',
    description:
      "Password recovery request: email, request, mail sent (also the shell's change-password request).",
    model: passwordResetModel as unknown as MachineModel,
  },
  {
    name: 'passwordChange',
    description: 'New password with the recovery hash: rules of section 5, confirm, changed.',
    model: passwordChangeModel as unknown as MachineModel,
  },
  {
    name: 'accessToken',
    description: 'Access by token: decode the user id, load the user, then dashboard or login with an error.',
    model: accessTokenModel as unknown as MachineModel,
  },
  {
    name: 'mySite',
    description: "'Ir a mi sitio': office, then country, then open the country's site with the token.",
    model: mySiteModel as unknown as MachineModel,
  },
  {
    name: 'refundLogin',
    description: "Refund login 'Solicitud de reintegro': documento and voucher, server message on refusal.",
    model: refundLoginModel as unknown as MachineModel,
  },
  {
    name: 'refundWizard',
    description:
      "Refund wizard: 'Datos personales', 'Carga de reintegros', 'Datos del pago', sending, result, logout and redirect.",
    model: refundWizardModel as unknown as MachineModel,
  },
  {
    name: 'claimForm',
    description:
      "'Carga de reintegro' dialog: fields, coverage, multi-cause services, receipts (limit 20), convert and upload.",
    model: claimFormModel as unknown as MachineModel,
  },
  {
    name: 'resourceList',
    description: 'Back-office list: load, filter, page, sort, tabs, confirm and delete a row (every module).',
    model: resourceListModel as unknown as MachineModel,
  },
  {
    name: 'resourceForm',
    description: 'Back-office form: load, edit, validate with the contract, save; create, edit, show, clone.',
    model: resourceFormModel as unknown as MachineModel,
  },
];
