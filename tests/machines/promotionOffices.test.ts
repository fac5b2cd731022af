/**
 * The offices of one product of a promotion (issue 14; SPEC §2 'The offices view takes
 * idPromotionProductOffices and a view parameter', page sizes 2, 4, 8, default 2): every state
 * and transition of the model, each snapshot asserted from the event that led there.
 */
import { expect } from 'vitest';
import {
  LOAD_REFUSED,
  officesPromotion,
  PAGED_PP,
  pagedEntry,
  promotionOfficesModel,
  reducedPromotion,
} from '../../machines/models/promotions';
import { officesPage } from '../../machines/promotionOffices';
import { DEFAULT_OFFICE_PAGE_SIZE, OFFICE_PAGE_SIZES } from '../../machines/promotionWizard';
import { testMachineModel } from './harness';

testMachineModel('promotionOffices', promotionOfficesModel, {
  loading: (snapshot, event) => {
    expect([event.type, snapshot.context.pp, snapshot.context.error]).toEqual([
      event.type === 'RETRY' ? 'RETRY' : 'xstate.init',
      PAGED_PP,
      null,
    ]);
  },
  loadFailed: (snapshot) => {
    expect([snapshot.context.entry, snapshot.context.error]).toEqual([null, LOAD_REFUSED]);
  },
  missing: (snapshot, event) => {
    expect(event.type).toBe('xstate.done.actor.loadPromotion');
    expect([snapshot.context.promotion, snapshot.context.entry]).toEqual([reducedPromotion, null]);
  },
  ready: (snapshot, event) => {
    const { context } = snapshot;
    expect(context.entry).toEqual(pagedEntry);
    const shown = officesPage(context).map((office) => office.office);
    expect(shown).toEqual(
      pagedEntry.offices.slice(context.offset, context.offset + context.limit).map((office) => office.office),
    );
    if (event.type === 'xstate.done.actor.loadPromotion') {
      expect([context.promotion, context.offset, context.limit]).toEqual([
        officesPromotion,
        0,
        DEFAULT_OFFICE_PAGE_SIZE,
      ]);
      expect(shown).toEqual([11, 12]);
    } else if (event.type === 'PAGE_SIZE') {
      if ((OFFICE_PAGE_SIZES as readonly number[]).includes(event.limit))
        expect([context.limit, context.offset]).toEqual([event.limit, 0]);
      else expect(context.limit).not.toBe(event.limit);
    } else {
      expect(event.type).toBe('PAGE');
      if (event.offset < pagedEntry.offices.length) expect(context.offset).toBe(event.offset);
      else expect(context.offset).not.toBe(event.offset);
    }
  },
});
