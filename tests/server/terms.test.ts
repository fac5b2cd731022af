/**
 * Issue 28 §4 'Terms acceptance is an act, not a GET': the terms mail links to the public page
 * /terms/<voucher>/<expiry>/<MAC> (the API's {data} is <voucher>.<expiry>.<MAC>; issue 39: it lapses); GET (the page's read, and the old /sendAcceptConditions/ link) changes nothing;
 * the acceptance is a POST, idempotent and in the voucher's history; a forged link is 404 and a
 * guessing address is throttled.
 */
import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/contracts/engine';
import { formatUtcDate } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import { type TermsView, termsAcceptedSchema, termsViewSchema } from '../../src/contracts/terms';
import {
  auditLog,
  coverages,
  passengers,
  productCoverages,
  products,
  reservations,
  voucherPassengers,
  vouchers,
} from '../../src/server/db/schema';
import { termsLinkAddress } from '../../src/server/http/limits';
import { as, createTestApp, type TestApp } from './support';

const text = messages.terms;
let testApp: TestApp;
let productId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  // A product that has coverages, so the page has conditions to show.
  const [covered] = await testApp.handle.db
    .select({ id: productCoverages.productId })
    .from(productCoverages)
    .innerJoin(products, eq(products.id, productCoverages.productId))
    .limit(1);
  productId = covered.id;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

/** A voucher with a traveller, its terms mailed through /sendEmailCCGG/: the link's {data}. */
async function mailedTerms(): Promise<{ voucher: number; data: string; mail: string }> {
  const db = testApp.handle.db;
  const [reservation] = await db
    .insert(reservations)
    .values({ status: 3, dateIn: '2027-05-01', dateOut: '2027-05-15' })
    .returning({ id: reservations.id });
  const [voucher] = await db
    .insert(vouchers)
    .values({ reservationId: reservation.id, productId, status: 3, rateLongName: 'Tarifa anual' })
    .returning({ id: vouchers.id });
  const [pax] = await db
    .insert(passengers)
    .values({
      name: 'Inés',
      surname: 'Terms',
      docNumber: `5${voucher.id}`,
      email: `ines.${voucher.id}@example.com`,
    })
    .returning({ id: passengers.id });
  await db.insert(voucherPassengers).values({ voucherId: voucher.id, paxId: pax.id });
  const admin = as(testApp, await testApp.login('admin'));
  const sent = await admin({
    method: 'POST',
    url: '/api/sendEmailCCGG/',
    payload: { voucher_id: voucher.id },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = (testApp.outbox().at(-1) ?? '').replace(/=\r?\n/g, '');
  expect(mail).toContain(`To: ines.${voucher.id}@example.com`);
  const link = /https?:\/\/[^/\s]+\/terms\/(\d+)\/(\d+)\/([A-Za-z0-9_-]{32})\s/.exec(mail);
  expect(link?.[1]).toBe(String(voucher.id));
  return { voucher: voucher.id, data: `${link?.[1]}.${link?.[2]}.${link?.[3]}`, mail };
}

async function stateOf(voucherId: number) {
  const [row] = await testApp.handle.db
    .select({ acceptedAt: vouchers.conditionsAcceptedAt, updatedAt: vouchers.updatedAt })
    .from(vouchers)
    .where(eq(vouchers.id, voucherId));
  const [{ audits }] = await testApp.handle.db
    .select({ audits: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'voucher'),
        eq(auditLog.recordId, String(voucherId)),
        eq(auditLog.action, 'accept_terms'),
      ),
    );
  return { ...row, audits };
}

const inject = (method: 'GET' | 'POST' | 'HEAD', url: string, remoteAddress = '198.51.100.10') =>
  testApp.app.inject({ method, url, remoteAddress });

describe('terms by GET change nothing', () => {
  it('the page read, the old link (303 to the page) and HEAD leave the voucher unaccepted', async () => {
    const { voucher, data } = await mailedTerms();
    const before = await stateOf(voucher);
    expect(before.acceptedAt).toBeNull();

    const read = await inject('GET', `/api/terms/${data}/`);
    expect(read.statusCode, read.body).toBe(200);
    const view = termsViewSchema.parse(read.json());
    expect(view.accepted_at).toBeNull();
    // Every prefetch a mail scanner might do, several times.
    for (let round = 0; round < 3; round++) {
      const old = await inject('GET', `/api/sendAcceptConditions/${data}`);
      expect([old.statusCode, old.headers.location]).toEqual([303, `/terms/${data.replaceAll('.', '/')}`]);
      expect((await inject('HEAD', `/api/terms/${data}/`)).statusCode).toBe(200);
      expect((await inject('GET', `/api/terms/${data}/`)).json().accepted_at).toBeNull();
    }
    expect(await stateOf(voucher)).toEqual(before);
  });

  it("shows the conditions of the voucher's product: its coverages with their limits", async () => {
    const { voucher, data } = await mailedTerms();
    const view: TermsView = termsViewSchema.parse((await inject('GET', `/api/terms/${data}/`)).json());
    const [product] = await testApp.handle.db
      .select({ name: products.longName })
      .from(products)
      .where(eq(products.id, productId));
    const expected = await testApp.handle.db
      .select({ name: coverages.longNameEs, limit: productCoverages.limitAmount })
      .from(productCoverages)
      .innerJoin(coverages, eq(coverages.id, productCoverages.coverageId))
      .where(eq(productCoverages.productId, productId));
    expect(expected.length).toBeGreaterThan(0);
    expect([view.voucher_id, view.product, view.rate, view.date_in, view.date_out]).toEqual([
      voucher,
      product.name,
      'Tarifa anual',
      '2027-05-01',
      '2027-05-15',
    ]);
    expect(view.coverages.map((coverage) => [coverage.name, coverage.limit]).sort()).toEqual(
      expected.map((coverage) => [coverage.name, coverage.limit]).sort(),
    );
  });
});

describe('acceptance is a POST', () => {
  it('records once, in the history; a repeat answers the first acceptance and changes nothing', async () => {
    const { voucher, data } = await mailedTerms();
    const first = await inject('POST', `/api/terms/${data}/accept/`);
    expect(first.statusCode, first.body).toBe(200);
    const accepted = termsAcceptedSchema.parse(first.json());
    expect(accepted.already).toBe(false);
    const after = await stateOf(voucher);
    expect([after.acceptedAt?.toISOString(), after.audits]).toEqual([accepted.accepted_at, 1]);

    const again = termsAcceptedSchema.parse((await inject('POST', `/api/terms/${data}/accept/`)).json());
    expect(again).toEqual({ status: 'OK', accepted_at: accepted.accepted_at, already: true });
    expect(await stateOf(voucher)).toEqual(after);
    expect((await inject('GET', `/api/terms/${data}/`)).json().accepted_at).toBe(accepted.accepted_at);

    const admin = as(testApp, await testApp.login('admin'));
    const history = await admin({ method: 'GET', url: `/api/history/?entity=voucher&record=${voucher}` });
    const entries = history
      .json<{ results: HistoryEntry[] }>()
      .results.filter((entry) => entry.action === 'accept_terms');
    expect(entries.map((entry) => [entry.user.id, entry.changes.conditions_accepted_at?.after])).toEqual([
      [null, accepted.accepted_at],
    ]);
    // Issue 40: recorded as the voucher's traveller (read 'Viajero (voucher N)'), not 'public'.
    expect(entries[0].user.username).toBe(`public:voucher:${voucher}`);
  });

  it('a forged or malformed link is 404 with the message and accepts nothing', async () => {
    const { voucher } = await mailedTerms();
    for (const data of [`${voucher}.${'x'.repeat(32)}`, `${voucher}`, '%00', `0${voucher}.${'x'.repeat(32)}`])
      for (const [method, url] of [
        ['GET', `/api/terms/${data}/`],
        ['POST', `/api/terms/${data}/accept/`],
      ] as const) {
        const answer = await inject(method, url, '198.51.100.20');
        expect([url, answer.statusCode, answer.json().detail]).toEqual([url, 404, text.linkInvalid]);
      }
    expect((await stateOf(voucher)).acceptedAt).toBeNull();
  });

  it('issue 39: a link lapses at its signed expiry (410, nothing accepted); old links without one are lapsed', async () => {
    const { voucher, data, mail } = await mailedTerms();
    const secret = testApp.context.config.jwtSecret;
    // The mailed link lapses TERMS_LINK_DAYS (30 by default) from now, and the mail says when.
    const expires = Number(data.split('.')[1]) * 1000;
    const days = testApp.context.config.termsLinkDays;
    expect(days).toBe(30);
    expect(Math.abs(expires - (Date.now() + days * 24 * 60 * 60 * 1000))).toBeLessThan(60_000);
    expect(mail).toContain(`El enlace vence el ${formatUtcDate(new Date(expires))}.`);

    const sign = (message: string) =>
      createHmac('sha256', secret).update(message).digest('base64url').slice(0, 32);
    const past = Math.floor(Date.now() / 1000) - 1;
    const lapsed = [
      // Its expiry passed (signed as the server signs).
      `${voucher}.${past}.${sign(`conditions:${voucher}:${past}`)}`,
      // Mailed before issue 39: `<voucher>.<MAC>`, no expiry, MAC of 'conditions:<voucher>'.
      `${voucher}.${sign(`conditions:${voucher}`)}`,
    ];
    for (const link of lapsed)
      for (const [method, url] of [
        ['GET', `/api/terms/${link}/`],
        ['POST', `/api/terms/${link}/accept/`],
      ] as const) {
        const answer = await inject(method, url, '198.51.100.40');
        expect([url, answer.statusCode, answer.json().detail]).toEqual([url, 410, text.linkLapsed]);
      }
    // A lapsed link whose expiry is pushed back without the MAC is forged (404).
    const [, , lapsedMac] = lapsed[0].split('.');
    const pushed = await inject(
      'GET',
      `/api/terms/${voucher}.${past + 10 ** 8}.${lapsedMac}/`,
      '198.51.100.41',
    );
    expect([pushed.statusCode, pushed.json().detail]).toEqual([404, text.linkInvalid]);
    // Lapsed links are real links, not guesses: they never block the address.
    for (let index = 0; index <= termsLinkAddress.freeFailures; index++)
      expect((await inject('GET', `/api/terms/${lapsed[1]}/`, '198.51.100.40')).statusCode).toBe(410);
    expect((await stateOf(voucher)).acceptedAt).toBeNull();
    // The mailed link still opens, from the same address.
    expect((await inject('GET', `/api/terms/${data}/`, '198.51.100.40')).statusCode).toBe(200);
  });

  it('an address that guesses links waits (429), while another address opens its right link', async () => {
    const { voucher, data } = await mailedTerms();
    const forged = `/api/terms/${voucher}.${'y'.repeat(32)}/`;
    const codes: number[] = [];
    for (let index = 0; index <= termsLinkAddress.freeFailures; index++)
      codes.push((await inject('GET', forged, '198.51.100.30')).statusCode);
    expect(codes).toEqual(Array(termsLinkAddress.freeFailures + 1).fill(404));
    const blocked = await inject('POST', `/api/terms/${data}/accept/`, '198.51.100.30');
    expect([blocked.statusCode, blocked.json().detail]).toEqual([429, text.linkThrottled]);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stateOf(voucher)).acceptedAt).toBeNull();
    expect((await inject('POST', `/api/terms/${data}/accept/`, '198.51.100.31')).statusCode).toBe(200);
  });
});
