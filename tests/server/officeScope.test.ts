/**
 * Office scope by construction (issue 28 §2; docs/security-office-scope.md).
 *
 * GENERATED over every module registered on the engine (`registeredResourcesOf`, so a new module
 * is covered without writing a test): a user of office A who holds every permission but no
 * central group (its scope is A's office tree) gets 404 on every other office's record through
 * detail, update, delete, history, row actions and bulk actions, and its lists, totals and
 * export readers count only its own records. A module whose table names an office cannot be
 * declared 'global' without being listed here with its reason.
 *
 * Then the routes outside the engine that read owned rows, the passenger rule, and the user
 * escapes of the issue (a user without groups, an empty group added to oneself, moving oneself
 * to the root office).
 */
import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../../src/contracts/messages';
import { findRole } from '../../src/contracts/roles';
import { officeTreeIds, rowScopeOf } from '../../src/server/auth/officeScope';
import { loadPrincipal, type Principal } from '../../src/server/auth/principal';
import {
  countries,
  officePayments,
  offices,
  passengers,
  refunds,
  reservations,
  users,
  vouchers,
} from '../../src/server/db/schema';
import {
  listReaderOf,
  type RegisteredResource,
  registeredResourcesOf,
} from '../../src/server/resources/engine';
import { exportWorkerOf } from '../../src/server/resources/exports';
import { as, createTestApp, type TestApp } from './support';
import { arbitraryOf, type ZodLike } from './zodArbitrary';

const text = messages.permissions;
const PASSWORD = 'Alcance-Oficina-2026';
const NOT_FOUND = { detail: messages.common.notFound };

/**
 * Tables that name an office yet are declared 'global', with the reason. Any other module whose
 * table has a foreign key to offices must declare its ownership.
 */
const GLOBAL_WITH_OFFICE: Record<string, string> = {
  '/promotion_product_office/':
    'the promotion catalogue (which offices a promotion covers) is central configuration',
};

let testApp: TestApp;
let admin: ReturnType<typeof as>;
/** Every permission, no central group: its scope is its office tree. */
let scoped: ReturnType<typeof as>;
let scopedPrincipal: Principal;
let officeA: number;
let treeA: number[];
let resources: RegisteredResource[];
const inScope = new Map<string, number[]>();
const outOfScope = new Map<string, number[]>();

type Page = { count: number; results: { id: number }[] };

async function createUser(payload: Record<string, unknown>) {
  const response = await admin({
    method: 'POST',
    url: '/api/profile/',
    payload: { email: `${payload.username}@example.com`, password: PASSWORD, groups: [], ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

async function idsWhere(table: PgTable & { id: unknown }, where: SQL | undefined): Promise<number[]> {
  const id = getTableColumns(table).id;
  const rows = await testApp.context.db.select({ id }).from(table).where(where).orderBy(id);
  return rows.map((row) => Number(row.id));
}

/** A payload the action's schema accepts (so a refusal is the scope's, never validation's). */
function validPayload(schema: z.ZodType): Record<string, unknown> {
  if (schema.safeParse({}).success) return {};
  for (const candidate of fc.sample(arbitraryOf(schema as unknown as ZodLike), 500))
    if (schema.safeParse(candidate).success) return candidate as Record<string, unknown>;
  throw new Error('no valid payload found for an action');
}

/** Up to three records of other offices: the first, the middle and the last. */
const sampleOf = (ids: number[]) => [...new Set([ids[0], ids[Math.floor(ids.length / 2)], ids.at(-1)!])];

const owned = () => resources.filter((resource) => resource.ownership !== 'global');

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const [agency] = await testApp.context.db
    .select({ officeId: users.officeId })
    .from(users)
    .where(eq(users.username, 'agencia'));
  officeA = agency.officeId!;
  treeA = await officeTreeIds(testApp.context.db, officeA);

  // A refund of a voucher of A's tree and one of another office's.
  for (const where of [inArray(vouchers.officeId, treeA), sql`not (${inArray(vouchers.officeId, treeA)})`]) {
    const [voucher] = await idsWhere(vouchers, where);
    await testApp.context.db.insert(refunds).values({
      voucherId: voucher,
      docNumber: '30111222',
      name: 'Viajera',
      surname: 'Prueba',
      email: 'viajera@example.com',
      phoneContact: '1155550000',
      idempotencyKey: randomUUID(),
      countryResidence: 'ARG',
    });
  }

  // The attacker of the issue made strong: every permission, office A, no central group.
  const everything = await admin({
    method: 'POST',
    url: '/api/groups/',
    payload: { name: 'Todo sin alcance', all_permissions: findRole(21)!.permissions },
  });
  expect(everything.statusCode, everything.body).toBe(201);
  const user = await createUser({
    username: 'alcance_a',
    office: officeA,
    groups: [everything.json<{ id: number }>().id],
  });
  scoped = as(testApp, await testApp.login('alcance_a', PASSWORD));
  scopedPrincipal = (await loadPrincipal(testApp.context.db, user.id))!;

  resources = registeredResourcesOf(testApp.context);
  for (const resource of owned()) {
    const all = await idsWhere(resource.table, undefined);
    const mine = await idsWhere(resource.table, rowScopeOf(resource.ownership, scopedPrincipal));
    inScope.set(resource.path, mine);
    outOfScope.set(
      resource.path,
      all.filter((id) => !mine.includes(id)),
    );
  }
}, 120_000);
afterAll(() => testApp?.close());

describe('the declaration', () => {
  it('covers every registered module, and the owned ones are the ones the issue names', () => {
    expect(resources.length).toBeGreaterThan(20);
    const ownedPaths = owned().map((resource) => resource.path);
    for (const path of ['/reservation/', '/voucher/', '/facturacion/', '/pax/', '/profile/', '/office/'])
      expect(ownedPaths).toContain(path);
  });

  it('declares an owner for every module whose table names an office', () => {
    for (const resource of resources) {
      const namesOffice =
        getTableName(resource.table) === 'offices' ||
        getTableConfig(resource.table).foreignKeys.some(
          (key) => getTableName(key.reference().foreignTable) === 'offices',
        );
      if (!namesOffice || Object.hasOwn(GLOBAL_WITH_OFFICE, resource.path)) continue;
      expect(resource.ownership, `${resource.path} names an office but is declared global`).not.toBe(
        'global',
      );
    }
  });

  it('has records of other offices in every owned module (the walk below is never empty)', () => {
    for (const resource of owned())
      expect(outOfScope.get(resource.path)?.length ?? 0, resource.path).toBeGreaterThan(0);
  });
});

describe('generated: another office is 404 through every route of every owned module', () => {
  it('detail, update, delete, history, row actions and bulk actions', async () => {
    let requests = 0;
    for (const resource of owned()) {
      const { path, operations } = resource;
      for (const id of sampleOf(outOfScope.get(path)!)) {
        const at = `${path} #${id}`;
        if (operations.includes('detail')) {
          const detail = await scoped({ method: 'GET', url: `/api${path}${id}/` });
          expect(detail.statusCode, `GET ${at}`).toBe(404);
          expect(detail.json()).toEqual(NOT_FOUND);
        }
        if (operations.includes('update'))
          expect(
            (await scoped({ method: 'PUT', url: `/api${path}${id}/`, payload: {} })).statusCode,
            `PUT ${at}`,
          ).toBe(404);
        if (operations.includes('remove'))
          expect(
            (await scoped({ method: 'DELETE', url: `/api${path}${id}/` })).statusCode,
            `DELETE ${at}`,
          ).toBe(404);
        const history = await scoped({
          method: 'GET',
          url: `/api/history/?entity=${encodeURIComponent(resource.entity)}&record=${id}`,
        });
        expect(history.statusCode, `history ${at}`).toBe(404);
        for (const action of resource.actions) {
          const payload = validPayload(action.input);
          const row = await scoped({
            method: 'POST',
            url: `/api${path}${id}/actions/${action.name}/`,
            payload,
          });
          expect(row.statusCode, `action ${action.name} ${at}: ${row.body}`).toBe(404);
          const bulk = await scoped({
            method: 'POST',
            url: `/api${path}bulk/${action.name}/`,
            payload: { ids: [id], ...payload },
          });
          expect(bulk.statusCode, `bulk ${action.name} ${at}: ${bulk.body}`).toBe(200);
          expect(bulk.json(), `bulk ${action.name} ${at}`).toEqual({
            results: [{ id, ok: false, detail: messages.common.notFound }],
          });
          requests += 2;
        }
        requests += 4;
      }
    }
    expect(requests).toBeGreaterThan(50);
    // Nothing was written in anyone's name by the attempts (its sign-in is in the history, issue 29).
    const written = (await testApp.context.db.execute(
      sql`select count(*)::int as n from audit_log where user_id = ${scopedPrincipal.id} and action <> 'login'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(written.rows[0].n)).toBe(0);
  }, 120_000);

  it('reads its own records through the same routes (the 404s are the scope, not a lack of permission)', async () => {
    for (const resource of owned()) {
      const [own] = inScope.get(resource.path) ?? [];
      if (own === undefined || !resource.operations.includes('detail')) continue;
      const detail = await scoped({ method: 'GET', url: `/api${resource.path}${own}/` });
      expect(detail.statusCode, `${resource.path} #${own}: ${detail.body}`).toBe(200);
    }
    for (const path of ['/reservation/', '/voucher/', '/facturacion/', '/pax/', '/office/'])
      expect(inScope.get(path)?.length ?? 0, path).toBeGreaterThan(0);
  });

  it('lists, totals and the export readers count only its own records', async () => {
    for (const resource of owned()) {
      if (!resource.operations.includes('list')) continue;
      const { path } = resource;
      const mine = inScope.get(path)!;
      const page = await scoped({ method: 'GET', url: `/api${path}?limit=1000` });
      expect(page.statusCode, `${path}: ${page.body}`).toBe(200);
      const { count, results } = page.json<Page>();
      for (const row of results) expect(mine, `${path} lists #${row.id}`).toContain(row.id);
      expect(count, path).toBeLessThanOrEqual(mine.length);
      // The export engine's reader (every export and CSV) counts and reads the same rows.
      const reader = listReaderOf(testApp.context, path);
      if (reader) {
        const { where } = await reader.whereOf({}, scopedPrincipal);
        expect(await reader.count(testApp.context.db, where, 1_000_000), `${path} export count`).toBe(count);
        const batch = await reader.ids(testApp.context.db, where, [], '', 1000);
        for (const id of batch.ids) expect(mine, `${path} exports #${id}`).toContain(id);
      }
      if (resource.hasSummary) {
        const summary = await scoped({ method: 'GET', url: `/api${path}summary/` });
        expect(summary.statusCode, summary.body).toBe(200);
        expect(summary.json<{ count: number }>().count, `${path} summary`).toBe(count);
      }
    }
  });
});

describe('what the issue found, counted independently of the declaration', () => {
  it("Facturación: the list, its totals and the invoicing_report export hold A's reservations only", async () => {
    const expected = await idsWhere(reservations, inArray(reservations.officeId, treeA));
    expect(expected.length).toBeGreaterThan(0);
    const all = (await admin({ method: 'GET', url: '/api/facturacion/?limit=1' })).json<Page>().count;
    expect(all).toBeGreaterThan(expected.length);
    const list = (await scoped({ method: 'GET', url: '/api/facturacion/?limit=1000' })).json<Page>();
    expect(list.results.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected);
    expect((await scoped({ method: 'GET', url: '/api/facturacion/summary/' })).json().count).toBe(
      expected.length,
    );
    const posted = await scoped({ method: 'POST', url: '/api/facturacion/', payload: { limit: 1000 } });
    expect(posted.json<Page>().count).toBe(expected.length);

    const start = await scoped({ method: 'GET', url: '/api/invoicing_report/' });
    expect(start.statusCode, start.body).toBe(200);
    const { hash } = start.json<{ hash: string }>();
    let report: { status: string; url?: string } | null = null;
    for (let tries = 0; tries < 400 && report?.status !== 'OK'; tries++) {
      exportWorkerOf(testApp.context)?.wake();
      report = (await scoped({ method: 'GET', url: `/api/report/${hash}/` })).json();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(report?.status).toBe('OK');
    const file = await scoped({ method: 'GET', url: `/api${report?.url}` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const exported: number[] = [];
    workbook.worksheets[0].eachRow((row, number) => {
      const value = (row.values as unknown[])[1];
      if (number > 1 && typeof value === 'number') exported.push(value);
    });
    expect(exported.sort((a, b) => a - b)).toEqual(expected);
  }, 60_000);

  it("payment_detail, the PDFs and the reservation CSV answer 404 or nothing of another office's reservation", async () => {
    const [other] = await idsWhere(reservations, sql`not (${inArray(reservations.officeId, treeA)})`);
    expect(
      (await scoped({ method: 'GET', url: `/api/payment_detail/?reservation_id=${other}` })).statusCode,
    ).toBe(404);
    expect(
      (await admin({ method: 'GET', url: `/api/payment_detail/?reservation_id=${other}` })).statusCode,
    ).toBe(200);
    expect(
      (await scoped({ method: 'POST', url: '/api/pdfMultiVoucher/', payload: { id_reservation: other } }))
        .statusCode,
    ).toBe(404);
    const [otherVoucher] = await idsWhere(vouchers, eq(vouchers.reservationId, other));
    expect(
      (await scoped({ method: 'POST', url: '/api/pdfVoucher/', payload: { voucher_id: otherVoucher } }))
        .statusCode,
    ).toBe(404);
    const status = await scoped({
      method: 'POST',
      url: '/api/status_reservation/',
      payload: { reservation_id: other, status: 2 },
    });
    expect(status.statusCode).toBe(404);
    const csv = await scoped({ method: 'GET', url: '/api/csv_reservation_filter/' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n').slice(1);
    const mine = await idsWhere(reservations, inArray(reservations.officeId, treeA));
    expect(lines.map((line) => Number(line.split(';')[0])).sort((a, b) => a - b)).toEqual(mine);
  });

  it("Oficinas: another office's template and payment reviews are 404", async () => {
    const [other] = outOfScope.get('/office/')!;
    expect(
      (await scoped({ method: 'GET', url: `/api/duplicate_office/?office_template=${other}` })).statusCode,
    ).toBe(404);
    const [payment] = await idsWhere(officePayments, sql`not (${inArray(officePayments.officeId, treeA)})`);
    expect((await scoped({ method: 'GET', url: `/api/review/?office_payment=${payment}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await scoped({
          method: 'POST',
          url: '/api/review/',
          payload: { office_payment: payment, observation: 'ajena' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a write never puts a record outside the writer scope (a new root office)', async () => {
    // The body the office form sends, as /duplicate_office/ prepares it from A's office.
    const template = await scoped({
      method: 'GET',
      url: `/api/duplicate_office/?office_template=${officeA}`,
    });
    expect(template.statusCode, template.body).toBe(200);
    const { office_template: _template, ...copy } = template.json<Record<string, unknown>>();
    const body = { ...copy, short_name: 'RAIZ-AJENA', long_name: 'Oficina raíz ajena', parent: null };
    const created = await scoped({ method: 'POST', url: '/api/office/', payload: body });
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json()).toEqual({ detail: text.outsideOfficeScope });
    expect(await idsWhere(offices, eq(offices.shortName, 'RAIZ-AJENA'))).toEqual([]);
  });
});

describe('passengers belong to the offices of their vouchers, or to their creator office', () => {
  it("agencia lists only its vouchers' passengers and its own, and cannot change another office's", async () => {
    const agencia = as(testApp, await testApp.login('agencia'));
    const onMyVouchers = await idsWhere(
      passengers,
      sql`${passengers.id} in (select vp.pax_id from voucher_passengers vp join vouchers v on v.id = vp.voucher_id where v.office_id in ${sql.raw(`(${treeA.join(',')})`)})`,
    );
    expect(onMyVouchers.length).toBeGreaterThan(0);
    const all = (await admin({ method: 'GET', url: '/api/pax/?limit=1' })).json<Page>().count;
    const listed = (await agencia({ method: 'GET', url: '/api/pax/?limit=1000' })).json<Page>();
    expect(all).toBeGreaterThan(listed.count);
    expect(listed.results.map((row) => row.id).sort((a, b) => a - b)).toEqual(onMyVouchers);

    const [foreign] = outOfScope.get('/pax/')!;
    const change = await agencia({
      method: 'PUT',
      url: `/api/pax/${foreign}/`,
      payload: { name: 'Cambiado', surname: 'Ajeno', doc_type: 'DNI', doc_number: '1' },
    });
    expect(change.statusCode).toBe(404);
    expect(
      (await agencia({ method: 'GET', url: `/api/history/?entity=pax&record=${foreign}` })).statusCode,
    ).toBe(404);

    // A passenger on no voucher belongs to the office of the user who created it.
    const [country] = await testApp.context.db.select({ id: countries.id }).from(countries).limit(1);
    const created = await agencia({
      method: 'POST',
      url: '/api/pax/',
      payload: {
        name: 'Nueva',
        surname: 'Pasajera',
        doc_type: 'DNI',
        doc_number: '99887766',
        birth_date: '1990-05-04',
        email: 'nueva@example.com',
        phone: '1155550000',
        country: country.id,
        nationality: country.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await agencia({ method: 'GET', url: `/api/pax/${id}/` })).statusCode).toBe(200);
    const [row] = await testApp.context.db
      .select({ office: passengers.createdOfficeId })
      .from(passengers)
      .where(eq(passengers.id, id));
    expect(row.office).toBe(officeA);
    // An office of another tree (not one above A's, whose tree holds A's records).
    let otherOffice = 0;
    for (const candidate of outOfScope.get('/office/')!)
      if (!(await officeTreeIds(testApp.context.db, candidate)).includes(officeA)) {
        otherOffice = candidate;
        break;
      }
    await createUser({ username: 'agencia_b', office: otherOffice, groups: [16] });
    const agencyB = as(testApp, await testApp.login('agencia_b', PASSWORD));
    expect((await agencyB({ method: 'GET', url: `/api/pax/${id}/` })).statusCode).toBe(404);

    // Once a voucher of office B carries it, it is B's (and no longer A's).
    const [voucherB] = await idsWhere(vouchers, sql`not (${inArray(vouchers.officeId, treeA)})`);
    await testApp.context.db.execute(
      sql`insert into voucher_passengers (voucher_id, pax_id) values (${voucherB}, ${id})`,
    );
    const [bOffice] = await testApp.context.db
      .select({ office: vouchers.officeId })
      .from(vouchers)
      .where(eq(vouchers.id, voucherB));
    await testApp.context.db
      .update(users)
      .set({ officeId: bOffice.office, updatedAt: new Date() })
      .where(eq(users.username, 'agencia_b'));
    const agencyBAgain = as(testApp, await testApp.login('agencia_b', PASSWORD));
    expect((await agencyBAgain({ method: 'GET', url: `/api/pax/${id}/` })).statusCode).toBe(200);
    expect((await agencia({ method: 'GET', url: `/api/pax/${id}/` })).statusCode).toBe(404);
  });
});

describe('a scoped user cannot widen its scope through users (the escapes of the issue)', () => {
  let manager: ReturnType<typeof as>;
  let managerId: number;
  let agencyVouchers: number;
  let allVouchers: number;
  let emptyGroup: number;

  beforeAll(async () => {
    // An agency that manages its own users: Agencia (16) plus user/view and user/add.
    const users = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Usuarios de la agencia', all_permissions: ['user/view', 'user/add'] },
    });
    const empty = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Vacío', all_permissions: [] },
    });
    emptyGroup = empty.json<{ id: number }>().id;
    managerId = (
      await createUser({
        username: 'agencia_gestora',
        office: officeA,
        groups: [16, users.json<{ id: number }>().id],
      })
    ).id;
    manager = as(testApp, await testApp.login('agencia_gestora', PASSWORD));
    agencyVouchers = (await manager({ method: 'GET', url: '/api/voucher/?limit=1' })).json<Page>().count;
    allVouchers = (await admin({ method: 'GET', url: '/api/voucher/?limit=1' })).json<Page>().count;
    expect(agencyVouchers).toBeGreaterThan(0);
    expect(allVouchers).toBeGreaterThan(agencyVouchers);
  });

  const own = async () =>
    (await manager({ method: 'GET', url: `/api/profile/${managerId}/` })).json<Record<string, unknown>>();
  const vouchersOf = async (client: ReturnType<typeof as>) =>
    (await client({ method: 'GET', url: '/api/voucher/?limit=1' })).json<Page>().count;

  it('a user it creates without groups gets the narrowest scope, never every office', async () => {
    const response = await manager({
      method: 'POST',
      url: '/api/profile/',
      payload: {
        username: 'sin_grupo',
        email: 'sin_grupo@example.com',
        password: PASSWORD,
        office: officeA,
        groups: [],
        user_permissions: ['voucher/view'],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = as(testApp, await testApp.login('sin_grupo', PASSWORD));
    expect(await vouchersOf(created)).toBe(agencyVouchers);
    // Without an office either (made by a central administrator): nothing at all.
    await createUser({ username: 'sin_nada', office: null, groups: [], user_permissions: ['voucher/view'] });
    const nothing = as(testApp, await testApp.login('sin_nada', PASSWORD));
    expect(await vouchersOf(nothing)).toBe(0);
  });

  it('gives others only an office of its tree and never a central group', async () => {
    const [outside] = outOfScope.get('/office/')!;
    for (const office of [outside, null]) {
      const response = await manager({
        method: 'POST',
        url: '/api/profile/',
        payload: { username: 'fuera', email: 'fuera@example.com', password: PASSWORD, office, groups: [] },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ office: [text.officeOutsideScope] });
    }
    const central = await manager({
      method: 'POST',
      url: '/api/profile/',
      // Ejecutivo Supervisor (33): permissions the agency holds, but a central role.
      payload: {
        username: 'central',
        email: 'central@example.com',
        password: PASSWORD,
        office: officeA,
        groups: [33],
      },
    });
    expect(central.statusCode, central.body).toBe(400);
    expect(central.json()).toEqual({ groups: [text.groupWidensScope('Ejecutivo Supervisor')] });
  });

  it('cannot add a group to itself, nor move itself to the root office', async () => {
    const me = await own();
    const base = { username: me.username, email: me.email, office: me.office, groups: me.groups };
    const withEmpty = await manager({
      method: 'PUT',
      url: `/api/profile/${managerId}/`,
      payload: { ...base, groups: [...(me.groups as number[]), emptyGroup] },
    });
    expect(withEmpty.statusCode, withEmpty.body).toBe(403);
    expect(withEmpty.json()).toEqual({ detail: text.cannotChangeOwnScope });
    const [root] = await testApp.context.db
      .select({ id: offices.id })
      .from(offices)
      .orderBy(offices.id)
      .limit(1);
    const moved = await manager({
      method: 'PUT',
      url: `/api/profile/${managerId}/`,
      payload: { ...base, office: root.id },
    });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(await own()).toMatchObject({ office: officeA, groups: me.groups });
    expect(await vouchersOf(manager)).toBe(agencyVouchers);
    // Its own name it may still change.
    const renamed = await manager({
      method: 'PUT',
      url: `/api/profile/${managerId}/`,
      payload: { ...base, first_name: 'Gestora' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("another office's users are 404, and its user list holds its tree's users only", async () => {
    const [foreign] = await idsWhere(
      users,
      sql`${users.officeId} is not null and not (${inArray(users.officeId, treeA)})`,
    );
    expect((await manager({ method: 'GET', url: `/api/profile/${foreign}/` })).statusCode).toBe(404);
    expect((await manager({ method: 'DELETE', url: `/api/profile/${foreign}/` })).statusCode).toBe(404);
    const listed = (await manager({ method: 'GET', url: '/api/profile/?limit=1000' })).json<{
      results: { id: number; office: number | null }[];
    }>();
    for (const user of listed.results) expect(treeA).toContain(user.office);
  });
});
