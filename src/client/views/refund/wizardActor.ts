/** The refund wizard's actor as its steps see it (a file of its own: the steps and the view import it, not each other). */
import type { ActorRefFrom } from 'xstate';
import type { refundWizardMachine } from '../../../../machines/refundWizard';

export type WizardActor = ActorRefFrom<typeof refundWizardMachine>;
