// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * refundLogin ('Solicitud de reintegro', /refund; SPEC §2, §4, §5 'Ingrese su documento' and
 * 'Ingrese su número de voucher', §8 'the server-provided message') along its generated paths in
 * Chromium (issue 29 §tests). GET /refund_data/ is held and answered as the path says: the
 * models' login answer, a refusal with the server's detail (400), the rate limit's (429), or a
 * 503 without a body (the model's unworded failure: the client's generic text). Every other API
 * request is held unanswered (the wizard the login opens, with the model's fake token), so the
 * walk reads and writes nothing on the server.
 *
 * Besides the covering paths, the covering failure is walked again with each server message the
 * model lists (a refusal, the rate limit): the screen must show each, not only one of them.
 * Nothing is left out (pinned below).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { LOGIN_FAILED_SAMPLE, refundLoginModel, TOO_MANY_LOGINS_SAMPLE } from '../../machines/models/refund';
import type { MachineModel } from '../../machines/models/types';
import type { RefundLoginContext, RefundLoginCredentials } from '../../machines/refundLogin';
import { UserFacingError } from '../../machines/support/errors';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  pathOf,
  type ScreenChecks,
  walkPath,
} from './machineWalk';
import { forEachLanguage, speaks } from './walkLanguages';

const model = refundLoginModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RefundLoginContext;

const covering = coveringPaths(model);
/**
 * Generation keeps one failure per path shape, so each server message is walked on a path of its
 * own: the covering path's failure with that message instead.
 */
const failing = covering.find((path) =>
  path.steps.some((step) => step.event.type === 'xstate.error.actor.authenticateRefund'),
)!;
const failure = failing.steps.findIndex(
  (step) => step.event.type === 'xstate.error.actor.authenticateRefund',
);
const refusals = [LOGIN_FAILED_SAMPLE, TOO_MANY_LOGINS_SAMPLE].map((message) =>
  pathOf(model, [
    ...failing.steps.slice(1, failure).map((step) => step.event),
    { type: 'xstate.error.actor.authenticateRefund', error: new UserFacingError(message) },
  ]),
);
const paths = [...covering, ...refusals];

forEachLanguage((walk) => {
  const { language, t, say, axeOnce } = walk;
  test(`${language}: the walk covers every state, transition and refusal of the refund login`, () => {
    expect(paths.length).toBeLessThanOrEqual(5);
    expect(missingIn(model, covering)).toEqual({ states: [], transitions: [] });
    const walkedMessages = paths
      .flatMap((path) => path.steps.map((step) => step.event))
      .filter((event) => event.type === 'xstate.error.actor.authenticateRefund')
      .map((event) => errorOf(event).message);
    expect(new Set(walkedMessages)).toEqual(
      new Set([LOGIN_FAILED_SAMPLE, TOO_MANY_LOGINS_SAMPLE, 'network']),
    );
  });

  const field = (page: Page, key: keyof RefundLoginCredentials) =>
    page.getByLabel(key === 'documento' ? t('refund.documentLabel') : t('refund.voucherIdLabel'));

  for (const path of paths) {
    test(`refundLogin: ${path.description}`, async ({ page }) => {
      await page.route(/\/api\//, () => {});
      const login = holdRequests(page, /\/api\/refund_data\/\?/);
      await login.ready;
      const sent: URL[] = [];
      page.on('request', (request) => {
        if (/\/api\/refund_data\/\?/.test(request.url())) sent.push(new URL(request.url()));
      });
      await page.goto('/refund');

      const executors: Executors = {
        FIELDS_CHANGED: async (event) => {
          const { values } = event as unknown as { values: Partial<RefundLoginCredentials> };
          for (const [key, value] of Object.entries(values))
            await field(page, key as keyof RefundLoginCredentials).fill(value);
        },
        SUBMIT: async () => page.getByRole('button', { name: t('refund.loginButton') }).click(),
        'xstate.done.actor.authenticateRefund': async (event) =>
          login.answer(200, (event as unknown as { output: unknown }).output),
        'xstate.error.actor.authenticateRefund': async (event) => {
          const error = errorOf(event);
          if (!(error instanceof UserFacingError)) return login.answer(503);
          return login.answer(error.message === TOO_MANY_LOGINS_SAMPLE ? 429 : 400, {
            detail: error.message,
          });
        },
      };

      const checks: ScreenChecks = {
        editing: async (snapshot) => {
          const { documento, voucherId, fieldErrors, error } = contextOf(snapshot);
          await speaks(page, walk);
          await expect(page.getByRole('heading', { name: t('refund.loginTitle') })).toBeVisible();
          await expect(field(page, 'documento')).toHaveValue(documento);
          await expect(field(page, 'voucherId')).toHaveValue(voucherId);
          await expect(page.getByRole('alert')).toHaveText(
            // The server's own refusal is shown as it came (its text is the server's, not a catalogue's).
            ([error, fieldErrors.documento, fieldErrors.voucherId].filter((line) => line) as string[]).map(
              (line) => (line === LOGIN_FAILED_SAMPLE ? line : say(line)),
            ),
          );
          await expect(page.getByRole('button', { name: t('refund.loginButton') })).toBeEnabled();
          expect(login.waiting()).toBe(0);
          await axeOnce(page, 'editing');
        },
        authenticating: async (snapshot) => {
          const { documento, voucherId } = contextOf(snapshot);
          await expect(page.getByRole('button', { name: t('refund.loginButton') })).toBeDisabled();
          await expect.poll(() => login.waiting(), { message: 'GET /refund_data/' }).toBe(1);
          await expect(page.getByRole('alert')).toHaveCount(0);
          // The trimmed credentials, as the contract's query names them (SPEC §7).
          expect(Object.fromEntries(sent.at(-1)!.searchParams)).toEqual({
            voucher_id: voucherId.trim(),
            document: documento.trim(),
          });
          await axeOnce(page, 'authenticating');
        },
        authenticated: async (snapshot) => {
          await expect(page).toHaveURL(/\/dashboardRefund$/);
          expect(
            JSON.parse((await page.evaluate(() => sessionStorage.getItem('refundLogin'))) ?? 'null'),
          ).toEqual(snapshot.output);
        },
      };

      await walkPath(path, executors, checks);
    });
  }
});
