/**
 * Helpers of the portal's defect and accessibility specs (issue 30 §4): the wizard opened with
 * the models' login answer and a stored wizard (as the login page and a reload leave them), its
 * uploads and submission held with page.route; and a real refund's signed links, asked by staff
 * through the API, read from the mail outbox.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createActor } from 'xstate';
import { sampleClaim, sampleRefundLogin } from '../../machines/models/refund';
import { refundWizardMachine } from '../../machines/refundWizard';
import type { Language } from '../../src/contracts/i18n';
import type { RefundLoginResponse } from '../../src/contracts/refund';
import { holdRequests } from './machineWalk';
import { ADMIN, latestMailTo, signedLinkInMail } from './support';

/**
 * The wizard's calls with the login's token: receipt uploads and the submission, held; the server
 * draft (issue 30 §1) answered at once: none to resume, every save accepted with the next version.
 */
export function holdPortal(page: Page) {
  const upload = holdRequests(page, /\/images\/upload-image$/, 'POST');
  const submit = holdRequests(page, /\/api\/refund_data\/$/, 'POST');
  const draft = page.route(/\/api\/refund_data\/draft\/$/, (route) => {
    const request = route.request();
    if (request.method() === 'GET') return route.fulfill({ json: { draft: null } });
    if (request.method() === 'PUT')
      return route.fulfill({
        json: { version: (request.postDataJSON() as { version: number }).version + 1 },
      });
    return route.fallback();
  });
  return { upload, submit, ready: Promise.all([upload.ready, submit.ready, draft]) };
}

/** The models' login answer, for another country of residence if given. */
export function loginFor(country = sampleRefundLogin.refunds.country_residence): RefundLoginResponse {
  return { ...sampleRefundLogin, refunds: { ...sampleRefundLogin.refunds, country_residence: country } };
}

/**
 * A wizard stored at its claims list with the models' claim loaded, started in `language` (issue 42:
 * the page starts its wizard in its own language; absent, Spanish).
 */
export function wizardWithClaim(login: RefundLoginResponse, language?: Language): unknown {
  const actor = createActor(refundWizardMachine, {
    input: {
      login,
      idempotencyKey: crypto.randomUUID(),
      defaultSiteUrl: 'https://www.example.com/',
      ...(language ? { language } : {}),
    },
  });
  actor.start();
  // Past the server draft's read (issue 30 §1): none to resume.
  actor.send({ type: 'xstate.done.actor.loadDraft', output: null } as never);
  actor.send({ type: 'CONTINUE' });
  actor.send({ type: 'OPEN_CLAIM_DIALOG' });
  actor.send({ type: 'xstate.done.actor.claimForm', output: sampleClaim } as never);
  expect(actor.getSnapshot().matches({ claims: 'list' })).toBe(true);
  const owner = JSON.stringify([login.refunds.voucher, login.refunds.doc_number]);
  const stored = { owner, snapshot: actor.getPersistedSnapshot() };
  actor.stop();
  return stored;
}

/** Opens /dashboardRefund as the login page leaves it (and, if given, with a stored wizard). */
export async function openWizard(page: Page, login: RefundLoginResponse, storedWizard?: unknown) {
  await page.addInitScript(
    ([answer, wizard]) => {
      if (window.location.pathname !== '/dashboardRefund' || sessionStorage.getItem('portalSeeded')) return;
      sessionStorage.setItem('portalSeeded', '1');
      sessionStorage.setItem('refundLogin', answer);
      if (wizard) sessionStorage.setItem('refundWizard', wizard);
    },
    [JSON.stringify(login), storedWizard ? JSON.stringify(storedWizard) : ''] as const,
  );
  await page.goto('/dashboardRefund');
}

/** Stored files as the image service answers them. */
export const storedFile = (id: string, name: string) => ({
  id,
  name,
  content_type: 'image/jpeg',
  size: 900,
});

export async function staffHeaders(request: APIRequestContext) {
  const response = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

/** Staff ask the traveller for something (a row action); the mailed signed link is returned. */
export async function askTraveller(
  request: APIRequestContext,
  refundId: number,
  action: 'request_documents' | 'request_bank_data',
  data: Record<string, unknown>,
  travellerMail: string,
): Promise<string> {
  const before = latestMailTo(travellerMail);
  const response = await request.post(`/api/refund/${refundId}/actions/${action}/`, {
    headers: await staffHeaders(request),
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const newLink = () => {
    const mail = latestMailTo(travellerMail);
    return mail && mail !== before ? signedLinkInMail(mail) : null;
  };
  await expect.poll(newLink, { timeout: 15_000 }).not.toBeNull();
  return newLink()!;
}

/** Closes a test's refund ('Rechazado'): the Chilean traveller's open refunds are counted elsewhere. */
export async function closeRefund(request: APIRequestContext, refundId: number) {
  const response = await request.post(`/api/refund/${refundId}/actions/reject/`, {
    headers: await staffHeaders(request),
    data: { reason: 'Prueba e2e terminada' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
