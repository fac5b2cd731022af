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
 * address mistypes too), then 1 s, 2 s … up to 15 minutes. This is what stops one address
 * spraying many accounts. A device with a valid device cookie of the account it signs in to is
 * not held by it (it has its own limit, `staffLoginDevice`), but its failures count here too.
 */
export const staffLoginAddress: AttemptPolicy = {
  name: 'staff-login-address',
  freeFailures: 20,
  firstDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Staff sign-in, per account (whatever the address), for devices without a valid device cookie
 * (issue 28 §5, OWASP device cookies): 5 free failures, then 1 s, 2 s, 4 s … up to 15 minutes.
 * A locked account does not lock its real user out: a device with the account's device cookie
 * (auth/deviceCookies.ts) skips this lock, and a new device waits its own turn, at most
 * a minute (`staffLoginTurn`), after which its password is checked whatever the lock says.
 */
export const staffLoginAccount: AttemptPolicy = {
  name: 'staff-login-account',
  freeFailures: 5,
  firstDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * The turn of a new device (per account and client address) at a locked account: it waits what
 * is left of the lock, at most 1 minute, and then its password is checked; a turn not used within
 * 10 minutes after it became ready lapses. (Read by `takeTurn`: `maxDelayMs` is the longest wait,
 * `forgetAfterMs` the lifetime.)
 */
export const staffLoginTurn: AttemptPolicy = {
  name: 'staff-login-turn',
  freeFailures: 0,
  firstDelayMs: 0,
  maxDelayMs: MINUTE,
  forgetAfterMs: 10 * MINUTE,
};

/**
 * Staff sign-in, per account and client address, for devices without a valid device cookie:
 * 5 free failures, then 1 s, 2 s … up to 15 minutes, like the account. It is looked at only
 * while the account is locked, and then instead of the account's lock: an address waits for its
 * own failures on the account, never for those of other addresses (beyond its turn of at most a
 * minute). So a guesser gets a handful of checked guesses per address and account an hour; the
 * real user, whose address did not fail, is never held by it.
 */
export const staffLoginAccountAddress: AttemptPolicy = {
  name: 'staff-login-account-address',
  freeFailures: 5,
  firstDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: HOUR,
};

/**
 * Staff sign-in, per device cookie (its nonce): a device that carries a valid cookie skips the
 * account's lock but has its own: 4 free failures; the fifth makes the cookie worthless for an
 * hour (the device then waits like a new one), so a stolen cookie cannot brute-force.
 */
export const staffLoginDevice: AttemptPolicy = {
  name: 'staff-login-device',
  freeFailures: 4,
  firstDelayMs: HOUR,
  maxDelayMs: HOUR,
  forgetAfterMs: HOUR,
};

/** The mail to the account's owner when its lock starts: at most one per account per hour. */
export const staffLoginAlert: AttemptPolicy = {
  name: 'staff-login-alert',
  freeFailures: 0,
  firstDelayMs: 0,
  maxDelayMs: 0,
  forgetAfterMs: HOUR,
};
export const ATTACK_MAIL_EVERY_MS = staffLoginAlert.forgetAfterMs;

/** How long the maintenance keeps claims (no failures) that nothing has touched. */
export const MARKER_RETENTION_MS = 24 * HOUR;

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
