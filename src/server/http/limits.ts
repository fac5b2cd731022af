/**
 * The limits of the public sign-in calls (issue 10), in one place so the README can quote them.
 * All are attempt counters in the database (./attempts.ts): shared by every instance, kept across
 * restarts. @fastify/rate-limit (also counted in the database, ./rateLimitStore.ts, issue 11)
 * remains only as a coarse flood guard on public routes, with budgets far above what these limits
 * allow: it caps how fast one address can make the servers work (hash a password, query the
 * database); the real decisions are the counters below.
 */
import type { AttemptPolicy } from './attempts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Refund login, per client address: 5 free failures, then 2 s, 4 s, 8 s … up to 15 minutes
 * between tries. A guesser from one address gets a handful of tries per hour.
 */
export const refundLoginAddress: AttemptPolicy = {
  name: 'refund-login-address',
  freeFailures: 5,
  firstDelayMs: 2 * SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Refund login, per voucher + document pair (whatever the address): 3 free failures, then 5 s,
 * 10 s … up to 15 minutes. Only failures of that exact pair count, so guesses of OTHER documents
 * for a voucher never touch the pair of the right document: the traveller with the right
 * document from a clean address is never refused, however many guessers try their voucher.
 */
export const refundLoginPair: AttemptPolicy = {
  name: 'refund-login-pair',
  freeFailures: 3,
  firstDelayMs: 5 * SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Staff sign-in, per client address (all accounts): 20 free failures (an office behind one
 * address mistypes too), then 1 s, 2 s … up to 15 minutes.
 */
export const staffLoginAddress: AttemptPolicy = {
  name: 'staff-login-address',
  freeFailures: 20,
  firstDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Staff sign-in, per account (whatever the address): 5 free failures, then 1 s, 2 s, 4 s, 8 s,
 * 16 s and at most 30 s between tries. The cap is short on purpose: a guesser spread over many
 * addresses gets at most two tries a minute on one account, and the real user is never locked
 * out for long. Moreover the account limit does not apply at all from an address where the
 * account signed in successfully within `knownAddressDays` (see `staffLoginKnownAddress`): the
 * real user at their usual office or home is never delayed by someone guessing elsewhere.
 */
export const staffLoginAccount: AttemptPolicy = {
  name: 'staff-login-account',
  freeFailures: 5,
  firstDelayMs: SECOND,
  maxDelayMs: 30 * SECOND,
  forgetAfterMs: HOUR,
};

/** Marker of a successful sign-in of an account from an address (not a failure counter). */
export const staffLoginKnownAddress: AttemptPolicy = {
  name: 'staff-login-known',
  freeFailures: 0,
  firstDelayMs: 0,
  maxDelayMs: 0,
  forgetAfterMs: 30 * 24 * HOUR,
};
export const KNOWN_ADDRESS_MS = staffLoginKnownAddress.forgetAfterMs;

/**
 * Password reset requests per client address, whatever the email (each request may send a
 * mail): 5 free, then 1 minute, 2 minutes … up to an hour.
 */
export const passwordResetAddress: AttemptPolicy = {
  name: 'password-reset-address',
  freeFailures: 5,
  firstDelayMs: MINUTE,
  maxDelayMs: HOUR,
  forgetAfterMs: HOUR,
};

/**
 * Password reset requests per email (hashed), whatever the address, so nobody floods one mailbox:
 * 3 free, then 5 minutes, 10 minutes and at most 15 minutes (short, so someone requesting resets
 * for another person's email delays that person's own request by minutes at most). Counted for
 * unknown emails too, so the limit says nothing about which accounts exist.
 */
export const passwordResetEmail: AttemptPolicy = {
  name: 'password-reset-email',
  freeFailures: 3,
  firstDelayMs: 5 * MINUTE,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Refund request links (issue 17), per client address: a link whose MAC is wrong (tampered,
 * truncated, guessed) counts; 10 free, then 5 s, 10 s … up to 15 minutes. Expired or used links
 * (right MAC) do not count: the traveller who follows an old mail is never slowed down.
 */
export const refundLinkAddress: AttemptPolicy = {
  name: 'refund-link-address',
  freeFailures: 10,
  firstDelayMs: 5 * SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * The traveller's terms links (issue 28 §4), per client address: a link whose MAC is wrong counts;
 * 10 free, then 5 s, 10 s … up to 15 minutes. The right link is never slowed down.
 */
export const termsLinkAddress: AttemptPolicy = {
  name: 'terms-link-address',
  freeFailures: 10,
  firstDelayMs: 5 * SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Mails of a voucher's documents (issue 28 §3: /sendEmailCCGG/ and /sendMultiVoucher/), per staff
 * user whatever the address: at most `max` sends in a fixed window of `windowMs`, counted in the
 * database (rate_limit_counters, ./rateLimitStore.ts) so every instance shares them. A send that
 * is refused (bad input, recipient not allowed) does not count.
 */
export const voucherMailsPerUser = { max: 30, windowMs: HOUR } as const;
