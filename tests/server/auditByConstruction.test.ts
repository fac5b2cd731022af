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
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
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
