/**
 * The service per registered module (issue 29): called in process with a principal, it answers
 * what its HTTP route answers, applies the module's permissions and office scope inside (another
 * office's record is 404 whoever calls), and audits its writes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { officeTreeIds } from '../../src/server/auth/officeScope';
import { loadPrincipal, type Principal } from '../../src/server/auth/principal';
import { auditLog, users, vouchers } from '../../src/server/db/schema';
import { HttpError } from '../../src/server/http/errors';
import { voucherResource } from '../../src/server/resources/bookings';
import { listAnswer, serviceOf } from '../../src/server/resources/engine';
import { zoneResource } from '../../src/server/resources/zones';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let adminPrincipal: Principal;
let agencyPrincipal: Principal;
let foreignVoucher: number;

async function principalOf(username: string): Promise<Principal> {
  const [user] = await testApp.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  return (await loadPrincipal(testApp.context.db, user.id))!;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  adminPrincipal = await principalOf('admin');
  agencyPrincipal = await principalOf('agencia');
  const tree = await officeTreeIds(testApp.context.db, agencyPrincipal.officeId!);
  const [voucher] = await testApp.context.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(sql`${vouchers.officeId} is null or not (${inArray(vouchers.officeId, tree)})`)
    .limit(1);
  foreignVoucher = voucher.id;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('serviceOf', () => {
  it('lists and reads what the routes answer', async () => {
    const service = serviceOf(testApp.context, voucherResource);
    const page = await service.list(adminPrincipal, { limit: '5', ordering: 'id' });
    const route = await admin({ method: 'GET', url: '/api/voucher/?limit=5&ordering=id' });
    expect(listAnswer('/api/voucher/?limit=5&ordering=id', page)).toEqual(route.json());
    const [first] = page.results;
    const detail = await admin({ method: 'GET', url: `/api/voucher/${first.id}/` });
    expect(await service.get(adminPrincipal, first.id)).toEqual(detail.json());
  });

  it('applies the office scope inside: another office record is 404 for the agency', async () => {
    const service = serviceOf(testApp.context, voucherResource);
    await expect(service.get(agencyPrincipal, foreignVoucher)).rejects.toMatchObject({
      statusCode: 404,
      detail: messages.common.notFound,
    });
    const bulk = await service.runBulkAction(agencyPrincipal, 'status_2', { ids: [foreignVoucher] });
    expect(bulk.results).toEqual([{ id: foreignVoucher, ok: false, detail: messages.common.notFound }]);
    const mine = await service.list(agencyPrincipal, { id: String(foreignVoucher) });
    expect(mine.count).toBe(0);
  });

  it('checks permissions before reading and refuses bad ids as the routes do', async () => {
    const zones = serviceOf(testApp.context, zoneResource);
    const refused = await zones.create(agencyPrincipal, { short_name: 'X', long_name: 'Y' }).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused.statusCode).toBe(403);
    await expect(zones.get(adminPrincipal, 'abc')).rejects.toMatchObject({ statusCode: 404 });
    await expect(zones.runAction(adminPrincipal, 'nope', 1)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('writes in one transaction with its audit entry', async () => {
    const zones = serviceOf(testApp.context, zoneResource);
    const created = await zones.create(adminPrincipal, {
      short_name: `SV${Date.now() % 100000}`,
      long_name: 'Zona',
    });
    await zones.update(adminPrincipal, created.id as number, {
      short_name: created.short_name,
      long_name: 'Zona 2',
    });
    await zones.remove(adminPrincipal, created.id as number);
    const entries = await testApp.context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'zone'), eq(auditLog.recordId, String(created.id))))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'remove']);
  });
});
