// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The traveller's link pages along their machines' generated paths in Chromium (issue 29 §tests):
 * paymentUpdate at /update_payment_data and pendingDocs at /upload_data. No staff session; every answer of the link's API is the
 * path's actor completion, held with page.route; fields are typed and the form submitted.
 *
 * The client words every failure: an unworded one (a model's `new Error('network')`, for which
 * the machine falls back to its generic message) is walked as a dropped connection, which the
 * client names itself (messages.common.networkError).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { pagesOf, type ReceiptRef } from '../../machines/claimForm';
import {
  factura,
  LINK_INPUT,
  paymentUpdateModel,
  pendingDocsModel,
  SERVER_CBU_ERROR,
  UPLOAD_KO,
} from '../../machines/models/refundLinks';
import type { MachineModel } from '../../machines/models/types';
import { FieldErrorsError, UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { paymentFieldLabel } from '../../src/contracts/refund';
import { gradientPng, multiPagePdf } from './fixtures/refund/files';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { forEachLanguage, speaks, type WalkLanguage } from './walkLanguages';

const linkQuery = `refund_id=${LINK_INPUT.refundId}&hash=${encodeURIComponent(LINK_INPUT.hash)}`;

/** The message the screen shows for the machine's error, after the event that led there (see the header). */
function shownError(snapshot: AnyMachineSnapshot, event: AnyEventObject): string {
  const unworded = 'error' in event && !(event.error instanceof UserFacingError);
  return unworded ? messages.common.networkError : String(snapshot.context.error);
}

/** A refusal as the server says it: field errors, a worded refusal, or a dropped connection. */
async function refuse(server: ReturnType<typeof holdRequests>, error: Error) {
  if (error instanceof FieldErrorsError) return server.answer(400, error.fields);
  if (error instanceof UserFacingError) return server.answer(400, { detail: error.message });
  return server.abort();
}

async function expectAccessError(
  machine: string,
  page: Page,
  walk: WalkLanguage,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
) {
  await speaks(page, walk);
  await expect(page.getByRole('heading', { name: walk.t('links.accessErrorTitle') })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(walk.say(shownError(snapshot, event)));
  await walk.axeOnce(page, `${machine}.accessError`);
}

// ---- paymentUpdate at /update_payment_data ------------------------------------------------------

const paymentModel = paymentUpdateModel as unknown as MachineModel;
/**
 * The link walked here is an Argentine one (CBU): its page has no CCI to confirm, so CCI_CONFIRMED
 * (a Peruvian link's 'Confirmo que el CCI es correcto', issue 40) is left out of this walk and
 * pinned below. It is covered by the machine's model-based test and the server's refusal of an
 * unconfirmed CCI; a Chromium walk of a Peruvian link is still to do.
 */
const PAYMENT_LEFT_OUT = { states: [], transitions: ['paymentUpdate.editing CCI_CONFIRMED -> (self)'] };
const paymentPaths = coveringPaths(
  paymentModel,
  (steps, index) => steps[index].event.type !== 'CCI_CONFIRMED',
);

forEachLanguage((walk) => {
  const { language, t, say, axeOnce } = walk;
  /**
   * A text the machine holds as the page shows it: the models' server samples that no route sends
   * (an upload service's refusal, a bank check's), not catalogue texts, as they came; the rest in
   * the walk's language.
   */
  const shown = (text: string) => (text === UPLOAD_KO || text === SERVER_CBU_ERROR ? text : say(text));
  test(`${language}: paymentUpdate: the walk covers every state and transition but the Peruvian CCI confirmation`, () => {
    expect(missingIn(paymentModel, paymentPaths)).toEqual(PAYMENT_LEFT_OUT);
  });

  for (const path of paymentPaths) {
    test(`paymentUpdate ${path.description}`, async ({ page }) => {
      const load = holdRequests(page, /\/api\/refund_data\/pending-update-fields\/\?/);
      const send = holdRequests(page, /\/api\/refund_data\/update-fields\/$/, 'PATCH');
      await Promise.all([load.ready, send.ready]);
      await page.goto(`/update_payment_data?${linkQuery}`);
      const field = (name: 'cbu' | 'cuit_cuil') =>
        page.getByLabel(walk.tr.fromSpanish(paymentFieldLabel(name, 'ARG')));
      const submit = page.getByRole('button', { name: t('links.update') });
      const executors: Executors = {
        'xstate.done.actor.loadFields': async (event) => load.answer(200, event.output),
        'xstate.error.actor.loadFields': async (event) => refuse(load, errorOf(event)),
        FIELD_CHANGED: async (event) => field(event.field).fill(String(event.value)),
        SUBMIT: async () => submit.click(),
        'xstate.done.actor.sendFields': async (event) => send.answer(200, event.output),
        'xstate.error.actor.sendFields': async (event) => refuse(send, errorOf(event)),
        RETRY: async () => page.getByRole('button', { name: t('common.retry') }).click(),
      };
      const checks: ScreenChecks = {
        loading: async () => {
          await expect(page.getByText(t('common.loading'))).toBeVisible();
          await axeOnce(page, 'paymentUpdate.loading');
        },
        accessError: async (snapshot, event) =>
          expectAccessError('paymentUpdate', page, walk, snapshot, event),
        editing: async (snapshot) => {
          const { values, errors } = snapshot.context as {
            values: Record<'cbu' | 'cuit_cuil', string>;
            errors: Partial<Record<'cbu' | 'cuit_cuil', string>>;
          };
          await speaks(page, walk);
          await expect(page.getByRole('heading', { name: t('links.paymentTitle') })).toBeVisible();
          // Each field holds what was typed and describes exactly its shown error.
          for (const name of ['cbu', 'cuit_cuil'] as const) {
            await expect(field(name)).toHaveValue(values[name]);
            await expect(field(name)).toHaveAccessibleDescription(shown(errors[name] ?? ''));
          }
          await expect(submit).toBeEnabled();
          await axeOnce(page, 'paymentUpdate.editing');
        },
        sending: async () => {
          await expect(page.getByText(t('links.updating'))).toBeVisible();
          await expect(submit).toBeDisabled();
          await axeOnce(page, 'paymentUpdate.sending');
        },
        sent: async () => {
          await expect(page.getByRole('heading', { name: t('links.stepSent'), level: 2 })).toBeVisible();
          await expect(page.getByText(t('links.paymentSentText'))).toBeVisible();
          await axeOnce(page, 'paymentUpdate.sent');
        },
        failed: async (snapshot, event) => {
          await expect(page.getByRole('heading', { name: t('links.failureTitle') })).toBeVisible();
          await expect(page.getByText(t('links.paymentFailureText'))).toBeVisible();
          await expect(page.getByText(say(shownError(snapshot, event)))).toBeVisible();
          await axeOnce(page, 'paymentUpdate.failed');
        },
      };
      await walkPath(path, executors, checks);
    });
  }

  // ---- pendingDocs at /upload_data ----------------------------------------------------------------

  const docsModel = pendingDocsModel as unknown as MachineModel;

  /**
   * The browser prepares the chosen files itself (one PNG: one prepared file), so only that
   * completion of prepareDocs is walkable: three pages need a PDF the model does not choose, and a
   * PNG always prepares. The browser's uploadDocs turns every failure into a `status: 'error'`
   * answer, so its error event never happens on screen. A file is removed with its own button.
   */
  function docsWalkable(steps: readonly WalkStep[], index: number): boolean {
    const { event } = steps[index];
    const files = steps[index - 1].state.context.files as { id: string }[];
    switch (event.type) {
      case 'xstate.done.actor.prepareDocs':
        return (event.output as unknown[]).length === files.length;
      case 'xstate.error.actor.prepareDocs':
      case 'xstate.error.actor.uploadDocs':
        return false;
      case 'FILE_REMOVED':
        return files.some((file) => file.id === event.id);
      default:
        return true;
    }
  }

  const docsPaths = coveringPaths(docsModel, docsWalkable);

  test(`${language}: pendingDocs: the walk covers every state and transition the page can take`, () => {
    expect(missingIn(docsModel, docsPaths)).toEqual({
      states: [],
      transitions: [
        // More prepared files than allowed: a PDF of three pages (see docsWalkable).
        'pendingDocs.preparing xstate.done.actor.prepareDocs -> pendingDocs.editing',
        'pendingDocs.preparing xstate.error.actor.prepareDocs -> pendingDocs.failed',
        'pendingDocs.uploading xstate.error.actor.uploadDocs -> pendingDocs.failed',
      ],
    });
  });

  const fileContents: Record<string, { mimeType: string; buffer: Buffer }> = {
    'factura.png': { mimeType: 'image/png', buffer: gradientPng(32, 24) },
    'notas.txt': { mimeType: 'text/plain', buffer: Buffer.from('notas') },
    // Issue 40 (traveller reach): a text renamed '.jpg' (the PDF of three pages is made in contentOf).
    'notas.jpg': { mimeType: 'image/jpeg', buffer: Buffer.from('no es una foto') },
  };

  async function contentOf(name: string) {
    if (name === 'extracto.pdf') return { mimeType: 'application/pdf', buffer: await multiPagePdf(3) };
    return fileContents[name];
  }

  for (const path of docsPaths) {
    test(`pendingDocs ${path.description}`, async ({ page }) => {
      const load = holdRequests(page, /\/api\/authentication_pending_doc\/\?/);
      const upload = holdRequests(page, /\/api\/upload_pending_doc\/$/, 'POST');
      const patch = holdRequests(page, /\/api\/refund_data\/$/, 'PATCH');
      // The chosen files' reading (an upload with ?purpose=reading; issue 31) is not this walk's:
      // answered as the server answers the walk's made-up link, which sent to the server would count
      // against this address's link attempts (http/limits.ts refundLinkAddress: 12 in three
      // languages) and throttle the specs after this one.
      const readings = page.route(/\/api\/upload_pending_doc\/\?purpose=reading$/, (route) =>
        route.fulfill({ status: 403, json: { detail: messages.refundLinks.linkInvalid } }),
      );
      await Promise.all([load.ready, upload.ready, patch.ready, readings]);
      await page.goto(`/upload_data?${linkQuery}`);
      const comment = page.getByLabel(t('links.commentsLabel'));
      const submit = page.getByRole('button', { name: t('links.send') });
      const executors: Executors = {
        'xstate.done.actor.loadAccess': async (event) => load.answer(200, event.output),
        'xstate.error.actor.loadAccess': async (event) => refuse(load, errorOf(event)),
        FILES_CHOSEN: async (event) =>
          page.getByLabel(t('links.addDocuments')).setInputFiles(
            await Promise.all(
              (event.files as { name: string }[]).map(async (file) => ({
                name: file.name,
                ...(await contentOf(file.name)),
              })),
            ),
          ),
        FILE_REMOVED: async () =>
          page.getByRole('button', { name: `${t('links.removeFile')} ${factura.name}` }).click(),
        COMMENT_CHANGED: async (event) => comment.fill(String(event.value)),
        SUBMIT: async () => submit.click(),
        // The browser prepares the files itself (see docsWalkable).
        'xstate.done.actor.prepareDocs': async () => {},
        'xstate.done.actor.uploadDocs': async (event) => upload.answer(200, event.output),
        'xstate.done.actor.patchRefund': async (event) => patch.answer(200, event.output),
        'xstate.error.actor.patchRefund': async (event) => refuse(patch, errorOf(event)),
        RETRY: async () => page.getByRole('button', { name: t('common.retry') }).click(),
      };
      const busy = (state: string) => async () => {
        await expect(page.getByText(t('links.sending'))).toBeVisible();
        await expect(submit).toBeDisabled();
        await axeOnce(page, `pendingDocs.${state}`);
      };
      const checks: ScreenChecks = {
        loading: async () => {
          await expect(page.getByText(t('common.loading'))).toBeVisible();
          await axeOnce(page, 'pendingDocs.loading');
        },
        accessError: async (snapshot, event) => expectAccessError('pendingDocs', page, walk, snapshot, event),
        editing: async (snapshot) => {
          const context = snapshot.context as {
            files: ReceiptRef[];
            comment: string;
            notice: string | null;
            errors: { files?: string; comment?: string };
            access: { remaining_files: number };
          };
          await speaks(page, walk);
          await expect(page.getByRole('heading', { name: t('links.pageTitle') })).toBeVisible();
          await expect(
            page.getByText(
              t('links.filesAllowed', { count: pagesOf(context.files), max: context.access.remaining_files }),
            ),
          ).toBeVisible();
          await expect(
            page.getByRole('button', { name: new RegExp(`^${t('links.removeFile')} `) }),
          ).toHaveText(context.files.map(() => t('links.removeFile')));
          for (const file of context.files)
            await expect(
              page.getByRole('button', { name: `${t('links.removeFile')} ${file.name}` }),
            ).toBeVisible();
          await expect(comment).toHaveValue(context.comment);
          // Exactly the messages the state holds: the file notice, the files' error, the comment's.
          await expect(page.getByRole('alert')).toHaveText(
            [context.notice, context.errors.files, context.errors.comment]
              .filter((message): message is string => typeof message === 'string')
              .map(say),
          );
          await expect(submit).toBeEnabled();
          await axeOnce(page, 'pendingDocs.editing');
        },
        preparing: busy('preparing'),
        uploading: busy('uploading'),
        patching: busy('patching'),
        sent: async () => {
          await expect(page.getByRole('heading', { name: t('links.successTitle'), level: 2 })).toBeVisible();
          await expect(page.getByText(t('links.successText'))).toBeVisible();
          await axeOnce(page, 'pendingDocs.sent');
        },
        failed: async (snapshot, event) => {
          await expect(page.getByRole('heading', { name: t('links.failureTitle') })).toBeVisible();
          await expect(page.getByText(t('links.failureText'))).toBeVisible();
          await expect(page.getByText(shown(shownError(snapshot, event)))).toBeVisible();
          await axeOnce(page, 'pendingDocs.failed');
        },
      };
      await walkPath(path, executors, checks);
    });
  }
});
