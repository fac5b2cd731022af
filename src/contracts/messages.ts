/**
 * The one Spanish message catalogue. Every user-facing text lives here, grouped by area;
 * each area file holds the texts exactly as spec/SPEC.md gives them.
 */
import { authMessages } from './messages/auth';
import { bankingMessages } from './messages/banking';
import { commonMessages } from './messages/common';
import { navigationMessages } from './messages/navigation';

export const messages = {
  common: commonMessages,
  auth: authMessages,
  navigation: navigationMessages,
  banking: bankingMessages,
} as const;

export type Messages = typeof messages;
