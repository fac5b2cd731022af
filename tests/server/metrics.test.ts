/**
 * Issue 41 'Health and metrics': /api/health/ready (database, migrations, job queues) and the
 * Prometheus metrics of GET /metrics behind METRICS_TOKEN (request durations by route pattern and
 * status, queues, pool, export durations, process metrics).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { openDatabase, readJournal } from '../../src/server/db/client';
import { exportWorkerOf } from '../../src/server/resources/exports';
import { createTestApp, type TestApp } from './support';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let testApp: TestApp;
let metricsContext: AppContext;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await testApp.login('admin');
  // The test app's own export worker stays idle: this app's worker runs the export below.
  testApp.context.config.exportWorker = false;
  metricsContext = {
    ...testApp.context,
    config: { ...testApp.context.config, exportWorker: true, metricsToken: TOKEN },
  };
  app = await buildApp(metricsContext);
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await testApp?.close();
});

const scrape = async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
};

/** The value of the sample whose name and labels start `prefix` (labels in prom-client's order). */
function sample(text: string, prefix: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  if (!line) throw new Error(`no sample ${prefix} in:\n${text.slice(0, 2000)}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is a 404 without METRICS_TOKEN, and a 401 without the token or with another', async () => {
    const off = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ detail: messages.common.notFound });
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-0000', TOKEN, `Basic ${TOKEN}`]) {
      const refused = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: messages.operations.metricsUnauthorized });
      expect(refused.body).not.toContain('extranet_');
    }
  });

  it('times requests by route pattern and status, never by URL', async () => {
    const id = 987654;
    for (let index = 0; index < 3; index++)
      expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    const missing = await app.inject({
      method: 'GET',
      url: `/api/office/${id}/`,
      headers: { authorization: admin },
    });
    expect(missing.statusCode).toBe(404);
    await app.inject({ method: 'GET', url: `/api/no-such-thing-${id}/` });
    const text = await scrape();
    expect(
      sample(
        text,
        'extranet_http_request_duration_seconds_count{method="GET",route="/api/health/",status="200"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'extranet_http_request_duration_seconds_count{method="GET",route="/api/office/:id/",status="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'extranet_http_request_duration_seconds_count{method="GET",route="no_route",status="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(String(id));
  });

  it('reports the pool, the process and both job queues (length and oldest age)', async () => {
    const before = await scrape();
    expect(sample(before, 'extranet_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(before, 'extranet_db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(before, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(before, 'extranet_job_queue_length{queue="exports",status="pending"}')).toBe(0);
    expect(sample(before, 'extranet_job_queue_length{queue="receipt_reading",status="pending"}')).toBe(0);

    const hash = randomUUID().replaceAll('-', '');
    // No worker takes the job while it is looked at.
    metricsContext.config.exportWorker = false;
    await testApp.context.db.execute(sql`
      insert into export_jobs (hash, kind, owner_id, filters, row_limit, status, created_at)
      select ${hash}, 'office', id, '{}'::jsonb, 1000, 'pending', now() - interval '2 hours'
      from users where username = 'admin'`);
    try {
      // Readiness: a pending job older than READY_JOB_WAIT_SECONDS (1800 s by default).
      const stuck = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(stuck.statusCode).toBe(503);
      const body = stuck.json<{ status: string; reasons: string[] }>();
      expect(body.status).toBe('not_ready');
      expect(body.reasons).toHaveLength(1);
      expect(body.reasons[0]).toMatch(/^La cola de exports tiene un trabajo pendiente desde hace 72\d\d s/);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the scrape's 1 s snapshot
      const after = await scrape();
      expect(sample(after, 'extranet_job_queue_length{queue="exports",status="pending"}')).toBe(1);
      expect(
        sample(after, 'extranet_job_queue_oldest_seconds{queue="exports",status="pending"}'),
      ).toBeGreaterThan(7190);
    } finally {
      await testApp.context.db.execute(sql`delete from export_jobs where hash = ${hash}`);
      metricsContext.config.exportWorker = true;
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('times the exports this instance runs, by kind and outcome', async () => {
    const started = await app.inject({
      method: 'GET',
      url: '/api/office_report/',
      headers: { authorization: admin },
    });
    expect(started.statusCode, started.body).toBe(200);
    const deadline = Date.now() + 60_000;
    for (;;) {
      exportWorkerOf(metricsContext)?.wake();
      await exportWorkerOf(metricsContext)?.idle();
      const text = await scrape();
      if (text.includes('extranet_export_duration_seconds_count{kind="offices",outcome="ok"} 1')) break;
      if (Date.now() > deadline) throw new Error(`no export duration:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('GET /api/health/ready', () => {
  it('is ready on a migrated database with no stuck job, and /api/health/ keeps its answer', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', reasons: [] });
    const health = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.json()).toMatchObject({ status: 'ok', migration: readJournal().at(-1)?.tag });
  });

  it("names the missing migration when the database lacks this version's newest", async () => {
    const newest = readJournal().at(-1);
    if (!newest) throw new Error('no migration journal');
    await testApp.context.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest.when}`,
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ reasons: string[] }>().reasons).toEqual([
        expect.stringContaining(`y esta versión espera ${newest.tag}`),
      ]);
    } finally {
      await testApp.context.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest.when - 1}`,
      );
    }
  });

  it('is a 503 naming the database when it does not answer', async () => {
    const closedPort = await freePort();
    const handle = await openDatabase({ databaseUrl: `postgres://nadie:clave@127.0.0.1:${closedPort}/nada` });
    const offline = await buildApp({
      ...testApp.context,
      db: handle.db,
      listen: undefined,
      config: { ...testApp.context.config, exportWorker: false },
    });
    try {
      const response = await offline.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        reasons: [expect.stringMatching(/^No se puede consultar la base de datos: .*ECONNREFUSED/)],
      });
    } finally {
      await offline.close();
      await handle.close();
    }
  });
});
