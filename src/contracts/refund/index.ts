/**
 * Public refund portal contracts (SPEC §2 'Public refund portal', §3 refund entities, §5 refund
 * rules, §7 'Refund (public)', §9 limits). The browser (machines, views) and the server
 * (routes/refunds.ts, routes/images.ts) both validate with these schemas: nothing here is
 * written twice. One file per concern:
 *
 * - limits.ts: limits, call paths, accepted receipt files;
 * - amounts.ts, dates.ts: requested amounts and the event date, as sent and as typed;
 * - login.ts: the traveller's login and the refund access token;
 * - files.ts: stored receipts and the references to them;
 * - applicant.ts, claims.ts, payment.ts: the wizard's three steps (payment: bank data per country);
 * - submission.ts: the submission built from the three steps.
 *
 * The staff side and the traveller's link pages have their own files, imported by path (they are
 * not part of the portal's first load): review.ts (staff reads), lifecycle.ts (the review's
 * transition table), links.ts (the link pages).
 *
 * Conventions:
 * - Amounts are exact decimal STRINGS in canonical form '1234567.89' (never numbers). The browser
 *   shows them with `formatAmount`/`formatMoney` (src/contracts/format.ts, the currency's minor
 *   units) and reads what is typed ('1.234.567,89', '1,234,567.89') with `parseAmount`
 *   (src/contracts/money.ts), as the server does (issue 40).
 * - Dates travel as ISO 'YYYY-MM-DD'; the browser reads 'DD/MM/AAAA' with `sinisterDateInputSchema`.
 * - Countries are ISO-3 codes ('ARG'); currencies ISO 4217 codes ('USD'); banks of ARG and CHL are
 *   sent by their three-digit code ('007'), other countries' banks as free text.
 * - Schemas that depend on the logged-in voucher are factories taking the login answer
 *   (`refundSubmissionSchemaFor(login.refunds)`): the server builds them from the database, the
 *   browser from the login answer it holds.
 */
export * from './amounts';
export * from './applicant';
export * from './claims';
export * from './dates';
export * from './drafts';
export * from './files';
export * from './limits';
export * from './login';
export * from './payment';
export * from './submission';
