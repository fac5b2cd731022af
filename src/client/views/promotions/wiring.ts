/**
 * The promotions area's machine wiring, in one place (issue 29): the promotion's show view, its
 * offices page and the promotion wizard, each machine with its actors (src/client/api/promotions.ts)
 * and the view-side actions it announces. The views create their actors from these and only send
 * events.
 */
import { promotionDetailMachine } from '../../../../machines/promotionDetail';
import { promotionOfficesMachine } from '../../../../machines/promotionOffices';
import { promotionWizardMachine, type WizardAddress } from '../../../../machines/promotionWizard';
import { messages } from '../../../contracts/messages';
import { promotionDetailActors, promotionWizardActors } from '../../api/promotions';
import { notifySuccess } from '../shared/toasts';

/** A promotion's show view: its data, offices summary and removal. */
export const promotionDetailLogic = promotionDetailMachine.provide({ actors: promotionDetailActors });

/** A promotion's offices, paged. */
export const promotionOfficesLogic = promotionOfficesMachine.provide({
  actors: { loadPromotion: promotionDetailActors.loadPromotion },
});

/** How the wizard moves: its address (step, pages, choices) kept in the URL, and the end. */
export interface PromotionWizardNavigation {
  queryChanged: (address: WizardAddress) => void;
  finished: () => void;
}

/** The promotion wizard (products, offices, confirmation) moving through `navigation`. */
export const promotionWizardLogic = (navigation: PromotionWizardNavigation) =>
  promotionWizardMachine.provide({
    actors: promotionWizardActors,
    actions: {
      queryChanged: (_, address) => navigation.queryChanged(address),
      finished: ({ context }) => {
        notifySuccess(
          context.pp === null ? messages.promotions.wizard.assigned : messages.promotions.wizard.officesSaved,
        );
        navigation.finished();
      },
    },
  });
