// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * refundStatus (the status page after a login that lists submitted refunds; issue 17, issue 30 §2)
 * along its generated paths in Chromium (issue 29 §tests). The page opens /dashboardRefund with the
 * models' login answer in sessionStorage, carrying the model's input refunds (as the login page
 * leaves it); GET /refund_data/status/ is held and answered as the path says: the refunds as they
 * are now, or a dropped connection. Every other API request is held unanswered, so the walk reads
 * and writes nothing on the server. Nothing is left out (pinned below).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { refundStatusModel, sampleRefundLogin } from '../../machines/models/refund';
import type { MachineModel } from '../../machines/models/types';
import type { RefundStatusContext, RefundStatusInput } from '../../machines/refundStatus';
import type { MessageKey } from '../../src/contracts/i18n';
import { es } from '../../src/contracts/i18n/es';
import type { SubmittedRefund } from '../../src/contracts/refund';
import {
  coveringPaths,
  type Executors,
  holdRequests,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';
import { forEachLanguage, speaks, type WalkLanguage } from './walkLanguages';

const model = refundStatusModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RefundStatusContext;
const paths = coveringPaths(model);

forEachLanguage((walk) => {
  const { language, t, axeOnce } = walk;
  test(`${language}: the walk covers every state and transition of the status page`, () => {
    expect(paths.length).toBeLessThanOrEqual(2);
    expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
  });

  /** The shown refunds: one card each, with its status and a rejection's reason (as staff wrote it). */
  async function showsRefunds(page: Page, walk: WalkLanguage, refunds: readonly SubmittedRefund[]) {
    await speaks(page, walk);
    await expect(page.getByRole('heading', { name: walk.t('links.submittedTitle') })).toBeVisible();
    await expect(page.getByTestId('submitted-status')).toHaveText(
      // A status the catalogue has in the language; an unknown one (a legacy 'PENDIENTE') as it is.
      refunds.map((refund) =>
        Object.hasOwn(es, `status.${refund.status}`)
          ? walk.t(`status.${refund.status}` as MessageKey)
          : refund.status,
      ),
    );
    await expect(page.getByTestId('rejection-reason')).toHaveText(
      refunds.filter((refund) => refund.status === 'RECHAZADO').map((refund) => refund.rejection_reason),
    );
  }

  for (const path of paths) {
    test(`refundStatus: ${path.description}`, async ({ page }) => {
      const login = {
        ...sampleRefundLogin,
        submitted_refunds: (model.input as RefundStatusInput).refunds,
      };
      await page.route(/\/api\//, () => {});
      const status = holdRequests(page, /\/api\/refund_data\/status\/$/);
      await status.ready;
      const bearers: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/refund_data\/status\/$/.test(request.url()))
          bearers.push(request.headers().authorization);
      });
      await page.addInitScript((stored) => {
        if (sessionStorage.getItem('walkSeeded')) return;
        sessionStorage.setItem('walkSeeded', '1');
        sessionStorage.setItem('refundLogin', stored);
      }, JSON.stringify(login));
      await page.goto('/dashboardRefund');

      const executors: Executors = {
        'xstate.done.actor.loadStatus': async (event) =>
          status.answer(200, {
            submitted_refunds: (event as unknown as { output: SubmittedRefund[] }).output,
          }),
        'xstate.error.actor.loadStatus': async () => status.abort(),
      };

      const stale = page.getByText(t('decisions.refreshFailed'));
      const checks: ScreenChecks = {
        // The login's list while the status is asked with the login's token.
        refreshing: async (snapshot) => {
          await showsRefunds(page, walk, contextOf(snapshot).refunds);
          await expect.poll(() => status.waiting(), { message: 'GET /refund_data/status/' }).toBe(1);
          expect(bearers).toEqual([`Bearer ${login.access}`]);
          await expect(stale).toHaveCount(0);
          await axeOnce(page, 'refreshing');
        },
        current: async (snapshot) => {
          await showsRefunds(page, walk, contextOf(snapshot).refunds);
          await expect(stale).toHaveCount(0);
          await axeOnce(page, 'current');
        },
        stale: async (snapshot) => {
          await showsRefunds(page, walk, contextOf(snapshot).refunds);
          await expect(stale).toBeVisible();
          await axeOnce(page, 'stale');
        },
      };

      await walkPath(path, executors, checks);
    });
  }
});
