// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * voucherDocuments (a voucher's documents panel, issue 15; SPEC §4 'Voucher, print, send and
 * multivoucher responses are OK or Error'; §7 /pdfVoucher/, /sendEmailCCGG/) along its generated
 * paths in Chromium (issue 29 §tests): the show view of demo voucher 1 (/dashboard/vouchers/1; its
 * form reads the voucher from the server). The panel's calls are held and answered as the path
 * says: POST /pdfVoucher/ with a PDF, POST /sendEmailCCGG/ with `{status: 'OK', message}` or
 * `{status: 'Error', detail}` (§4), a refused print with its detail. No mail is sent, nothing is
 * written. The panel is found by its title, not its place on the page.
 *
 * Not walkable, for a stated reason (pinned below): the multivoucher's print and mail, which first
 * read the voucher's reservation (GET /voucher/{id}/, the form's own read) — the voucher's print
 * and the terms mail take the same RUN, the same states and transitions.
 * A print's success is worded by the client with the file's name (`pdfReady`), not the model's text.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { voucherDocumentsModel } from '../../machines/models/bookings';
import type { MachineModel } from '../../machines/models/types';
import type { DocumentKind, VoucherDocumentsContext } from '../../machines/voucherDocuments';
import { messages } from '../../src/contracts/messages';
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
import { signInByApi } from './support';

const text = messages.bookings;
const VOUCHER_ID = 1;
const LABELS: Record<DocumentKind, string> = {
  printVoucher: text.print,
  printMulti: text.printMulti,
  sendTerms: text.sendTerms,
  sendMulti: text.sendMulti,
};
const WALKED: DocumentKind[] = ['printVoucher', 'sendTerms'];

const model = voucherDocumentsModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as VoucherDocumentsContext;

function documentsWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event;
  return event.type !== 'RUN' || WALKED.includes(event.kind as DocumentKind);
}

const paths = coveringPaths(model, documentsWalkable);

test('the walk covers every state and transition of the voucher documents', () => {
  expect(paths.length).toBeLessThanOrEqual(4);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

/** The panel's buttons (the documents' labels, or 'Procesando...' on the running one). */
const documentButton = (page: Page, kind: DocumentKind, working: boolean) =>
  page.getByRole('button', { name: working ? text.working : LABELS[kind], exact: true });

for (const path of paths) {
  test(`voucherDocuments: ${path.description}`, async ({ page }) => {
    let running: DocumentKind = 'printVoucher';
    let step = 0;
    /** Whether the path answers the RUN at `step` with a success. */
    const printSucceeds = () => path.steps[step + 1]?.event.type === 'xstate.done.actor.runDocument';
    await signInByApi(page);
    const print = holdRequests(page, /\/api\/pdfVoucher\/$/, 'POST');
    const sendTerms = holdRequests(page, /\/api\/sendEmailCCGG\/$/, 'POST');
    await Promise.all([print.ready, sendTerms.ready]);
    // The PDF itself (holdRequests answers JSON): the newest print held here, before `print`.
    const pdfs: Route[] = [];
    await page.route(/\/api\/pdfVoucher\/$/, (route) => {
      if (running === 'printVoucher' && printSucceeds()) pdfs.push(route);
      else return route.fallback();
    });
    await page.goto(`/dashboard/vouchers/${VOUCHER_ID}`);
    await expect(page.getByRole('heading', { name: text.documentsTitle })).toBeVisible();

    const executors: Executors = {
      RUN: async (event, before) => {
        running = event.kind as DocumentKind;
        step = path.steps.findIndex((one) => one.state === before) + 1;
        await documentButton(page, running, false).click();
      },
      DISMISS: async () => page.getByRole('button', { name: text.close, exact: true }).click(),
      'xstate.done.actor.runDocument': async (event) => {
        if (running === 'printVoucher') {
          await expect.poll(() => pdfs.length, { message: 'POST /pdfVoucher/' }).toBe(1);
          await pdfs
            .pop()!
            .fulfill({ status: 200, contentType: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' });
        } else await sendTerms.answer(200, { status: 'OK', message: event.output });
      },
      'xstate.error.actor.runDocument': async (event) => {
        if (running === 'printVoucher') await print.answer(400, { detail: errorOf(event).message });
        else await sendTerms.answer(200, { status: 'Error', detail: errorOf(event).message });
      },
    };

    /** The notice's text as the page words it: a print's success names the saved file. */
    const shownNotice = (notice: NonNullable<VoucherDocumentsContext['notice']>) =>
      notice.tone === 'success' && running === 'printVoucher'
        ? text.pdfReady(`voucher_${VOUCHER_ID}.pdf`)
        : notice.text;

    const checks: ScreenChecks = {
      idle: async (snapshot) => {
        for (const kind of Object.keys(LABELS) as DocumentKind[])
          await expect(documentButton(page, kind, false)).toBeEnabled();
        const { notice } = contextOf(snapshot);
        const closers = page.getByRole('button', { name: text.close, exact: true });
        await expect(closers).toHaveCount(notice ? 1 : 0);
        const shown = page.getByRole(notice?.tone === 'danger' ? 'alert' : 'status').filter({ has: closers });
        await expect(shown).toHaveText(notice ? [`${shownNotice(notice)}${text.close}`] : []);
      },
      working: async (snapshot) => {
        const kind = contextOf(snapshot).kind!;
        await expect(documentButton(page, kind, true)).toBeDisabled();
        await expect(documentButton(page, kind, true)).toHaveAttribute('aria-busy', 'true');
        for (const other of (Object.keys(LABELS) as DocumentKind[]).filter((one) => one !== kind))
          await expect(documentButton(page, other, false)).toBeDisabled();
        await expect(page.getByRole('button', { name: text.close, exact: true })).toHaveCount(0);
        const held = kind === 'printVoucher' ? print : sendTerms;
        await expect.poll(() => held.waiting(), { message: `the ${kind} call` }).toBe(1);
      },
    };

    await walkPath(path, executors, checks);
  });
}
