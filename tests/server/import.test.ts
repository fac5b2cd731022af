/**
 * `npm run import` (issue 43) from a second instance of this product, which serves the original
 * API's documented calls (SPEC §7): the demo data into a fresh database, counts and money
 * reconciled; the same again (nothing created or updated); after a voucher changed and a passenger
 * deleted at the source (one update, one deletion); the command killed with SIGKILL in the middle
 * of the vouchers and run again (it continues from its last committed page: no duplicates, the
 * same totals); a dry run that writes nothing and reports what the real run does; and the source
 * client's manners (Retry-After, backoff).
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localTodayIso } from '../../src/contracts/refund/dates';
import type { RefundLoginResponse } from '../../src/contracts/refund/login';
import { openDatabase } from '../../src/server/db/client';
import { storedFiles } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { DEMO_REFUND_TRAVELLERS } from '../../src/server/db/seed/refunds';
import { setImportFileStorage } from '../../src/server/import/refunds';
import { humanReport } from '../../src/server/import/report';
import { type ImportResult, runImport } from '../../src/server/import/run';
import { createSource, retryAfterMs, SourceError } from '../../src/server/import/source';
import { filesystemStorage, storageOf } from '../../src/server/services/storage';
import { freshTestDatabase } from './postgresAdmin';
import { ADMIN_PASSWORD, as, createTestApp, multipart, refundLoginOf, type TestApp } from './support';
import { testConfig } from './testConfig';

let source: TestApp;
let baseUrl: string;
const targets: { pool: pg.Pool; url: string; drop(): Promise<void> }[] = [];

async function freshTarget() {
  const database = await freshTestDatabase();
  const handle = await openDatabase({ databaseUrl: database.url });
  await handle.migrate();
  // What npm start's first start makes with SEED_DEMO=false (scripts/import.ts does the same).
  const configDir = mkdtempSync(path.join(tmpdir(), 'import-test-'));
  await seed(handle.db, testConfig(configDir, { seedDemo: false }));
  rmSync(configDir, { recursive: true, force: true });
  await handle.close();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const target = { pool, url: database.url, drop: database.drop };
  targets.push(target);
  return target;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const sourceOf = () =>
  createSource({ baseUrl, username: 'admin', password: ADMIN_PASSWORD, concurrency: 8, backoffMs: 50 });

const byEntity = (result: ImportResult) =>
  Object.fromEntries(result.entities.map((entry) => [entry.entity, entry]));

async function scalar(pool: pg.Pool | pg.PoolClient, query: string, params: unknown[] = []): Promise<string> {
  const { rows } = await pool.query(query, params);
  return String(Object.values(rows[0] as Record<string, unknown>)[0]);
}

const sourcePool = () => (source.context.db as unknown as { $client: pg.Pool }).$client;

async function sourceScalar(query: string, params: unknown[] = []): Promise<string> {
  return scalar(sourcePool(), query, params);
}

beforeAll(async () => {
  source = await createTestApp();
  await source.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}/api`;
}, 120_000);

afterAll(async () => {
  for (const target of targets) {
    await target.pool.end();
    await target.drop();
  }
  await source?.close();
});

describe('npm run import from another instance', () => {
  let target: Awaited<ReturnType<typeof freshTarget>>;

  it('brings the demo data across, reconciled, with one history entry per record and no password', async () => {
    target = await freshTarget();
    const result = await runImport({ pool: target.pool, source: sourceOf() });
    expect(result.reconciliation.counts.filter((count) => !count.ok)).toEqual([]);
    expect(result.reconciliation.ok).toBe(true);
    const entities = byEntity(result);
    const sourceVouchers = Number(await sourceScalar('select count(*) from vouchers'));
    expect(entities.voucher.sourceCount).toBe(sourceVouchers);
    expect(entities.voucher.created).toBe(sourceVouchers);
    expect(entities.pax.created).toBe(Number(await sourceScalar('select count(*) from pax')));
    // Business numbers kept: the same voucher and reservation numbers, with the same money.
    expect(await scalar(target.pool, "select string_agg(id::text, ',' order by id) from vouchers")).toBe(
      await sourceScalar("select string_agg(id::text, ',' order by id) from vouchers"),
    );
    expect(await scalar(target.pool, 'select sum(final_price)::text from vouchers')).toBe(
      await sourceScalar('select sum(final_price)::text from vouchers'),
    );
    const money = result.reconciliation.money.find((entry) => entry.entity === 'voucher')!;
    expect(money.differences).toEqual([]);
    expect(money.here.final_price).toBe(
      await sourceScalar('select sum(final_price)::numeric(16,2)::text from vouchers'),
    );
    // A voucher's passengers came with it (the list's copy too, kept by the triggers).
    expect(await scalar(target.pool, 'select count(*) from voucher_passengers')).toBe(
      await sourceScalar('select count(*) from voucher_passengers'),
    );
    // A reservation's payments and a product's rates came through their documented calls.
    for (const table of [
      'reservation_payments',
      'product_rates',
      'product_coverages',
      'promotion_product_office',
    ])
      expect([table, await scalar(target.pool, `select count(*) from ${table}`)]).toEqual([
        table,
        await sourceScalar(`select count(*) from ${table}`),
      ]);
    expect(result.reconciliation.money.find((entry) => entry.entity === 'payments')?.here.final_price).toBe(
      await sourceScalar('select sum(amount)::numeric(16,2)::text from reservation_payments'),
    );
    // One history entry per written record, none other; no mail (the importer has no mailer).
    expect(
      await scalar(
        target.pool,
        "select count(*) from audit_log where entity = 'voucher' and action = 'import'",
      ),
    ).toBe(String(sourceVouchers));
    expect(await scalar(target.pool, "select count(*) from audit_log where action <> 'import'")).toBe('0');
    // Users come without a password: only 'Olvidé mi contraseña' gives them one.
    expect(result.usersWithoutPassword).toBe(entities.profile.created);
    expect(result.usersWithoutPassword).toBeGreaterThan(0);
    expect(
      await scalar(
        target.pool,
        "select count(*) from users where password_hash = '!importado' and username = 'ejecutivo'",
      ),
    ).toBe('1');
  }, 90_000);

  it('a second run changes nothing', async () => {
    const result = await runImport({ pool: target.pool, source: sourceOf() });
    expect(result.reconciliation.ok).toBe(true);
    for (const entry of result.entities) {
      expect([entry.entity, entry.created, entry.updated, entry.deleted]).toEqual([entry.entity, 0, 0, 0]);
      expect(entry.unchanged).toBe(entry.sourceCount);
    }
    // No payment-detail call: every invoicing row and its reservation are as the first run read them.
    expect(byEntity(result).facturacion.reused).toBe(byEntity(result).facturacion.sourceCount);
  }, 60_000);

  it("reads a reservation's payments again when the reservation changed, and all of them with allPayments", async () => {
    const reservationId = Number(await sourceScalar('select min(reservation_id) from reservation_payments'));
    // At the source: the reservation changed and a payment was recorded with it.
    await sourceScalar(
      "update reservations set contact_emergency_name = 'Otra persona' where id = $1 returning id",
      [reservationId],
    );
    await sourceScalar(
      `insert into reservation_payments (reservation_id, method, amount, currency, instalments, paid_at, reference)
       values ($1, 'transfer', 321.45, 'USD', 1, '2026-01-15', 'pago nuevo') returning id`,
      [reservationId],
    );
    const result = await runImport({
      pool: target.pool,
      source: sourceOf(),
      only: ['reservation', 'facturacion'],
    });
    expect(result.reconciliation.ok).toBe(true);
    const entities = byEntity(result);
    expect([entities.reservation.updated, entities.facturacion.updated]).toEqual([1, 1]);
    const invoicing = entities.facturacion.sourceCount;
    expect(invoicing).toBeGreaterThan(1);
    expect(entities.facturacion.reused).toBe(invoicing - 1);
    expect(
      await scalar(target.pool, 'select count(*) from reservation_payments where reservation_id = $1', [
        reservationId,
      ]),
    ).toBe(
      await sourceScalar('select count(*) from reservation_payments where reservation_id = $1', [
        reservationId,
      ]),
    );
    expect(result.reconciliation.money.find((entry) => entry.entity === 'payments')?.here.final_price).toBe(
      await sourceScalar('select sum(amount)::numeric(16,2)::text from reservation_payments'),
    );

    const all = await runImport({
      pool: target.pool,
      source: sourceOf(),
      only: ['facturacion'],
      allPayments: true,
    });
    expect(all.reconciliation.ok).toBe(true);
    expect([byEntity(all).facturacion.reused, byEntity(all).facturacion.unchanged]).toEqual([0, invoicing]);
  }, 60_000);

  it('after a voucher changed and a passenger deleted at the source: one update, one deletion', async () => {
    const admin = as(source, await source.login('admin'));
    const voucherId = Number(await sourceScalar('select min(id) from vouchers'));
    const changed = await admin({
      method: 'PUT',
      url: `/api/voucher/${voucherId}/`,
      payload: { observations: 'Cambiada en el sistema anterior' },
    });
    expect(changed.statusCode).toBe(200);
    const paxId = Number(
      await sourceScalar(
        'select max(p.id) from pax p where not exists (select 1 from voucher_passengers vp where vp.pax_id = p.id) ' +
          'and not exists (select 1 from refunds r where r.pax_id = p.id)',
      ),
    );
    expect(paxId).toBeGreaterThan(0);
    const removed = await admin({ method: 'DELETE', url: `/api/pax/${paxId}/` });
    expect(removed.statusCode).toBe(204);

    const result = await runImport({ pool: target.pool, source: sourceOf() });
    expect(result.reconciliation.ok).toBe(true);
    const entities = byEntity(result);
    expect([entities.voucher.created, entities.voucher.updated]).toEqual([0, 1]);
    expect([entities.pax.created, entities.pax.updated, entities.pax.deleted]).toEqual([0, 0, 1]);
    expect(await scalar(target.pool, 'select observations from vouchers where id = $1', [voucherId])).toBe(
      'Cambiada en el sistema anterior',
    );
    expect(
      await scalar(
        target.pool,
        "select count(*) from import_id_map where entity = 'pax' and legacy_id = $1",
        [paxId],
      ),
    ).toBe('0');
    expect(await scalar(target.pool, 'select count(*) from pax')).toBe(
      await sourceScalar('select count(*) from pax'),
    );
    expect(
      await scalar(
        target.pool,
        "select count(*) from audit_log where entity = 'pax' and action = 'import_remove'",
      ),
    ).toBe('1');
  }, 60_000);

  it("brings offices' Karing records and payment-review history and groups' status records", async () => {
    const admin = as(source, await source.login('admin'));
    const paymentId = Number(await sourceScalar('select min(id) from office_payments'));
    const reviewed = await admin({
      method: 'POST',
      url: '/api/review/',
      payload: { office_payment: paymentId, observation: 'Revisado antes de la migración' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const groupId = Number(await sourceScalar('select min(id) from groups'));
    const status = await admin({
      method: 'PUT',
      url: `/api/status_group/${groupId}/`,
      payload: { group: groupId, is_active: false },
    });
    expect(status.statusCode, status.body).toBe(200);
    const result = await runImport({ pool: target.pool, source: sourceOf(), only: ['office', 'groups'] });
    expect(result.reconciliation.ok).toBe(true);
    expect(result.reviewProblems).toEqual([]);
    for (const [table, columns] of [
      [
        'office_karing',
        "karing_code || '|' || address || '|' || is_enabled || '|' || coalesce(municipality_id::text, '')",
      ],
      [
        'office_payment_reviews',
        "observation || '|' || snapshot::text || '|' || coalesce(user_id::text, '')",
      ],
      ['status_group s join groups g on g.id = s.group_id', "g.name || '|' || s.is_active"],
    ])
      expect([
        table,
        await scalar(
          target.pool,
          `select count(*) || ':' || coalesce(string_agg(${columns}, ',' order by 1), '') from ${table}`,
        ),
      ]).toEqual([
        table,
        await sourceScalar(
          `select count(*) || ':' || coalesce(string_agg(${columns}, ',' order by 1), '') from ${table}`,
        ),
      ]);
    expect(await scalar(target.pool, 'select count(*) from office_karing')).not.toBe('0');
    expect(await scalar(target.pool, 'select count(*) from status_group where not is_active')).toBe('1');
    expect(
      await scalar(target.pool, 'select count(*) from office_payment_reviews where observation = $1', [
        'Revisado antes de la migración',
      ]),
    ).toBe('1');
    const again = await runImport({ pool: target.pool, source: sourceOf(), only: ['office', 'groups'] });
    expect(again.entities.map((entry) => [entry.entity, entry.created, entry.updated])).toEqual([
      ['office', 0, 0],
      ['groups', 0, 0],
    ]);
  }, 60_000);

  it("brings a product's image bytes through GET /product_image/{id}/, checked by content, into the storage", async () => {
    const admin = as(source, await source.login('admin'));
    const upload = multipart([{ name: 'file', data: PNG, filename: 'producto.png' }]);
    const uploaded = await admin({
      method: 'POST',
      url: '/api/upload_image/',
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageId = (uploaded.json() as { id: string }).id;
    const productId = Number(await sourceScalar('select min(id) from products'));
    // The product takes the image (the wizard's last step does this; set directly here).
    await sourceScalar('update products set url_image = $1 where id = $2 returning id', [imageId, productId]);
    const stored = await sourceScalar('select path from product_images where id = $1', [imageId]);
    const bytes = await storageOf(source.context).get(stored);
    expect(bytes).not.toBeNull();

    const result = await runImport({ pool: target.pool, source: sourceOf(), only: ['product'] });
    expect(result.reconciliation.ok).toBe(true);
    expect([byEntity(result).product.created, byEntity(result).product.updated]).toEqual([0, 1]);
    expect(result.imageProblems).toEqual([]);
    const here = Number(
      await scalar(
        target.pool,
        "select new_id from import_id_map where entity = 'product' and legacy_id = $1",
        [productId],
      ),
    );
    expect(await scalar(target.pool, 'select url_image from products where id = $1', [here])).toBe(imageId);
    expect(
      await scalar(
        target.pool,
        "select i.content_type || ' ' || i.size || ' ' || encode(sha256(b.data), 'hex') from product_images i join file_blobs b on b.key = i.path where i.id = $1",
        [imageId],
      ),
    ).toBe(`image/png ${bytes!.length} ${createHash('sha256').update(bytes!).digest('hex')}`);
    const again = await runImport({ pool: target.pool, source: sourceOf(), only: ['product'] });
    expect([byEntity(again).product.created, byEntity(again).product.updated]).toEqual([0, 0]);
  }, 60_000);

  it('brings refunds across: claims, amounts, statuses, files (bytes checked), payment data as staff see it', async () => {
    // A refund made on the source through its own portal calls, reviewed and approved by staff.
    const traveller = DEMO_REFUND_TRAVELLERS.find((one) => one.country === 'BRA' && one.claimable)!;
    const login = await refundLoginOf(source, traveller.docNumber);
    const loginData = (
      await source.app.inject({
        method: 'GET',
        url: `/api/refund_data/?voucher_id=${login.voucherId}&document=${traveller.docNumber}`,
        remoteAddress: '10.43.0.1',
      })
    ).json() as RefundLoginResponse;
    const upload = multipart([{ name: 'file', data: PNG, filename: 'recibo.png' }]);
    const uploaded = await source.app.inject({
      method: 'POST',
      url: '/images/upload-image',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${loginData.access}` },
      remoteAddress: '10.43.0.2',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const files = (uploaded.json() as { files: { id: string; name: string }[] }).files;
    const data = loginData.refunds;
    const coverage = data.coverages.find((name) => !data.multi_cause_coverages.includes(name))!;
    const today = localTodayIso();
    const submission = {
      idempotency_key: randomUUID(),
      refund: {
        name: data.name,
        surname: data.surname,
        doc_number: data.doc_number,
        voucher: data.voucher,
        email: 'viajero-import@example.com',
        phone_contact: '+5511912345678',
        client_comment: 'Importado en la prueba',
      },
      refund_coverage: {
        claims: [
          {
            coverage,
            sinister_country: 'ITA',
            sinister_date: data.date_out && data.date_out < today ? data.date_out : today,
            currency: 'USD',
            amount: '1234.56',
            coverage_files: files,
          },
        ],
        comment: '',
      },
      refund_payment: {
        payment_method: 'Transferencia',
        refund_method: 'Cuenta propia',
        owner: 'Titular Demo',
        bank: 'Banco do Brasil',
        account_type: 'Cuenta corriente',
        account_number: '12345678',
        swift: 'BRASBRRJ',
        doc_number: traveller.docNumber,
        bank_adress: 'SBS Quadra 1, Brasília',
      },
    };
    const body = multipart([
      { name: 'data', data: JSON.stringify(submission) },
      { name: 'files', data: JSON.stringify(files) },
    ]);
    const submitted = await source.app.inject({
      method: 'POST',
      url: '/api/refund_data/',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${loginData.access}` },
      remoteAddress: '10.43.0.3',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const refundId = (submitted.json() as { refund: { id: number } }).refund.id;
    const admin = as(source, await source.login('admin'));
    expect(
      (await admin({ method: 'POST', url: `/api/refund/${refundId}/actions/review/`, payload: {} }))
        .statusCode,
    ).toBe(200);
    const claimId = Number(
      await sourceScalar('select id from refund_claims where refund_id = $1', [refundId]),
    );
    const approved = await admin({
      method: 'POST',
      url: `/api/refund/${refundId}/actions/approve/`,
      payload: { amounts: [{ claim: claimId, amount: '1000,5' }] },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const result = await runImport({ pool: target.pool, source: sourceOf(), only: ['refund'] });
    expect(result.reconciliation.ok).toBe(true);
    const refundsReport = byEntity(result).refund;
    const sourceRefunds = Number(await sourceScalar('select count(*) from refunds'));
    expect([refundsReport.sourceCount, refundsReport.created]).toEqual([sourceRefunds, sourceRefunds]);
    const money = result.reconciliation.money.find((entry) => entry.entity === 'refund')!;
    expect(money.differences).toEqual([]);
    // Claimed in the first column, approved in the second.
    expect([money.here.final_price, money.here.commission]).toEqual([
      await sourceScalar('select sum(amount)::numeric(16,2)::text from refund_claims'),
      await sourceScalar('select coalesce(sum(approved_amount), 0)::numeric(16,2)::text from refund_claims'),
    ]);
    const here = Number(
      await scalar(
        target.pool,
        "select new_id from import_id_map where entity = 'refund' and legacy_id = $1",
        [refundId],
      ),
    );
    expect(await scalar(target.pool, 'select status from refunds where id = $1', [here])).toBe('APROBADO');
    expect(
      await scalar(
        target.pool,
        "select string_agg(coverage_name || ' ' || currency_code || ' ' || amount || ' ' || approved_amount, ',') from refund_claims where refund_id = $1",
        [here],
      ),
    ).toBe(`${coverage} USD 1234.56 1000.50`);
    // The file's bytes came through POST /refund_download_file/, equal to the source's stored ones.
    const sourceFile = await source.context.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, files[0].id));
    expect(
      await scalar(
        target.pool,
        "select sf.sha256 || ' ' || sf.content_type || ' ' || sf.size || ' ' || rf.kind from refund_files rf join stored_files sf on sf.id = rf.file_id where rf.refund_id = $1",
        [here],
      ),
    ).toBe(`${sourceFile[0].sha256} image/png ${sourceFile[0].size} claim`);
    expect(
      await scalar(
        target.pool,
        "select encode(sha256(b.data), 'hex') from file_blobs b join stored_files sf on sf.path = b.key join refund_files rf on rf.file_id = sf.id where rf.refund_id = $1",
        [here],
      ),
    ).toBe(sourceFile[0].sha256);
    // Payment data: the clear fields; the masked ones cannot be read, so the data is incomplete here.
    expect(
      await scalar(
        target.pool,
        "select owner || '|' || account_type || '|' || account_number || '|' || status from refund_payments where refund_id = $1",
        [here],
      ),
    ).toBe('Titular Demo|Cuenta corriente||false');
    expect(result.maskedPayments).toContainEqual(expect.objectContaining({ legacy_id: refundId }));
    // No mail, no pending request link from the import.
    expect(await scalar(target.pool, 'select count(*) from refund_requests where mailed_at is null')).toBe(
      '0',
    );

    const again = await runImport({ pool: target.pool, source: sourceOf(), only: ['refund'] });
    expect([byEntity(again).refund.created, byEntity(again).refund.updated]).toEqual([0, 0]);
    expect(again.reconciliation.ok).toBe(true);
  }, 60_000);
  it('quarantines a refund whose file fails its check, with the reason, and goes on with the others', async () => {
    const [withFile] = (
      await sourcePool().query<{ refund_id: number; file_id: string; path: string; sha256: string }>(
        `select rf.refund_id, sf.id as file_id, sf.path, sf.sha256 from refund_files rf
         join stored_files sf on sf.id = rf.file_id order by rf.refund_id desc limit 1`,
      )
    ).rows;
    // At the source: another refund (a copy of that one's row, without files) made since the last run.
    const other = Number(
      await sourceScalar(
        `insert into refunds select (jsonb_populate_record(null::refunds, to_jsonb(r) || jsonb_build_object(
           'id', nextval(pg_get_serial_sequence('refunds', 'id')), 'idempotency_key', gen_random_uuid(),
           'client_comment', 'Hecho antes del corte'))).* from refunds r where r.id = $1 returning id`,
        [withFile.refund_id],
      ),
    );
    const sourceRefunds = Number(await sourceScalar('select count(*) from refunds'));
    expect(sourceRefunds).toBeGreaterThanOrEqual(2);
    const storage = storageOf(source.context);
    const original = await storage.get(withFile.path);
    expect(original).not.toBeNull();
    // At the source: that refund's file is no longer what its detail announces.
    await storage.put(withFile.path, Buffer.from('esto no es una imagen'));
    const result = await runImport({ pool: target.pool, source: sourceOf(), only: ['refund'] }).finally(() =>
      storage.put(withFile.path, original!),
    );
    const refunds = byEntity(result).refund;
    const reason = `refund ${withFile.refund_id}: el archivo ${withFile.file_id}: el contenido no es JPEG, PNG ni PDF`;
    expect([refunds.quarantined, refunds.created, refunds.unchanged]).toEqual([1, 1, sourceRefunds - 2]);
    expect(refunds.reasons).toEqual([reason]);
    // Does not reconcile: the command exits 1 and the report names the refund.
    expect(result.reconciliation.ok).toBe(false);
    expect(result.reconciliation.counts.find((count) => count.entity === 'refund')?.ok).toBe(false);
    const human = humanReport(result);
    expect(human).toContain(`cuarentena: ${reason}`);
    expect(human).toContain('Resultado: NO CONCILIA');
    expect(
      await scalar(
        target.pool,
        "select reason from import_quarantine where entity = 'refund' and legacy_id = $1",
        [withFile.refund_id],
      ),
    ).toBe(reason.slice(`refund ${withFile.refund_id}: `.length));
    // The other refund came; the quarantined one is left as the last good run brought it.
    const hereOf = async (legacy: number) =>
      Number(
        await scalar(
          target.pool,
          "select new_id from import_id_map where entity = 'refund' and legacy_id = $1",
          [legacy],
        ),
      );
    expect(
      await scalar(target.pool, 'select client_comment from refunds where id = $1', [await hereOf(other)]),
    ).toBe('Hecho antes del corte');
    expect(
      await scalar(
        target.pool,
        'select sf.sha256 from refund_files rf join stored_files sf on sf.id = rf.file_id where rf.refund_id = $1',
        [await hereOf(withFile.refund_id)],
      ),
    ).toBe(withFile.sha256);

    // The file fixed at the source: the next run reconciles and the quarantine is empty again.
    const again = await runImport({ pool: target.pool, source: sourceOf(), only: ['refund'] });
    expect(again.reconciliation.ok).toBe(true);
    expect([byEntity(again).refund.quarantined, byEntity(again).refund.unchanged]).toEqual([
      0,
      sourceRefunds,
    ]);
    expect(await scalar(target.pool, "select count(*) from import_quarantine where entity = 'refund'")).toBe(
      '0',
    );
  }, 60_000);

  it('a dry run with FILE_STORAGE=filesystem writes no file and no row; the real run writes them', async () => {
    const filesDir = mkdtempSync(path.join(tmpdir(), 'import-files-'));
    const files = () =>
      (readdirSync(filesDir, { recursive: true }) as string[]).filter((name) => name.includes('.')).sort();
    const refundId = Number(
      await sourceScalar(
        'select max(refund_id) from refund_files rf join stored_files sf on sf.id = rf.file_id',
      ),
    );
    const productId = Number(
      await sourceScalar("select min(id) from products where url_image ~* '^[0-9a-f]{8}-[0-9a-f]{4}-'"),
    );
    expect([refundId, productId].every((id) => id > 0)).toBe(true);
    // Changed at the source: the run rewrites them, with the refund's file and the product's image.
    await sourceScalar(
      "update refunds set client_comment = 'Cambiado para la prueba' where id = $1 returning id",
      [refundId],
    );
    await sourceScalar("update products set long_name = long_name || ' (nueva)' where id = $1 returning id", [
      productId,
    ]);
    const audit = await scalar(target.pool, 'select count(*) from audit_log');
    setImportFileStorage(() => filesystemStorage(filesDir));
    try {
      const dry = await runImport({
        pool: target.pool,
        source: sourceOf(),
        dryRun: true,
        only: ['product', 'refund'],
      });
      expect([byEntity(dry).product.updated, byEntity(dry).refund.updated]).toEqual([1, 1]);
      expect(dry.imageProblems).toEqual([]);
      expect(files()).toEqual([]);
      expect(await scalar(target.pool, 'select count(*) from audit_log')).toBe(audit);
      expect(
        await scalar(target.pool, 'select count(*) from refunds where client_comment = $1', [
          'Cambiado para la prueba',
        ]),
      ).toBe('0');

      const real = await runImport({ pool: target.pool, source: sourceOf(), only: ['product', 'refund'] });
      expect([byEntity(real).product.updated, byEntity(real).refund.updated]).toEqual([1, 1]);
      const refundFiles = (
        await sourcePool().query<{ id: string; content_type: string }>(
          'select sf.id, sf.content_type from refund_files rf join stored_files sf on sf.id = rf.file_id where rf.refund_id = $1',
          [refundId],
        )
      ).rows;
      const extension: Record<string, string> = {
        'image/png': 'png',
        'image/jpeg': 'jpg',
        'application/pdf': 'pdf',
      };
      const imageId = await sourceScalar('select url_image from products where id = $1', [productId]);
      expect(files()).toEqual(
        [
          ...refundFiles.map((file) => `${file.id.slice(0, 2)}/${file.id}.${extension[file.content_type]}`),
          `products/${imageId.slice(0, 2)}/${imageId}.png`,
        ].sort(),
      );
    } finally {
      setImportFileStorage();
      rmSync(filesDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a run killed (SIGKILL) in the middle of the vouchers', () => {
  it('continues from its last committed page: no duplicates, counts and totals equal', async () => {
    const target = await freshTarget();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'import-test-'));
    // The command as an operator runs it, on the target database, one small page at a time.
    const command = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/import.ts', '--from', baseUrl, '--username', 'admin', '--page-size', '20'],
      {
        env: {
          ...process.env,
          DATABASE_URL: target.url,
          DATA_DIR: dataDir,
          JWT_SECRET: 'import-test-secret-import-test-secret-0123',
          IMPORT_PASSWORD: ADMIN_PASSWORD,
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<number | null>((resolve) => command.once('exit', (code) => resolve(code)));
    // Killed as soon as a page of vouchers is committed and the entity is not done.
    await vi.waitFor(
      async () => {
        const { rows } = await target.pool.query(
          "select next_offset from import_checkpoints where entity = 'voucher' and not done and next_offset >= 20",
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 80_000, interval: 20 },
    );
    command.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    const committed = Number(await scalar(target.pool, 'select count(*) from vouchers'));
    const checkpoint = Number(
      await scalar(target.pool, "select next_offset from import_checkpoints where entity = 'voucher'"),
    );
    const sourceVouchers = Number(await sourceScalar('select count(*) from vouchers'));
    expect(committed).toBe(checkpoint);
    expect(committed).toBeLessThan(sourceVouchers);

    const resumed = await runImport({ pool: target.pool, source: sourceOf(), pageSize: 50 });
    const entities = byEntity(resumed);
    expect(entities.voucher.resumedAt).toBe(checkpoint);
    expect(entities.voucher.sourceCount).toBe(sourceVouchers);
    expect(entities.voucher.created).toBe(sourceVouchers);
    expect(resumed.reconciliation.ok).toBe(true);
    expect(await scalar(target.pool, 'select count(*) from vouchers')).toBe(String(sourceVouchers));
    expect(await scalar(target.pool, "select count(*) from audit_log where entity = 'voucher'")).toBe(
      String(sourceVouchers),
    );
    expect(await scalar(target.pool, 'select sum(net_price)::text from vouchers')).toBe(
      await sourceScalar('select sum(net_price)::text from vouchers'),
    );
    // References fixed after their entity (a branch's parent, a country's currency) survived the kill.
    for (const query of [
      'select count(*) from offices where parent_id is not null',
      'select count(*) from countries where currency_id is not null',
    ])
      expect([query, await scalar(target.pool, query)]).toEqual([query, await sourceScalar(query)]);
  }, 90_000);
});

describe('--dry-run', () => {
  it('prints the report the real run prints, and writes nothing', async () => {
    const target = await freshTarget();
    const only = ['zone', 'supplier', 'tags', 'coverage', 'pax_black_list'];
    const before = await scalar(target.pool, 'select count(*) from audit_log');
    const dry = await runImport({ pool: target.pool, source: sourceOf(), dryRun: true, only });
    expect(dry.dryRun).toBe(true);
    expect(dry.reconciliation.ok).toBe(true);
    expect(byEntity(dry).pax_black_list.created).toBe(
      Number(await sourceScalar('select count(*) from pax_black_list')),
    );
    for (const table of [
      'zones',
      'pax_black_list',
      'import_id_map',
      'import_checkpoints',
      'import_quarantine',
    ])
      expect([table, await scalar(target.pool, `select count(*) from ${table}`)]).toEqual([table, '0']);
    expect(await scalar(target.pool, 'select count(*) from audit_log')).toBe(before);
    const real = await runImport({ pool: target.pool, source: sourceOf(), only });
    const figures = (result: ImportResult) =>
      result.entities.map(({ entity, sourceCount, created, updated, unchanged, quarantined, mapped }) => ({
        entity,
        sourceCount,
        created,
        updated,
        unchanged,
        quarantined,
        mapped,
      }));
    expect(figures(real)).toEqual(figures(dry));
    expect(real.reconciliation).toEqual(dry.reconciliation);
  }, 60_000);
});

describe('polite to the source', () => {
  it('waits for Retry-After on 429, retries a 503 with backoff, and gives up with a Spanish sentence', async () => {
    const answers = [
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503, headers: {} },
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"count":1,"results":[{"id":7}]}',
      },
    ];
    const seen: number[] = [];
    const server = createServer((request, response) => {
      seen.push(Date.now());
      if (request.url === '/api/token/') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"access":"t"}');
        return;
      }
      const answer = request.url?.startsWith('/api/broken/')
        ? { status: 500, headers: {} }
        : answers.shift()!;
      response.writeHead(answer.status, answer.headers).end((answer as { body?: string }).body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    try {
      const polite = createSource({ baseUrl: url, username: 'u', password: 'p', backoffMs: 20, attempts: 3 });
      await polite.signIn();
      const started = Date.now();
      const page = await polite.page<{ id: number }>('/zone/', 0, 10);
      expect(page.results).toEqual([{ id: 7 }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950); // Retry-After: 1 s
      expect(polite.stats().retries).toBe(2);
      await expect(polite.get('/broken/')).rejects.toBeInstanceOf(SourceError);
      await expect(polite.get('/broken/')).rejects.toThrow(/no respondió: 500 en \/broken\/ \(3 intentos\)/);
    } finally {
      server.close();
    }
    expect(retryAfterMs('2', 10)).toBe(2000);
    expect(retryAfterMs(null, 10)).toBe(10);
    expect(retryAfterMs('not a date', 10)).toBe(10);
  }, 30_000);
});
