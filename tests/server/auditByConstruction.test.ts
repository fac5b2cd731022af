/**
 * Audit by construction (issue 29): every write the engine accepts writes its history entry in
 * its own transaction, and a refused one writes none.
 *
 * GENERATED over the engine's registry (`registeredResourcesOf`, not a hand list): for every
 * registered module, each of its write routes — update (PUT), create (POST), remove (DELETE) of
 * what it created, every row action and every bulk action — is called as the superuser with a
 * body made from a record of its own table (the detail's values under the write schema's keys).
 * For each call: a 2xx answer added exactly one `audit_log` row for that record and action (a
 * bulk: one per accepted id); any other answer added none. A new module is walked without a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schema from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/schema';
import { type RegisteredResource, registeredResourcesOf } from '../../src/server/resources/engine';
import { as, createTestApp, type TestApp } from './support';
import { keysOf, type ZodLike } from './zodArbitrary';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let resources: RegisteredResource[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  resources = registeredResourcesOf(testApp.context);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

type Json = Record<string, unknown>;

interface Attempt {
  route: string;
  status: number;
  /** Audit rows the call added for its record(s) and action. */
  added: number;
  /** Audit rows it should have added (0 when refused). */
  expected: number;
}

const attempts: Attempt[] = [];

async function auditRows(entity: string, action: string, recordId?: number): Promise<number> {
  const where = and(
    eq(auditLog.entity, entity),
    eq(auditLog.action, action),
    recordId === undefined ? undefined : eq(auditLog.recordId, String(recordId)),
  );
  const [{ total }] = await testApp.context.db.select({ total: count() }).from(auditLog).where(where);
  return total;
}

async function idsOf(resource: RegisteredResource, limit: number): Promise<number[]> {
  const rows = await testApp.context.db
    .select({ id: resource.table.id })
    .from(resource.table)
    .orderBy(asc(resource.table.id))
    .limit(limit);
  return rows.map((row) => Number(row.id));
}

/** The detail's values under the write schema's keys (nulls left out: optional fields). */
function bodyFrom(detail: Json, schema: z.ZodType, withNulls: boolean): Json {
  const body: Json = {};
  for (const key of keysOf(schema as unknown as ZodLike))
    if (Object.hasOwn(detail, key) && (withNulls || detail[key] !== null)) body[key] = detail[key];
  return body;
}

/** Names made unique for a create (unique columns), other values as read. */
function renamed(body: Json, token: string): Json {
  const copy: Json = { ...body };
  for (const key of ['short_name', 'long_name', 'name', 'username', 'code', 'email', 'document'])
    if (typeof copy[key] === 'string')
      copy[key] = key === 'email' ? `a${token}@example.com` : `${String(copy[key]).slice(0, 20)}${token}`;
  return copy;
}

async function detailOf(resource: RegisteredResource, id: number): Promise<Json | null> {
  const answer = await admin({ method: 'GET', url: `/api${resource.path}${id}/` });
  return answer.statusCode === 200 ? answer.json<Json>() : null;
}

/** Calls one write and records whether the audit rows match its answer. */
async function call(
  route: string,
  entity: string,
  action: string,
  recordIds: number[] | 'created',
  send: () => ReturnType<typeof admin>,
  acceptedIds?: (body: Json) => number[],
) {
  const ids = recordIds === 'created' ? [] : recordIds;
  const before = recordIds === 'created' ? await auditRows(entity, action) : 0;
  const beforeEach = await Promise.all(ids.map((id) => auditRows(entity, action, id)));
  const answer = await send();
  const ok = answer.statusCode >= 200 && answer.statusCode < 300;
  let added: number;
  let expected: number;
  if (recordIds === 'created') {
    added = (await auditRows(entity, action)) - before;
    const created = ok ? Number(answer.json<Json>().id) : 0;
    expected = ok ? 1 : 0;
    if (ok) expect(await auditRows(entity, action, created), route).toBe(1);
  } else {
    const afterEach = await Promise.all(ids.map((id) => auditRows(entity, action, id)));
    added = afterEach.reduce((sum, value, index) => sum + value - beforeEach[index], 0);
    expected = !ok ? 0 : acceptedIds ? acceptedIds(answer.json<Json>()).length : ids.length;
  }
  attempts.push({ route, status: answer.statusCode, added, expected });
  return answer;
}

describe('audit by construction, generated over the registry', () => {
  it('every accepted write of every registered module writes its audit row; a refused one none', async () => {
    const token = `${Date.now() % 1_000_000}`;
    for (const resource of resources) {
      const { path, entity, operations } = resource;
      const [first, second] = await idsOf(resource, 2);
      const detail = first === undefined ? null : await detailOf(resource, first);

      if (operations.includes('update') && first !== undefined && detail) {
        for (const withNulls of [true, false]) {
          const answer = await call(`PUT ${path}:id/`, entity, 'update', [first], () =>
            admin({
              method: 'PUT',
              url: `/api${path}${first}/`,
              payload: bodyFrom(detail, resource.writeSchemas.update, withNulls),
            }),
          );
          if (answer.statusCode < 300) break;
        }
      }

      let created: number | null = null;
      if (operations.includes('create') && detail) {
        for (const withNulls of [true, false]) {
          const answer = await call(`POST ${path}`, entity, 'create', 'created', () =>
            admin({
              method: 'POST',
              url: `/api${path}`,
              payload: renamed(bodyFrom(detail, resource.writeSchemas.create, withNulls), token),
            }),
          );
          if (answer.statusCode === 201) {
            created = Number(answer.json<Json>().id);
            break;
          }
        }
      }

      for (const { name } of resource.actions) {
        if (second !== undefined)
          await call(`POST ${path}:id/actions/${name}/`, entity, name, [second], () =>
            admin({ method: 'POST', url: `/api${path}${second}/actions/${name}/`, payload: {} }),
          );
        const target = created ?? first;
        if (target !== undefined)
          await call(
            `POST ${path}bulk/${name}/`,
            entity,
            name,
            [target],
            () => admin({ method: 'POST', url: `/api${path}bulk/${name}/`, payload: { ids: [target] } }),
            (body) =>
              (body.results as { id: number; ok: boolean }[]).filter((row) => row.ok).map((row) => row.id),
          );
      }

      if (operations.includes('remove') && created !== null) {
        const id = created;
        await call(`DELETE ${path}:id/`, entity, 'remove', [id], () =>
          admin({ method: 'DELETE', url: `/api${path}${id}/` }),
        );
      }
    }

    const wrong = attempts.filter((attempt) => attempt.added !== attempt.expected);
    expect(wrong).toEqual([]);
    // The walk reached the writes: accepted calls for most routes (a refusal proves only half).
    const accepted = attempts.filter((attempt) => attempt.status < 300);
    const routes = new Set(attempts.map((attempt) => attempt.route));
    const acceptedRoutes = new Set(accepted.map((attempt) => attempt.route));
    console.info(
      `audit walk: ${attempts.length} calls over ${routes.size} write routes, ${accepted.length} accepted on ${acceptedRoutes.size} routes`,
    );
    expect(acceptedRoutes.size).toBeGreaterThanOrEqual(Math.ceil(routes.size / 2));
    for (const kind of ['PUT', 'POST', 'DELETE'])
      expect(
        [...acceptedRoutes].some((route) => route.startsWith(kind)),
        kind,
      ).toBe(true);
    expect([...acceptedRoutes].some((route) => route.includes('/actions/'))).toBe(true);
    expect([...acceptedRoutes].some((route) => route.includes('/bulk/'))).toBe(true);
  }, 600_000);
});

/**
 * Every table write outside the engine, found in the source (not a hand list of routes): each
 * `file verb table` is classified below, and a write the list does not know fails. 'auditedWrite':
 * the file's write runs inside `auditedWrite` (the work answers its entry). 'engine': a
 * declaration's hook or action, whose entry the engine writes in the same transaction. Any other
 * value is why the write is not a person's action (docs/engine.md 'The audit guarantee').
 */
const WRITES_OUTSIDE_THE_ENGINE: Record<string, string> = {
  'auth/guard.ts update users': 'token version bump: called inside the audited logout, reset and user saves',
  'auth/principal.ts insert appMeta': "principal epoch (cache invalidation), not a person's action",
  'auth/refundAccess.ts insert refundAccessVersions':
    'traveller token versions (sign-in bookkeeping); the submission that revokes them is audited',
  'http/attempts.ts delete attemptCounters': 'failed-attempt counters (rate limiting)',
  'http/attempts.ts insert attemptCounters': 'failed-attempt counters (rate limiting)',
  'http/rateLimitStore.ts delete rateLimitCounters': 'rate-limit counters',
  'http/rateLimitStore.ts insert rateLimitCounters': 'rate-limit counters',
  'resources/audit.ts insert auditLog': 'the history itself',
  'resources/bookings.ts update passengers': 'engine',
  'resources/bookings.ts update reservations': 'engine',
  'resources/bookings.ts update vouchers': 'engine',
  'resources/exports.ts insert exportJobs': 'export job: the job row records its owner, filters and time',
  'resources/exports.ts update exportJobs': 'export job progress and heartbeats (a worker, not a person)',
  'resources/groups.ts delete groupPermissions': 'engine',
  'resources/groups.ts delete groupStatuses': 'engine',
  'resources/groups.ts insert groupPermissions': 'engine',
  'resources/groups.ts insert groupStatuses': 'engine',
  'resources/invoicing.ts insert reservationInvoicing': 'engine',
  'resources/offices.ts delete aditionalOffices': 'engine',
  'resources/offices.ts delete officeKaring': 'engine',
  'resources/offices.ts delete officeSperta': 'engine',
  'resources/offices.ts delete officeTags': 'engine',
  'resources/offices.ts insert aditionalOffices': 'engine',
  'resources/offices.ts insert officeKaring': 'engine',
  'resources/offices.ts insert officePayments': 'engine',
  'resources/offices.ts insert officeSperta': 'engine',
  'resources/offices.ts insert officeTags': 'engine',
  'resources/offices.ts insert offices': 'auditedWrite',
  'resources/offices.ts update aditionalOffices': 'engine',
  'resources/products.ts update products': 'engine',
  'resources/promotionRules.ts delete promotionProductOffices': 'engine',
  'resources/promotionRules.ts insert promotionProductOffices': 'engine',
  'resources/promotionRules.ts insert promotionProducts': 'engine',
  'resources/refundReview.ts insert refundRequests': 'engine',
  'resources/refundReview.ts update refundClaims': 'engine',
  'resources/refundReview.ts update refundRequests': 'engine',
  'resources/refundReview.ts update refunds': 'engine',
  'resources/users.ts delete userGroups': 'engine',
  'resources/users.ts delete userModules': 'engine',
  'resources/users.ts delete userPermissions': 'engine',
  'resources/users.ts insert userGroups': 'engine',
  'resources/users.ts insert userModules': 'engine',
  'resources/users.ts insert userPermissions': 'engine',
  'routes/auth.ts insert passwordResets': 'auditedWrite',
  'routes/auth.ts update passwordResets': 'auditedWrite',
  'routes/auth.ts update users': 'auditedWrite',
  'routes/groups.ts delete groupStatuses': 'auditedWrite',
  'routes/groups.ts insert groupStatuses': 'auditedWrite',
  'routes/images.ts insert storedFiles': 'auditedWrite',
  'routes/offices.ts insert officePaymentReviews': 'auditedWrite',
  'routes/products.ts delete productCoverages': 'auditedWrite',
  'routes/products.ts delete productDrafts': 'auditedWrite',
  'routes/products.ts delete productOffices': 'auditedWrite',
  'routes/products.ts delete productRates': 'auditedWrite',
  'routes/products.ts delete productZones': 'auditedWrite',
  'routes/products.ts delete rateUploads': 'auditedWrite',
  'routes/products.ts insert productCoverages': 'auditedWrite',
  'routes/products.ts insert productDrafts': 'auditedWrite',
  'routes/products.ts insert productImages': 'auditedWrite',
  'routes/products.ts insert productOffices': 'auditedWrite',
  'routes/products.ts insert productRates': 'auditedWrite',
  'routes/products.ts insert productZones': 'auditedWrite',
  'routes/products.ts insert products': 'auditedWrite',
  'routes/products.ts insert rateUploads': 'auditedWrite',
  'routes/products.ts update productDrafts': 'auditedWrite',
  'routes/products.ts update products': 'auditedWrite',
  'routes/refundLinks.ts insert refundFiles': 'auditedWrite',
  'routes/refundLinks.ts insert storedFiles': 'auditedWrite',
  'routes/refundLinks.ts update refundPayments': 'auditedWrite',
  'routes/refundLinks.ts update refundRequests': 'auditedWrite',
  'routes/refundLinks.ts update refunds': 'auditedWrite',
  'routes/refundLinks.ts update storedFiles': 'auditedWrite',
  'routes/refunds.ts insert refundClaimMissingItems': 'auditedWrite',
  'routes/refunds.ts insert refundClaimServices': 'auditedWrite',
  'routes/refunds.ts insert refundClaims': 'auditedWrite',
  'routes/refunds.ts insert refundFiles': 'auditedWrite',
  'routes/refunds.ts insert refundPayments': 'auditedWrite',
  'routes/refunds.ts insert refunds': 'auditedWrite',
  'routes/refunds.ts update storedFiles': 'auditedWrite',
  'routes/terms.ts update vouchers': 'auditedWrite',
  'services/maintenance.ts delete storedFiles': 'orphan upload cleanup (a scheduled job)',
  'services/reencoding.ts update storedFiles':
    "issue 39: the uploaded image's re-encoding after the audited upload (the same file, its kept bytes)",
  // Issue 30 §1: the traveller's draft, saved and discarded through auditedWrite; the submission
  // deletes it inside its own audited transaction; the 30-day sweep is maintenance.
  'services/refundDrafts.ts insert refundDrafts': 'auditedWrite',
  'services/refundDrafts.ts update refundDrafts': 'auditedWrite',
  'services/refundDrafts.ts delete refundDrafts':
    'auditedWrite (discard; in the audited submission) and the maintenance sweep of stale drafts',
  'services/refundDrafts.ts delete refundDraftFiles': 'auditedWrite',
  'services/refundDrafts.ts insert refundDraftFiles': 'auditedWrite',
  // Issue 32 'Lists': a user's columns and saved views, written through auditedWrite.
  'routes/listPreferences.ts insert listPreferences': 'auditedWrite',
  'routes/listPreferences.ts insert savedViews': 'auditedWrite',
  'routes/listPreferences.ts delete savedViews': 'auditedWrite',
  // Issue 30 §2: queued inside the staff transition's engine transaction (the transition is audited).
  'services/refundDecisions.ts insert refundDecisionMails': 'engine',
  'services/refundDecisions.ts update refundDecisionMails': 'decision mailer bookkeeping (mailed at; a job)',
  'services/refundLinks.ts update refundRequests': 'link mailer bookkeeping (mailed at, expiry; a job)',
  'services/storage.ts delete fileBlobs': 'file bytes of the storage layer (the file rows are audited)',
  'services/storage.ts insert fileBlobs': 'file bytes of the storage layer (the file rows are audited)',
  'services/receiptReading/index.ts insert receiptReadings':
    'what OCR read on an uploaded file (a background job; the upload is audited)',
  'services/receiptReading/queue.ts insert receiptReadings':
    'what OCR read on an uploaded file, stored with its job (a background job; the upload is audited)',
  // Issue 39: the durable reading queue's bookkeeping (claims, heartbeats, ends), in the upload's
  // audited transaction or by the background worker.
  'services/receiptReading/queue.ts insert readingJobs':
    'reading queue (a job; queued in the audited upload)',
  'services/receiptReading/queue.ts update readingJobs':
    'reading queue bookkeeping (claim, heartbeat, end; a job)',
  'services/receiptReading/index.ts update readingJobs':
    'reading queue bookkeeping (released at close; a job)',
};

const serverRoot = path.resolve(__dirname, '../../src/server');
const tableNames = new Set(
  Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [name] : [])),
);

/** `file verb table` of every drizzle write in src/server outside the engine, migrations and seed. */
function writesInTheSource(): Set<string> {
  const found = new Set<string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      const relative = path.relative(serverRoot, full);
      if (entry.isDirectory()) {
        if (!['db/migrations', 'db/seed', 'resources/engine'].includes(relative)) walk(full);
      } else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const [, verb, table] of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g))
          if (tableNames.has(table)) found.add(`${relative} ${verb} ${table}`);
      }
    }
  };
  walk(serverRoot);
  return found;
}

describe('audit by construction, every write outside the engine is classified', () => {
  it('finds every table write in src/server and each is audited or a stated non-action', () => {
    const found = writesInTheSource();
    expect(found.size).toBeGreaterThan(50);
    // A new write outside the engine fails here until it is audited (or said not to be an action).
    expect([...found].filter((write) => !(write in WRITES_OUTSIDE_THE_ENGINE))).toEqual([]);
    // The list stays true: a write that is gone leaves it.
    expect(Object.keys(WRITES_OUTSIDE_THE_ENGINE).filter((write) => !found.has(write))).toEqual([]);
    // A write classified 'auditedWrite' is in a file that runs its writes through the helper.
    const withoutHelper = Object.entries(WRITES_OUTSIDE_THE_ENGINE)
      .filter(([, kind]) => kind === 'auditedWrite')
      .map(([write]) => write.split(' ')[0])
      .filter((file) => !readFileSync(path.join(serverRoot, file), 'utf8').includes('auditedWrite('));
    expect(withoutHelper).toEqual([]);
  });

  it('a sign-in and a logout leave the history entry of who did it', async () => {
    const entity = 'profile';
    const before = await auditRows(entity, 'login');
    const token = await testApp.login('admin');
    expect(await auditRows(entity, 'login')).toBe(before + 1);
    const [entry] = await testApp.context.db
      .select({ username: auditLog.username, userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.action, 'login'))
      .orderBy(asc(auditLog.id))
      .offset(before)
      .limit(1);
    expect(entry.username).toBe('admin');
    const loggedOut = await auditRows(entity, 'logout');
    const answer = await as(testApp, token)({ method: 'POST', url: '/api/token/logout/' });
    expect(answer.statusCode).toBe(200);
    expect(await auditRows(entity, 'logout')).toBe(loggedOut + 1);
  });
});
