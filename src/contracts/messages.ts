/**
 * The one Spanish message catalogue. Every user-facing text lives here, grouped by area;
 * each area file holds the texts exactly as spec/SPEC.md gives them. Code on the login route
 * imports its area files directly (messages/auth, messages/common) so the whole catalogue stays
 * out of that route's first load; everything else imports `messages`.
 */
import { amountsMessages } from './messages/amounts';
import { authMessages } from './messages/auth';
import { bankingMessages } from './messages/banking';
import { bookingsMessages } from './messages/bookings';
import { commonMessages } from './messages/common';
import { exportsMessages } from './messages/exports';
import { historyMessages } from './messages/history';
import { invoicingMessages } from './messages/invoicing';
import { listsMessages } from './messages/lists';
import { navigationMessages } from './messages/navigation';
import { officesMessages } from './messages/offices';
import { operationsMessages } from './messages/operations';
import { permissionsMessages } from './messages/permissions';
import { polishMessages } from './messages/polish';
import { productsMessages } from './messages/products';
import { promotionsMessages } from './messages/promotions';
import { qaMessages } from './messages/qa';
import { receiptReadingMessages } from './messages/receiptReading';
import { refundMessages } from './messages/refund';
import { refundChecklistMessages } from './messages/refundChecklist';
import { refundDecisionsMessages } from './messages/refundDecisions';
import { refundLinksMessages } from './messages/refundLinks';
import { refundReviewMessages } from './messages/refundReview';
import { resourceScreensMessages } from './messages/resourceScreens';
import { resourcesMessages } from './messages/resources';
import { termsMessages } from './messages/terms';

export const messages = {
  common: commonMessages,
  auth: authMessages,
  navigation: navigationMessages,
  banking: bankingMessages,
  refund: refundMessages,
  resources: resourcesMessages,
  resourceScreens: resourceScreensMessages,
  permissions: permissionsMessages,
  qa: qaMessages,
  history: historyMessages,
  refundReview: refundReviewMessages,
  refundLinks: refundLinksMessages,
  products: productsMessages,
  offices: officesMessages,
  exports: exportsMessages,
  bookings: bookingsMessages,
  promotions: promotionsMessages,
  invoicing: invoicingMessages,
  polish: polishMessages,
  terms: termsMessages,
  refundDecisions: refundDecisionsMessages,
  refundChecklist: refundChecklistMessages,
  receiptReading: receiptReadingMessages,
  lists: listsMessages,
  amounts: amountsMessages,
  operations: operationsMessages,
} as const;

export type Messages = typeof messages;
